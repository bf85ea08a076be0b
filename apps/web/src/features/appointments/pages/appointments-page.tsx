import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarClock, ChevronLeft, ChevronRight, MapPin, UserRound, Video } from 'lucide-react';
import {
  MAX_APPOINTMENT_TOPIC_LENGTH,
  type TAppointment,
  type TAppointmentStaff,
  type TSlot,
} from '@portal/contracts/families/appointments';
import { ChildModulePage, type TPageChild } from '../../../components/module/child-module-page.tsx';
import { DownloadButton } from '../../../components/module/download-button.tsx';
import { EmptyState } from '../../../components/module/empty-state.tsx';
import { FailureAlert } from '../../../components/module/failure-alert.tsx';
import { QueryState } from '../../../components/module/query-state.tsx';
import { SchoolText } from '../../../components/module/school-text.tsx';
import { cardBox, chip, chipTone } from '../../../components/module/styles.ts';
import { Button, focusRing } from '../../../components/ui/button.tsx';
import { LongTextField } from '../../../components/ui/long-text-field.tsx';
import { Bone, Skeleton } from '../../../components/ui/skeleton.tsx';
import { toApiFailure } from '../../../lib/api-error.ts';
import { cx } from '../../../lib/class-names.ts';
import {
  addDays,
  formatDay,
  formatFullDateTime,
  todayIn,
  useTimeZone,
  weekStartOf,
} from '../../../lib/dates.ts';
import { numberLocaleOf } from '../../../lib/numbers.ts';
import {
  appointmentIcsPath,
  useBookAppointmentMutation,
  useCancelAppointmentMutation,
  useGetAppointmentSlotsQuery,
  useGetAppointmentStaffQuery,
  useGetAppointmentsQuery,
} from '../api.ts';

const tone = {
  booked:
    'bg-emerald-50 text-emerald-900 ring-1 ring-emerald-300 ring-inset dark:bg-emerald-950/50 dark:text-emerald-100 dark:ring-emerald-700',
  cancelled: chipTone.neutral,
} as const;
/** The school week shown: Monday to Friday (docs/modules.md F5, "slot picker by week"). */
const WEEK_DAYS = 5;
/** How many weeks ahead a parent may look. */
const WEEKS_AHEAD = 3;

/** The school day of an instant, on the school's clock. */
const dayIn = (iso: string, timeZone: string) => todayIn(timeZone, new Date(iso));

