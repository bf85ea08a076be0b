import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CalendarClock, Map as MapIcon, MapPin, Wallet } from 'lucide-react';
import type { TTrip, TTripChild } from '@portal/contracts/families/trips';
import { MENU } from '@portal/contracts/menu';
import { EmptyState } from '../../../components/module/empty-state.tsx';
import { FailureAlert } from '../../../components/module/failure-alert.tsx';
import { PageHeader } from '../../../components/module/page-header.tsx';
import { QueryState } from '../../../components/module/query-state.tsx';
import { SchoolText, schoolText } from '../../../components/module/school-text.tsx';
import { cardBox, chip, chipTone } from '../../../components/module/styles.ts';
import { Button, focusRing } from '../../../components/ui/button.tsx';
import { Bone, Skeleton } from '../../../components/ui/skeleton.tsx';
import { toApiFailure } from '../../../lib/api-error.ts';
import { cx } from '../../../lib/class-names.ts';
import { formatDay, formatFullDateTime, useTimeZone } from '../../../lib/dates.ts';
import { formatMoney } from '../../../lib/money-format.ts';
import { formatNumber } from '../../../lib/numbers.ts';
import { useDecideConsentMutation, useGetTripsQuery } from '../api.ts';

const tone = {
  awaiting: chipTone.due,
  given:
    'bg-emerald-50 text-emerald-900 ring-1 ring-emerald-300 ring-inset dark:bg-emerald-950/50 dark:text-emerald-100 dark:ring-emerald-700',
  refused: chipTone.neutral,
} as const;
const long: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' };

/** Where a trip's fee line is paid: the fee payment page, as the menu names it. */
const FEE_PAGE = MENU.find((entry) => entry.key === 'feePayment')?.path ?? '/feepayment';

/**
 * `/trips`: the school's trips for the family's children (docs/modules.md F5): each trip's day,
 * place and cost, and for each child the consent asked by its deadline (give or refuse), then,
 * for a trip that costs money, the fee line to pay on the fee page.
 */
export function TripsPage({ title, icon }: { title: string; icon?: ReactNode }) {
  const { t, i18n } = useTranslation('trips');
  const query = useGetTripsQuery();
  const answer = query.currentData;
  const body = () => {
    if (query.isError && !answer)
      return <QueryState isLoading={false} error={query.error} onRetry={() => void query.refetch()} />;
    if (!answer)
      return (
        <Skeleton className="space-y-4">
          {[0, 1].map((index) => (
            <div key={index} data-testid="trip-skeleton" className={cx(cardBox, 'space-y-3')}>
              <Bone className="h-5 w-2/3" />
              <Bone className="h-4 w-1/2" />
              <Bone className="h-4 w-5/6" />
              <Bone className="h-16 w-full rounded-2xl" />
            </div>
          ))}
        </Skeleton>
      );
    if (answer.items.length === 0) return <EmptyState icon={MapIcon}>{t('empty')}</EmptyState>;
    const waiting = answer.items.filter(
      (trip) => !trip.deadlinePassed && trip.children.some((child) => child.consent === 'awaiting'),
    ).length;
    return (
      <div className="space-y-4">
        {waiting > 0 ? (
          <p className="rounded-2xl bg-amber-50 p-4 text-amber-900 dark:bg-amber-950/40 dark:text-amber-100">
            {t('waiting', { count: waiting, number: formatNumber(waiting, i18n.language) })}
          </p>
        ) : null}
        <ul className="space-y-4">
          {answer.items.map((trip) => (
            <li key={trip.id}>
              <TripCard trip={trip} />
            </li>
          ))}
        </ul>
      </div>
    );
  };
  return (
    <div className="space-y-6">
      <PageHeader title={title} icon={icon} />
      {body()}
    </div>
  );
}

