import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleAlert } from 'lucide-react';
import type { TAttendanceDay, TDayStatus } from '@portal/contracts/families/schedule';
import {
  ChildModulePage,
  type TChildModulePageProps,
  type TPageChild,
} from '../../../components/module/child-module-page.tsx';
import { QueryState } from '../../../components/module/query-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { MonthGrid } from '../../../kits/calendar/month-grid.tsx';
import { PeriodNav } from '../../../kits/calendar/period-nav.tsx';
import { cx } from '../../../lib/class-names.ts';
import {
  addMonths,
  firstDayOfWeek,
  formatDay,
  formatMonth,
  formatTimeOfDay,
  isoWeekday,
  todayIn,
  useTimeZone,
} from '../../../lib/dates.ts';
import { useGetAttendanceMonthQuery } from '../api.ts';
import { AttendanceSummary } from '../components/attendance-summary.tsx';
import { AttendanceLegend, DayStatusIcon, dayStatusLook } from '../components/day-status.tsx';
import { ExplainAbsence } from '../components/explain-absence.tsx';
import { SchoolText } from '../../../components/module/school-text.tsx';
import { Bone } from '../../../components/ui/skeleton.tsx';

type TAttendancePageProps = Omit<TChildModulePageProps, 'children' | 'noChildMessage'> & {
  /** Whether the parent may open another module: "Explain" then offers the leave form. */
  canOpen?: (moduleKey: string) => boolean;
};

/** `/attendance_month`: a month of the child's attendance, its rate, and absences to explain. */
export function AttendancePage({ canOpen, ...props }: TAttendancePageProps) {
  const { t } = useTranslation('schedule');
  const leave = canOpen?.('studentLeave') ?? false;
  return (
    <ChildModulePage {...props} noChildMessage={t('attendance.noChild')}>
      {(child) => <AttendanceMonth child={child} leave={leave} />}
    </ChildModulePage>
  );
}

/** The ISO weekdays the school marks as its weekend in a month's answer. */
function weekendOf(days: readonly TAttendanceDay[] | undefined): number[] {
  return [
    ...new Set((days ?? []).filter((day) => day.status === 'weekend').map((day) => isoWeekday(day.date))),
  ];
}

function AttendanceMonth({ child, leave }: { child: TPageChild; leave: boolean }) {
  const { t, i18n } = useTranslation('schedule');
  const lng = i18n.language;
  const today = todayIn(useTimeZone());
  const [month, setMonth] = useState(today.slice(0, 7));
  const [selected, setSelected] = useState<string | null>(null);
  const [explaining, setExplaining] = useState<string | null>(null);
  const query = useGetAttendanceMonthQuery({ enrollNumber: child.enrollNumber, month });
  const answer = query.currentData;
  const byDate = useMemo(() => new Map(answer?.days.map((day) => [day.date, day])), [answer]);
  // The last answer's weekend (of any month) keeps the weeks' first day steady between months.
  const weekend = useMemo(() => weekendOf(query.data?.days), [query.data]);
  const monthName = formatMonth(month, lng);
  const recorded = answer?.days.some(
    (day) => day.status !== 'none' && day.status !== 'weekend' && day.status !== 'holiday',
  );
  const unexplained = answer?.days.filter((day) => day.unexplained) ?? [];
  const chosen = selected ? byDate.get(selected) : undefined;

  const changeMonth = (next: string) => {
    setMonth(next);
    setSelected(null);
  };

  return (
    <div className="space-y-6">
      <PeriodNav
        title={monthName}
        previousLabel={t('attendance.previousMonth')}
        nextLabel={t('attendance.nextMonth')}
        onPrevious={() => changeMonth(addMonths(month, -1))}
        onNext={() => changeMonth(addMonths(month, 1))}
      />
      {query.isError && !answer ? (
        <QueryState isLoading={false} error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <AttendanceSummary summary={answer?.summary} />
          {answer && !recorded ? (
            <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200">
              {t('attendance.empty', { month: monthName })}
            </p>
          ) : null}
          <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(16rem,1fr)]">
            <div aria-busy={!answer}>
              <MonthGrid
                month={month}
                firstDay={firstDayOfWeek(weekend, lng)}
                caption={t('attendance.caption', { month: monthName })}
                today={today}
                selected={selected}
                onSelect={setSelected}
                onMonthChange={changeMonth}
                dayClassName={({ date }) => {
                  const day = byDate.get(date);
                  return day ? dayStatusLook[day.status].cell : undefined;
                }}
                renderDay={({ date }) => <DayMark day={byDate.get(date)} loading={!answer} />}
                legend={<AttendanceLegend />}
              />
            </div>
            <div className="space-y-4">
              {chosen ? (
                <DayDetails day={chosen} onExplain={() => setExplaining(chosen.date)} />
              ) : (
                <p className="text-sm text-slate-600 dark:text-slate-300">{t('attendance.chooseDay')}</p>
              )}
              {unexplained.length > 0 ? (
                <section
                  aria-labelledby="unexplained-title"
                  className="space-y-3 rounded-2xl border border-red-200 bg-red-50 p-4 dark:border-red-900 dark:bg-red-950/40"
                >
                  <h3
                    id="unexplained-title"
                    className="flex items-center gap-2 font-semibold text-red-900 dark:text-red-100"
                  >
                    <CircleAlert aria-hidden="true" className="size-5 shrink-0" />
                    {t('attendance.unexplainedTitle')}
                  </h3>
                  <ul className="space-y-2">
                    {unexplained.map((day) => {
                      const label = formatDay(day.date, lng, {
                        weekday: 'long',
                        day: 'numeric',
                        month: 'long',
                      });
                      return (
                        <li key={day.date} className="flex flex-wrap items-center justify-between gap-2">
                          <time dateTime={day.date} className="text-sm text-slate-800 dark:text-slate-100">
                            {label}
                          </time>
                          <Button variant="secondary" onClick={() => setExplaining(day.date)}>
                            {t('attendance.explain')} <span className="sr-only">{label}</span>
                          </Button>
                        </li>
                      );
                    })}
                  </ul>
                </section>
              ) : null}
            </div>
          </div>
        </>
      )}
      <ExplainAbsence
        childName={child.name}
        date={explaining}
        onClose={() => setExplaining(null)}
        leaveHref={
          leave && explaining
            ? `/student-leave?child=${encodeURIComponent(child.enrollNumber)}&absentOn=${explaining}`
            : null
        }
      />
    </div>
  );
}

