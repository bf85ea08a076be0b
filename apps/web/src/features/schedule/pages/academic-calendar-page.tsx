import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCalendarEvent } from '@portal/contracts/families/schedule';
import {
  ChildModulePage,
  type TChildModulePageProps,
  type TPageChild,
} from '../../../components/module/child-module-page.tsx';
import { QueryState } from '../../../components/module/query-state.tsx';
import { MonthGrid } from '../../../kits/calendar/month-grid.tsx';
import { PeriodNav } from '../../../kits/calendar/period-nav.tsx';
import {
  addMonths,
  daysOfMonth,
  formatDay,
  formatDayRange,
  formatMonth,
  formatTimeOfDay,
  localeFirstDay,
  todayIn,
  useTimeZone,
} from '../../../lib/dates.ts';
import { useGetCalendarEventsQuery } from '../api.ts';
import { CalendarFeed } from '../components/calendar-feed.tsx';
import { KindChip, KindLegend } from '../components/event-kind.tsx';
import { SchoolText, schoolText } from '../../../components/module/school-text.tsx';
import { Bone, Skeleton } from '../../../components/ui/skeleton.tsx';

type TAcademicCalendarPageProps = Omit<TChildModulePageProps, 'children' | 'noChildMessage'>;

/** `/academic-calendar`: the school calendar a month at a time, and subscribing to it. */
export function AcademicCalendarPage(props: TAcademicCalendarPageProps) {
  const { t } = useTranslation('schedule');
  return (
    <ChildModulePage {...props} noChildMessage={t('calendar.noChild')}>
      {(child) => (
        <div className="grid gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(18rem,1fr)]">
          <CalendarMonth child={child} />
          <div>
            <CalendarFeed />
          </div>
        </div>
      )}
    </ChildModulePage>
  );
}

/**
 * The events a day's cell shows: those that start on it, end on it or run across it; a term
 * only on its first and last day (it runs across months of days and would hide the rest).
 */
function eventsOn(events: readonly TCalendarEvent[], date: string): TCalendarEvent[] {
  return events.filter((event) =>
    event.kind === 'term'
      ? date === event.startsOn || date === event.endsOn
      : event.startsOn <= date && date <= event.endsOn,
  );
}

function CalendarMonth({ child }: { child: TPageChild }) {
  const { t, i18n } = useTranslation('schedule');
  const lng = i18n.language;
  const today = todayIn(useTimeZone());
  const [month, setMonth] = useState(today.slice(0, 7));
  const days = daysOfMonth(month);
  const query = useGetCalendarEventsQuery({
    enrollNumber: child.enrollNumber,
    from: days[0] ?? `${month}-01`,
    to: days.at(-1) ?? `${month}-28`,
  });
  const answer = query.currentData;
  const events = useMemo(
    () =>
      [...(answer?.items ?? [])].sort(
        (a, b) => a.startsOn.localeCompare(b.startsOn) || (a.startsAt ?? '').localeCompare(b.startsAt ?? ''),
      ),
    [answer],
  );
  const monthName = formatMonth(month, lng);

  return (
    <div className="min-w-0 space-y-4">
      <PeriodNav
        title={monthName}
        previousLabel={t('calendar.previousMonth')}
        nextLabel={t('calendar.nextMonth')}
        onPrevious={() => setMonth(addMonths(month, -1))}
        onNext={() => setMonth(addMonths(month, 1))}
      />
      {query.isError && !answer ? (
        <QueryState isLoading={false} error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <div aria-busy={!answer}>
            <MonthGrid
              month={month}
              firstDay={localeFirstDay(lng)}
              caption={t('calendar.caption', { month: monthName })}
              today={today}
              onMonthChange={setMonth}
              renderDay={({ date }) =>
                answer ? (
                  <DayEvents events={eventsOn(events, date)} />
                ) : (
                  <Bone className="mt-1 h-3 w-3/4 animate-pulse" />
                )
              }
              legend={<KindLegend />}
            />
          </div>
          <section aria-labelledby="month-events-title" className="space-y-3">
            <h2 id="month-events-title" className="text-lg font-semibold text-slate-900 dark:text-white">
              {t('calendar.listTitle', { month: monthName })}
            </h2>
            {!answer ? (
              <Skeleton className="space-y-2">
                {[0, 1, 2].map((index) => (
                  <Bone key={index} className="h-16 w-full rounded-2xl" />
                ))}
              </Skeleton>
            ) : events.length === 0 ? (
              <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200">
                {t('calendar.empty', { month: monthName })}
              </p>
            ) : (
              <ul className="space-y-2">
                {events.map((event) => (
                  <EventItem key={event.id} event={event} />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}

/** A day's events in its cell: their kinds as chips, and the first title where there is room. */
function DayEvents({ events }: { events: readonly TCalendarEvent[] }) {
  const { t, i18n } = useTranslation('schedule');
  if (events.length === 0) return null;
  const [first] = events;
  const kinds = [...new Set(events.map((event) => event.kind))];
  return (
    <span className="mt-0.5 block">
      <span className="flex flex-wrap gap-0.5" aria-hidden="true">
        {kinds.slice(0, 3).map((kind) => (
          <KindChip key={kind} kind={kind} iconOnly />
        ))}
      </span>
      {first ? (
        <span
          aria-hidden="true"
          className="mt-0.5 line-clamp-2 text-[0.7rem] leading-tight text-slate-700 max-sm:hidden dark:text-slate-200"
        >
          {schoolText(first.title, first.titleAr, i18n.language).text}
        </span>
      ) : null}
      <span className="sr-only">
        {events
          .map(
            (event) =>
              `${t(`kind.${event.kind}`)}: ${schoolText(event.title, event.titleAr, i18n.language).text}`,
          )
          .join('; ')}
      </span>
    </span>
  );
}

/** One event of the month's list: its kind, title, days and times, and what the school says of it. */
function EventItem({ event }: { event: TCalendarEvent }) {
  const { t, i18n } = useTranslation('schedule');
  const lng = i18n.language;
  const when =
    event.startsOn === event.endsOn
      ? formatDay(event.startsOn, lng, { weekday: 'long', day: 'numeric', month: 'long' })
      : formatDayRange(event.startsOn, event.endsOn, lng);
  const times =
    event.startsAt && event.endsAt
      ? `${formatTimeOfDay(event.startsAt, lng)}–${formatTimeOfDay(event.endsAt, lng)}`
      : event.startsAt
        ? formatTimeOfDay(event.startsAt, lng)
        : t('calendar.allDay');
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-start sm:gap-4 dark:border-slate-800 dark:bg-slate-900">
      <span className="sm:w-28 sm:shrink-0">
        <KindChip kind={event.kind} />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900 dark:text-white">
          <SchoolText en={event.title} ar={event.titleAr} />
        </p>
        <p className="text-sm text-slate-600 tabular-nums dark:text-slate-300">
          <time dateTime={event.startsOn}>{when}</time> · {times}
        </p>
        {event.detail || event.detailAr ? (
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-200">
            <SchoolText en={event.detail} ar={event.detailAr} />
          </p>
        ) : null}
      </div>
    </li>
  );
}
