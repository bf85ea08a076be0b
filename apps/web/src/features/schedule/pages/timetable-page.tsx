import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarX2 } from 'lucide-react';
import type { TLesson } from '@portal/contracts/families/schedule';
import {
  ChildModulePage,
  type TChildModulePageProps,
  type TPageChild,
} from '../../../components/module/child-module-page.tsx';
import { QueryState } from '../../../components/module/query-state.tsx';
import { PeriodNav } from '../../../kits/calendar/period-nav.tsx';
import { WeekGrid, type TWeekRow } from '../../../kits/calendar/week-grid.tsx';
import {
  addDays,
  formatDayRange,
  formatTimeOfDay,
  isoWeekday,
  todayIn,
  useTimeZone,
} from '../../../lib/dates.ts';
import { formatNumber } from '../../../lib/numbers.ts';
import { useGetTimetableWeekQuery, type TTimetableWeekAnswer } from '../api.ts';
import { SchoolText } from '../../../components/module/school-text.tsx';
import { Bone, Skeleton } from '../../../components/ui/skeleton.tsx';

type TTimetablePageProps = Omit<TChildModulePageProps, 'children' | 'noChildMessage'>;

/** `/timetable`: the child's lessons, a school week at a time. */
export function TimetablePage(props: TTimetablePageProps) {
  const { t } = useTranslation('schedule');
  return (
    <ChildModulePage {...props} noChildMessage={t('timetable.noChild')}>
      {(child) => <TimetableWeek child={child} />}
    </ChildModulePage>
  );
}

/** The school days of the week an answer is about: seven days from its start, less the weekend. */
function schoolDaysOf(week: TTimetableWeekAnswer): string[] {
  return Array.from({ length: 7 }, (_, index) => addDays(week.weekStart, index)).filter(
    (day) => !week.weekendDays.includes(isoWeekday(day)),
  );
}

function TimetableWeek({ child }: { child: TPageChild }) {
  const { t, i18n } = useTranslation('schedule');
  const lng = i18n.language;
  const today = todayIn(useTimeZone());
  const [date, setDate] = useState(today);
  const query = useGetTimetableWeekQuery({ enrollNumber: child.enrollNumber, date });
  // While another week loads the last one stays (dimmed), so a phone keeps its place in the days.
  const week = query.currentData ?? (query.isFetching ? query.data : undefined);
  const days = useMemo(() => (week ? schoolDaysOf(week) : []), [week]);
  const rows = useMemo(
    () =>
      week ? rowsOf(week.lessons, lng, (n) => t('timetable.period', { number: formatNumber(n, lng) })) : [],
    [week, lng, t],
  );
  const byCell = useMemo(() => {
    const lessons = new Map<string, TLesson[]>();
    for (const lesson of week?.lessons ?? []) {
      const key = `${lesson.date}/${lesson.periodNo}`;
      lessons.set(key, [...(lessons.get(key) ?? []), lesson]);
    }
    return lessons;
  }, [week]);
  const title = days.length > 0 ? formatDayRange(days[0] ?? '', days.at(-1) ?? '', lng) : '';
  const step = (direction: -1 | 1) => setDate(addDays(week?.weekStart ?? date, direction * 7));

  return (
    <div className="space-y-4">
      <PeriodNav
        title={title}
        previousLabel={t('timetable.previousWeek')}
        nextLabel={t('timetable.nextWeek')}
        onPrevious={() => step(-1)}
        onNext={() => step(1)}
      />
      {query.isError && !week ? (
        <QueryState isLoading={false} error={query.error} onRetry={() => void query.refetch()} />
      ) : !week ? (
        <WeekSkeleton />
      ) : week.lessons.length === 0 ? (
        <div className="rounded-3xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center dark:border-slate-700 dark:bg-slate-900">
          <CalendarX2 aria-hidden="true" className="mx-auto size-8 text-slate-400" />
          <p className="mt-3 font-semibold text-slate-900 dark:text-white">{t('timetable.empty')}</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('timetable.emptyBody')}</p>
        </div>
      ) : (
        <div aria-busy={query.isFetching} className={query.isFetching ? 'opacity-60 transition-opacity' : ''}>
          <WeekGrid
            days={days}
            rows={rows}
            today={today}
            caption={t('timetable.caption', { week: title })}
            onStepOut={step}
            renderCell={(day, rowKey) => <LessonCell lessons={byCell.get(`${day}/${rowKey}`) ?? []} />}
          />
        </div>
      )}
    </div>
  );
}

/** A row per period of the week, named by its number and its times. */
function rowsOf(
  lessons: readonly TLesson[],
  lng: string,
  periodName: (periodNo: number) => string,
): TWeekRow[] {
  const periods = new Map<number, TLesson>();
  for (const lesson of lessons) if (!periods.has(lesson.periodNo)) periods.set(lesson.periodNo, lesson);
  return [...periods.values()]
    .sort((a, b) => a.periodNo - b.periodNo)
    .map((lesson) => ({
      key: String(lesson.periodNo),
      header: (
        <>
          <span className="block font-semibold">{periodName(lesson.periodNo)}</span>{' '}
          <span className="block font-normal tabular-nums text-slate-600 dark:text-slate-300">
            <span className="whitespace-nowrap">{formatTimeOfDay(lesson.start, lng)}</span>–
            <span className="whitespace-nowrap">{formatTimeOfDay(lesson.end, lng)}</span>
          </span>
        </>
      ),
    }));
}

/** A period's lesson on a day: subject, teacher and room; nothing when the period is free. */
function LessonCell({ lessons }: { lessons: readonly TLesson[] }) {
  const { t } = useTranslation('schedule');
  if (lessons.length === 0) return <span className="sr-only">{t('timetable.free')}</span>;
  return (
    <ul className="space-y-2">
      {lessons.map((lesson) => (
        <li key={lesson.id} className="rounded-lg bg-indigo-50 p-2 dark:bg-indigo-950/40">
          <p className="font-semibold text-indigo-950 dark:text-indigo-100">
            <SchoolText en={lesson.subject} ar={lesson.subjectAr} />
          </p>
          {lesson.teacher ? (
            <p className="text-xs text-slate-700 dark:text-slate-300">
              <SchoolText en={lesson.teacher} ar={lesson.teacherAr} />
            </p>
          ) : null}
          {lesson.room ? (
            <p className="text-xs text-slate-600 dark:text-slate-400">
              {t('timetable.room', { room: lesson.room })}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The week's shape while it loads: five days of a few periods. */
function WeekSkeleton() {
  return (
    <Skeleton className="overflow-hidden rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="grid grid-cols-[5rem_repeat(1,minmax(0,1fr))] gap-3 p-4 md:grid-cols-[7rem_repeat(5,minmax(0,1fr))]">
        {Array.from({ length: 30 }, (_, index) => (
          <Bone
            key={index}
            className={index % 6 === 0 ? 'h-10 w-16' : index % 6 > 1 ? 'h-14 max-md:hidden' : 'h-14'}
          />
        ))}
      </div>
    </Skeleton>
  );
}
