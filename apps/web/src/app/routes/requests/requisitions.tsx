import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CalendarClock, Bus } from 'lucide-react';
import type { TAppointment } from '@portal/contracts/families/appointments';
import type { TTrip, TTripChild } from '@portal/contracts/families/trips';
import { schoolText } from '../../../components/module/school-text.tsx';
import { cardBox } from '../../../components/module/styles.ts';
import { textLink } from '../../../components/ui/button.tsx';
import { formatDay, formatFullDateTime, hasEnded, useTimeZone } from '../../../lib/dates.ts';
import { useGetAppointmentsQuery } from '../../../features/appointments/api.ts';
import { CardGroup } from '../../../features/requests/components/list-states.tsx';
import { childChip } from '../../../features/requests/components/request-card.tsx';
import {
  RequisitionsPage,
  type TRequisitionsPageProps,
} from '../../../features/requests/pages/requisitions-page.tsx';
import { useGetTripsQuery } from '../../../features/trips/api.ts';

type TConsentLine = { trip: TTrip; child: TTripChild };

/** A trip consent or a booking as a line of the hub: what, for whom, when, and where to act. */
function HubLine({
  icon: Icon,
  title,
  childName,
  when,
  state,
  to,
  action,
}: {
  icon: typeof Bus;
  title: string;
  childName: string;
  when: string;
  state: string;
  to: string;
  action: string;
}) {
  return (
    <li className={cardBox}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1.5">
          <p className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
            <Icon aria-hidden="true" className="size-4 shrink-0 text-purple-700 dark:text-purple-300" />
            <span className="break-words">{title}</span>
          </p>
          <span className={childChip}>{childName}</span>
          <p className="text-sm text-slate-700 dark:text-slate-300">{when}</p>
        </div>
        <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-100">
          {state}
        </span>
      </div>
      <Link to={to} className={`${textLink} mt-3 inline-block`}>
        {action}
      </Link>
    </li>
  );
}

type THubLines = {
  /** Trips waiting for the parent's consent to a child, before their deadline. */
  awaiting: TConsentLine[];
  /** Consents given or refused. */
  decided: TConsentLine[];
  /** Appointments booked and not over yet. */
  booked: TAppointment[];
  /** Every list asked for has answered (or failed: the hub then shows the requests alone). */
  settled: boolean;
};

/**
 * The hub's bookings and consents (docs/modules.md F5, "requisitions: all kinds, appointments,
 * consents"), read from the trips and appointments pages' own lists, for the modules the
 * school grants.
 */
function useHubLines(trips: boolean, appointments: boolean): THubLines {
  const tripList = useGetTripsQuery(undefined, { skip: !trips });
  const appointmentList = useGetAppointmentsQuery(undefined, { skip: !appointments });
  const consents: TConsentLine[] = (tripList.currentData?.items ?? []).flatMap((trip) =>
    trip.children.map((child) => ({ trip, child })),
  );
  return {
    awaiting: consents.filter(({ trip, child }) => child.consent === 'awaiting' && !trip.deadlinePassed),
    decided: consents.filter(({ child }) => child.consent !== 'awaiting'),
    booked: (appointmentList.currentData?.items ?? []).filter(
      (item) => item.status === 'booked' && !hasEnded(item.slot.endsAt),
    ),
    settled: !tripList.isLoading && !appointmentList.isLoading,
  };
}

/** How many lines the hub shows beside the requests. */
const hubLineCount = (lines: THubLines) => lines.awaiting.length + lines.decided.length + lines.booked.length;

/**
 * Trips that wait for the parent's consent first ("Needs you"), then the appointments booked
 * ahead and the consents given or refused, each opening the page where it is acted on.
 */
function HubBookings({ lines }: { lines: THubLines }) {
  const { t, i18n } = useTranslation('requisitions');
  const timeZone = useTimeZone();
  const lng = i18n.language;
  const { awaiting, decided, booked } = lines;

  const tripLine = ({ trip, child }: TConsentLine) => (
    <HubLine
      key={`${trip.id}:${child.enrollNumber}`}
      icon={Bus}
      title={schoolText(trip.title, trip.titleAr, lng).text}
      childName={child.childName}
      when={
        child.consent === 'awaiting'
          ? t('hub.consentBy', { day: formatDay(trip.consentBy, lng, { day: 'numeric', month: 'long' }) })
          : t('hub.departs', { at: formatFullDateTime(trip.departsAt, lng, timeZone) })
      }
      state={t(`hub.consent.${child.consent}`)}
      to="/trips"
      action={child.consent === 'awaiting' ? t('hub.giveConsent') : t('hub.openTrips')}
    />
  );

  return (
    <>
      {awaiting.length > 0 ? (
        <CardGroup id="requests-consents" title={t('groups.consents')}>
          {awaiting.map(tripLine)}
        </CardGroup>
      ) : null}
      {booked.length > 0 || decided.length > 0 ? (
        <CardGroup id="requests-bookings" title={t('groups.bookings')}>
          {booked.map((item) => (
            <HubLine
              key={item.id}
              icon={CalendarClock}
              title={t('hub.meeting', {
                name: `\u2068${schoolText(item.staffName, item.staffNameAr, lng).text}\u2069`,
              })}
              childName={item.childName}
              when={formatFullDateTime(item.slot.startsAt, lng, timeZone)}
              state={t('hub.booked')}
              to="/appointment-list"
              action={t('hub.openAppointments')}
            />
          ))}
          {decided.map(tripLine)}
        </CardGroup>
      ) : null}
    </>
  );
}

/**
 * `/view-requisition` as the app composes it: the requests family's hub with the bookings and
 * consents of the appointments and trips families, for the modules the school grants.
 */
export function RequisitionsRoute(props: TRequisitionsPageProps) {
  const lines = useHubLines(props.canOpen?.('trips') ?? false, props.canOpen?.('appointments') ?? false);
  return (
    <RequisitionsPage
      {...props}
      extra={{ ready: lines.settled, count: hubLineCount(lines), content: <HubBookings lines={lines} /> }}
    />
  );
}