/** What a day's cell shows under its number: the mark, and its word on wide screens. */
function DayMark({ day, loading }: { day: TAttendanceDay | undefined; loading: boolean }) {
  const { t } = useTranslation('schedule');
  if (loading) return <Bone className="mx-auto mt-1 size-4 animate-pulse motion-reduce:animate-none" />;
  const status: TDayStatus = day?.status ?? 'none';
  return (
    <span className="mt-0.5 flex flex-col items-start gap-0.5 ps-1 sm:ps-0.5">
      <span className="relative">
        <DayStatusIcon status={status} className="size-4 sm:size-5" />
        {day?.unexplained ? (
          <span
            aria-hidden="true"
            className="absolute -end-1.5 -top-1.5 flex size-3 items-center justify-center rounded-full bg-red-600 text-[0.5rem] font-bold text-white dark:bg-red-400 dark:text-slate-950"
          >
            !
          </span>
        ) : null}
      </span>
      <span className={cx('max-sm:sr-only text-xs font-medium', dayStatusLook[status].mark)}>
        {t(`status.${status}`)}
      </span>
      {day?.unexplained ? <span className="sr-only">{t('attendance.unexplained')}</span> : null}
    </span>
  );
}

/** The chosen day: its state, the school's note or holiday, and "Explain" on an unexplained absence. */
function DayDetails({ day, onExplain }: { day: TAttendanceDay; onExplain: () => void }) {
  const { t, i18n } = useTranslation('schedule');
  const label = formatDay(day.date, i18n.language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  return (
    <section
      aria-labelledby="day-details-title"
      aria-live="polite"
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h3 id="day-details-title" className="font-semibold text-slate-900 dark:text-white">
        <time dateTime={day.date}>{label}</time>
      </h3>
      <p className="flex items-center gap-2 text-sm font-medium text-slate-800 dark:text-slate-100">
        <DayStatusIcon status={day.status} className="size-5" />
        {t(`status.${day.status}`)}
      </p>
      {day.status === 'holiday' && (day.holiday || day.holidayAr) ? (
        <p className="text-sm text-slate-700 dark:text-slate-200">
          <SchoolText en={day.holiday} ar={day.holidayAr} />
        </p>
      ) : null}
      {day.arrivedAt ? (
        <p className="text-sm text-slate-700 dark:text-slate-200">
          {t('attendance.arrivedAt', { time: formatTimeOfDay(day.arrivedAt, i18n.language) })}
        </p>
      ) : null}
      {day.note ? (
        <p className="text-sm text-slate-700 dark:text-slate-200">
          {t('attendance.note')} <bdi dir="auto">{day.note}</bdi>
        </p>
      ) : null}
      {day.unexplained ? (
        <>
          <p className="text-sm text-red-800 dark:text-red-200">{t('attendance.unexplainedBody')}</p>
          <Button onClick={onExplain}>{t('attendance.explain')}</Button>
        </>
      ) : null}
    </section>
  );
}