function TripCard({ trip }: { trip: TTrip }) {
  const { t, i18n } = useTranslation('trips');
  const timeZone = useTimeZone();
  const titleId = `trip-${trip.id}`;
  return (
    <article aria-labelledby={titleId} className={cx(cardBox, 'space-y-4')}>
      <div className="space-y-2">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900 dark:text-slate-50">
          <SchoolText en={trip.title} ar={trip.titleAr} />
        </h2>
        <p className="flex items-start gap-2 text-sm text-slate-700 dark:text-slate-200">
          <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            {t('when', {
              out: formatFullDateTime(trip.departsAt, i18n.language, timeZone),
              back: formatFullDateTime(trip.returnsAt, i18n.language, timeZone),
            })}
          </span>
        </p>
        {trip.place || trip.placeAr ? (
          <p className="flex items-start gap-2 text-sm text-slate-700 dark:text-slate-200">
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <SchoolText en={trip.place} ar={trip.placeAr} />
          </p>
        ) : null}
        <p className="flex items-start gap-2 text-sm font-medium text-slate-800 dark:text-slate-100">
          <Wallet aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {trip.costMinor === 0
            ? t('free')
            : t('cost', { amount: formatMoney(trip.costMinor, trip.currency, i18n.language) })}
        </p>
      </div>
      {trip.description || trip.descriptionAr ? (
        <p className="text-sm text-slate-700 dark:text-slate-200">
          <SchoolText en={trip.description} ar={trip.descriptionAr} />
        </p>
      ) : null}
      <p
        className={cx(
          'text-sm font-medium',
          trip.deadlinePassed ? 'text-slate-600 dark:text-slate-300' : 'text-amber-800 dark:text-amber-200',
        )}
      >
        {trip.deadlinePassed
          ? t('deadlinePassed', { day: formatDay(trip.consentBy, i18n.language, long) })
          : t('consentBy', { day: formatDay(trip.consentBy, i18n.language, long) })}
      </p>
      <ul className="space-y-3">
        {trip.children.map((child) => (
          <li key={child.enrollNumber}>
            <ChildConsent trip={trip} child={child} />
          </li>
        ))}
      </ul>
    </article>
  );
}

function ChildConsent({ trip, child }: { trip: TTrip; child: TTripChild }) {
  const { t, i18n } = useTranslation('trips');
  const [decide, decision] = useDecideConsentMutation();
  const tripName = schoolText(trip.title, trip.titleAr, i18n.language).text;
  const send = (choice: 'give' | 'refuse') =>
    void decide({ id: trip.id, enrollNumber: child.enrollNumber, decision: choice });
  const paid = child.payment === 'paid';
  return (
    <div className="space-y-3 rounded-2xl bg-slate-50 p-4 dark:bg-slate-800/60">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold text-slate-900 dark:text-slate-50">{child.childName}</span>
        <span className={cx(chip, tone[child.consent])}>{t(`state.${child.consent}`)}</span>
      </div>
      {child.payment !== 'none' ? (
        <p className="text-sm text-slate-700 dark:text-slate-200">
          {paid
            ? t('paid')
            : t('toPay', { amount: formatMoney(child.outstandingMinor, trip.currency, i18n.language) })}
        </p>
      ) : null}
      {decision.isError ? <FailureAlert failure={toApiFailure(decision.error)} /> : null}
      <div className="flex flex-wrap gap-2">
        {!trip.deadlinePassed && child.consent !== 'given' ? (
          <Button
            aria-disabled={decision.isLoading}
            aria-label={t('giveFor', { child: child.childName, trip: tripName })}
            onClick={() => send('give')}
          >
            {t('give')}
          </Button>
        ) : null}
        {!trip.deadlinePassed && child.consent !== 'refused' && !paid ? (
          <Button
            variant="secondary"
            aria-disabled={decision.isLoading}
            aria-label={t('refuseFor', { child: child.childName, trip: tripName })}
            onClick={() => send('refuse')}
          >
            {t('refuse')}
          </Button>
        ) : null}
        {child.feeItemId && !paid ? (
          <Link
            to={FEE_PAGE}
            aria-label={t('payFor', { child: child.childName, trip: tripName })}
            className={cx(
              'inline-flex min-h-11 items-center justify-center gap-2 rounded-xl bg-emerald-700 px-4 font-semibold text-white shadow-sm hover:bg-emerald-800',
              focusRing,
            )}
          >
            {t('pay')}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