function timeOf(iso: string, lng: string, timeZone: string): string {
  return new Intl.DateTimeFormat(numberLocaleOf(lng), {
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(new Date(iso));
}

/**
 * `/appointment-list`: book a meeting with one of the child's teachers (docs/modules.md F5): the
 * child (the header's switcher), a teacher who teaches or cares for them, a free time in a
 * school week, a topic; then the family's appointments, each to cancel (until 12 hours before)
 * or to add to a calendar (.ics).
 */
export function AppointmentsPage({
  title,
  icon,
  child,
}: {
  title: string;
  icon?: ReactNode;
  child: TPageChild | null;
}) {
  const { t } = useTranslation('appointments');
  return (
    <ChildModulePage
      title={title}
      icon={icon}
      child={child}
      noChildMessage={t('noChild')}
      intro={<p className="max-w-prose text-slate-700 dark:text-slate-300">{t('intro')}</p>}
    >
      {(current) => (
        <div className="space-y-6">
          <Booking child={current} />
          <AppointmentList />
        </div>
      )}
    </ChildModulePage>
  );
}

function Booking({ child }: { child: TPageChild }) {
  const { t } = useTranslation('appointments');
  const staff = useGetAppointmentStaffQuery(child.enrollNumber);
  const [staffId, setStaffId] = useState<string | null>(null);
  const answer = staff.currentData;
  const body = () => {
    if (staff.isError && !answer)
      return <QueryState isLoading={false} error={staff.error} onRetry={() => void staff.refetch()} />;
    if (!answer)
      return (
        <Skeleton className="grid gap-2 sm:grid-cols-2">
          <span data-testid="staff-skeleton" className="sr-only" />
          {[0, 1, 2, 3].map((index) => (
            <Bone key={index} className="h-16 rounded-2xl" />
          ))}
        </Skeleton>
      );
    const offering = answer.staff.filter((member) => member.freeSlots > 0);
    if (offering.length === 0)
      return <p className="text-slate-700 dark:text-slate-200">{t('noStaff', { child: child.name })}</p>;
    const chosen = offering.find((member) => member.id === staffId) ?? null;
    return (
      <div className="space-y-5">
        <fieldset>
          <legend className="mb-2 font-semibold text-slate-900 dark:text-slate-50">{t('pickTeacher')}</legend>
          <ul className="grid gap-2 sm:grid-cols-2">
            {offering.map((member) => (
              <li key={member.id}>
                <StaffChoice
                  member={member}
                  chosen={member.id === chosen?.id}
                  onChoose={() => setStaffId(member.id)}
                />
              </li>
            ))}
          </ul>
        </fieldset>
        {chosen ? <WeekPicker key={chosen.id} child={child} member={chosen} /> : null}
      </div>
    );
  };
  return (
    <section aria-labelledby="book-heading" className={cx(cardBox, 'space-y-4')}>
      <h2 id="book-heading" className="text-lg font-semibold text-slate-900 dark:text-slate-50">
        {t('bookHeading', { child: child.name })}
      </h2>
      {body()}
    </section>
  );
}

function StaffChoice({
  member,
  chosen,
  onChoose,
}: {
  member: TAppointmentStaff;
  chosen: boolean;
  onChoose: () => void;
}) {
  const { t } = useTranslation('appointments');
  return (
    <button
      type="button"
      aria-pressed={chosen}
      onClick={onChoose}
      className={cx(
        'flex min-h-11 w-full items-start gap-3 rounded-2xl border p-3 text-start',
        chosen
          ? 'border-purple-600 bg-purple-50 dark:border-purple-400 dark:bg-purple-950/40'
          : 'border-slate-200 bg-white hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800',
        focusRing,
      )}
    >
      <UserRound aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500 dark:text-slate-400" />
      <span className="space-y-0.5">
        <span className="block font-semibold text-slate-900 dark:text-slate-50">
          <SchoolText en={member.name} ar={member.nameAr} />
        </span>
        <span className="block text-sm text-slate-700 dark:text-slate-300">
          <SchoolText en={member.title} ar={member.titleAr} />
        </span>
        <span className="block text-sm text-slate-600 dark:text-slate-400">
          {t('freeSlots', { count: member.freeSlots })}
        </span>
      </span>
    </button>
  );
}

function WeekPicker({ child, member }: { child: TPageChild; member: TAppointmentStaff }) {
  const { t, i18n } = useTranslation('appointments');
  const timeZone = useTimeZone();
  const firstWeek = weekStartOf(todayIn(timeZone), 1);
  const [week, setWeek] = useState(firstWeek);
  const [slotId, setSlotId] = useState<string | null>(null);
  const [topic, setTopic] = useState('');
  const [topicError, setTopicError] = useState<string | null>(null);
  const [book, booking] = useBookAppointmentMutation();
  const days = Array.from({ length: WEEK_DAYS }, (_, index) => addDays(week, index));
  const slots = useGetAppointmentSlotsQuery({ staffId: member.id, from: week, to: addDays(week, 6) });
  const lastWeek = addDays(firstWeek, 7 * WEEKS_AHEAD);
  const answer = slots.currentData;
  const byDay = new Map<string, TSlot[]>(days.map((day) => [day, []]));
  for (const slot of answer?.slots ?? []) byDay.get(dayIn(slot.startsAt, timeZone))?.push(slot);
  const chosen = answer?.slots.find((slot) => slot.id === slotId) ?? null;
  const dayLabel = (day: string) =>
    formatDay(day, i18n.language, { weekday: 'long', day: 'numeric', month: 'long' });
  const submit = async () => {
    if (!chosen) return;
    if (topic.trim() === '') {
      setTopicError(t('topicNeeded'));
      return;
    }
    setTopicError(null);
    const result = await book({ slotId: chosen.id, enrollNumber: child.enrollNumber, topic: topic.trim() });
    if ('data' in result) {
      setSlotId(null);
      setTopic('');
    }
  };
  const weekLabel = t('week', { from: dayLabel(week), to: dayLabel(addDays(week, WEEK_DAYS - 1)) });
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-slate-900 dark:text-slate-50" aria-live="polite">
          {weekLabel}
        </h3>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            disabled={week <= firstWeek}
            onClick={() => setWeek(addDays(week, -7))}
            aria-label={t('previousWeek')}
          >
            <ChevronLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
          </Button>
          <Button
            variant="secondary"
            disabled={week >= lastWeek}
            onClick={() => setWeek(addDays(week, 7))}
            aria-label={t('nextWeek')}
          >
            <ChevronRight aria-hidden="true" className="size-4 rtl:rotate-180" />
          </Button>
        </div>
      </div>
      {slots.isError && !answer ? (
        <QueryState isLoading={false} error={slots.error} onRetry={() => void slots.refetch()} />
      ) : !answer ? (
        <Skeleton className="grid gap-3 md:grid-cols-5">
          <span data-testid="slots-skeleton" className="sr-only" />
          {days.map((day) => (
            <Bone key={day} className="h-32 rounded-2xl" />
          ))}
        </Skeleton>
      ) : answer.slots.length === 0 ? (
        <p className="rounded-2xl bg-slate-50 p-4 text-slate-700 dark:bg-slate-800/60 dark:text-slate-200">
          {t('noSlotsThisWeek')}
        </p>
      ) : (
        <ol className="grid gap-3 md:grid-cols-5">
          {days.map((day) => {
            const ofDay = byDay.get(day) ?? [];
            return (
              <li key={day} className="rounded-2xl bg-slate-50 p-3 dark:bg-slate-800/60">
                <h4 className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-100">
                  {dayLabel(day)}
                </h4>
                {ofDay.length === 0 ? (
                  <p className="text-sm text-slate-600 dark:text-slate-400">{t('noSlotsThisDay')}</p>
                ) : (
                  <ul className="flex flex-wrap gap-2 md:flex-col">
                    {ofDay.map((slot) => (
                      <li key={slot.id}>
                        <button
                          type="button"
                          aria-pressed={slot.id === slotId}
                          aria-label={t('slotLabel', {
                            day: dayLabel(day),
                            time: timeOf(slot.startsAt, i18n.language, timeZone),
                          })}
                          onClick={() => setSlotId(slot.id)}
                          className={cx(
                            'inline-flex min-h-11 w-full items-center justify-center gap-1 rounded-xl border px-3 text-sm font-semibold',
                            slot.id === slotId
                              ? 'border-purple-700 bg-purple-600 text-white'
                              : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-700',
                            focusRing,
                          )}
                        >
                          {slot.mode === 'video' ? <Video aria-hidden="true" className="size-4" /> : null}
                          {timeOf(slot.startsAt, i18n.language, timeZone)}
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {chosen ? (
        <div className="space-y-3 rounded-2xl border border-purple-200 p-4 dark:border-purple-800">
          <p className="font-medium text-slate-900 dark:text-slate-50">
            {t('chosen', { when: formatFullDateTime(chosen.startsAt, i18n.language, timeZone) })}
          </p>
          <LongTextField
            label={t('topic')}
            hint={t('topicHint')}
            value={topic}
            onChange={setTopic}
            max={MAX_APPOINTMENT_TOPIC_LENGTH}
            error={topicError}
            rows={3}
          />
          {booking.isError ? <FailureAlert failure={toApiFailure(booking.error)} /> : null}
          <Button aria-disabled={booking.isLoading} onClick={() => void submit()}>
            {t('book')}
          </Button>
        </div>
      ) : null}
      {booking.isSuccess && !chosen ? (
        <p
          role="status"
          className="rounded-2xl bg-emerald-50 p-4 text-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-100"
        >
          {t('booked')}
        </p>
      ) : null}
    </div>
  );
}

function AppointmentList() {
  const { t } = useTranslation('appointments');
  const query = useGetAppointmentsQuery();
  const answer = query.currentData;
  const body = () => {
    if (query.isError && !answer)
      return <QueryState isLoading={false} error={query.error} onRetry={() => void query.refetch()} />;
    if (!answer)
      return (
        <Skeleton className="space-y-3">
          <span data-testid="appointments-skeleton" className="sr-only" />
          {[0, 1].map((index) => (
            <div key={index} className={cx(cardBox, 'space-y-3')}>
              <Bone className="h-5 w-1/2" />
              <Bone className="h-4 w-2/3" />
              <Bone className="h-4 w-1/3" />
            </div>
          ))}
        </Skeleton>
      );
    if (answer.items.length === 0) return <EmptyState icon={CalendarClock}>{t('empty')}</EmptyState>;
    return (
      <ul className="space-y-3">
        {answer.items.map((item) => (
          <li key={item.id}>
            <AppointmentCard appointment={item} />
          </li>
        ))}
      </ul>
    );
  };
  return (
    <section aria-labelledby="appointments-heading" className="space-y-3">
      <h2 id="appointments-heading" className="text-lg font-semibold text-slate-900 dark:text-slate-50">
        {t('listHeading')}
      </h2>
      {body()}
    </section>
  );
}

function AppointmentCard({ appointment }: { appointment: TAppointment }) {
  const { t, i18n } = useTranslation('appointments');
  const timeZone = useTimeZone();
  const [cancel, cancelling] = useCancelAppointmentMutation();
  const headingId = `appointment-${appointment.id}`;
  const when = formatFullDateTime(appointment.slot.startsAt, i18n.language, timeZone);
  return (
    <article aria-labelledby={headingId} className={cx(cardBox, 'space-y-3')}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold text-slate-900 dark:text-slate-50">
          {t('with')} <SchoolText en={appointment.staffName} ar={appointment.staffNameAr} />
        </h3>
        <span className={cx(chip, tone[appointment.status])}>{t(`status.${appointment.status}`)}</span>
      </div>
      <p className="flex items-start gap-2 text-sm text-slate-700 dark:text-slate-200">
        <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          {when} · {appointment.childName}
        </span>
      </p>
      {appointment.slot.location || appointment.slot.locationAr ? (
        <p className="flex items-start gap-2 text-sm text-slate-700 dark:text-slate-200">
          {appointment.slot.mode === 'video' ? (
            <Video aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          ) : (
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          )}
          <SchoolText en={appointment.slot.location} ar={appointment.slot.locationAr} />
        </p>
      ) : null}
      <p className="text-sm text-slate-700 dark:text-slate-200" dir="auto">
        <span className="font-medium">{t('topic')}:</span> {appointment.topic}
      </p>
      {cancelling.isError ? <FailureAlert failure={toApiFailure(cancelling.error)} /> : null}
      {appointment.status === 'booked' ? (
        <div className="flex flex-wrap items-start gap-2">
          <DownloadButton
            variant="button"
            url={appointmentIcsPath(appointment.id)}
            fallbackName={`appointment-${appointment.id}.ics`}
            label={t('addToCalendar')}
            hiddenLabel={t('addToCalendarFor', { when })}
          />
          {appointment.cancellable ? (
            <Button
              variant="secondary"
              aria-disabled={cancelling.isLoading}
              aria-label={t('cancelFor', { when })}
              onClick={() => void cancel(appointment.id)}
            >
              {t('cancel')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
