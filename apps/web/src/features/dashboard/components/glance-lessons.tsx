import { useTranslation } from 'react-i18next';
import type { THomeGlanceLessons } from '@portal/contracts/home';
import { SchoolText } from '../../../components/module/school-text.tsx';
import { addDays, formatDay, formatTimeOfDay } from '../../../lib/dates.ts';
import { GlanceEmpty } from './glance-part.tsx';

const dayFormat: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'short' };

/** The day of the next lessons in words: today, tomorrow, or the weekday and date. */
export function lessonsDayLabel(
  day: string,
  today: string,
  lng: string,
  t: (key: 'glance.lessons.today' | 'glance.lessons.tomorrow') => string,
): string {
  if (day === today) return t('glance.lessons.today');
  if (day === addDays(today, 1)) return t('glance.lessons.tomorrow');
  return formatDay(day, lng, dayFormat);
}

/**
 * The next lessons: the time each starts, its subject and teacher, as the timetable shows them
 * (times on the school's twelve-hour clock, in the page's language). When today's are over,
 * it says so before the next school day's.
 */
export function GlanceLessons({ next, today }: { next: THomeGlanceLessons; today: string }) {
  const { t, i18n } = useTranslation('dashboard');
  const lng = i18n.language;
  if (next.day === null) return <GlanceEmpty>{t('glance.lessons.empty')}</GlanceEmpty>;
  return (
    <div className="space-y-2">
      {next.day !== today ? <GlanceEmpty>{t('glance.lessons.noneLeftToday')}</GlanceEmpty> : null}
      <ol className="space-y-1.5">
        {next.lessons.map((lesson) => (
          <li key={lesson.id} className="flex items-baseline gap-3 text-sm">
            <span className="w-16 shrink-0 text-slate-600 tabular-nums dark:text-slate-300">
              <time dateTime={lesson.start}>{formatTimeOfDay(lesson.start, lng)}</time>
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-medium break-words text-slate-900 dark:text-white">
                <SchoolText en={lesson.subject} ar={lesson.subjectAr} />
              </span>
              {lesson.teacher ? (
                <span className="block truncate text-xs text-slate-600 dark:text-slate-300">
                  <SchoolText en={lesson.teacher} ar={lesson.teacherAr} />
                </span>
              ) : null}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
