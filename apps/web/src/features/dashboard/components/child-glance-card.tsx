import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TChild } from '@portal/contracts/auth';
import type { THomeGlanceChild, THomeGlancePart } from '@portal/contracts/home';
import { focusRing } from '../../../components/ui/button.tsx';
import { cx } from '../../../lib/class-names.ts';
import { formatMonth } from '../../../lib/dates.ts';
import { gradeName, sectionName } from '../../../lib/local-names.ts';
import { ChildAvatar } from './child-avatar.tsx';
import { GlanceAttendance } from './glance-attendance.tsx';
import { GlanceLessons, lessonsDayLabel } from './glance-lessons.tsx';
import { GlancePart, type TGlanceModule, type TGlancePartState } from './glance-part.tsx';
import { GlanceResults } from './glance-results.tsx';

/** Where a part of this child's glance stands, or null when it is not shown (its module not opened). */
export type TPartStateOf = <P extends THomeGlancePart>(
  part: P,
) => TGlancePartState<NonNullable<THomeGlanceChild[P]>> | null;

interface TChildGlanceCardProps {
  child: TChild;
  /** The school's today. */
  today: string;
  /** The module each part links to; null when the parent may not open it. */
  moduleOf: (part: THomeGlancePart) => TGlanceModule | null;
  stateOf: TPartStateOf;
  onRetry: () => void;
  /** The page about the child, when the parent may open one. */
  childPath: string | null;
  /** What the parent can do about the child here (change the photo). */
  action?: ReactNode;
}

/** One child today at a glance: who they are, then the attendance, the next lessons and the latest results. */
export function ChildGlanceCard({
  child,
  today,
  moduleOf,
  stateOf,
  onRetry,
  childPath,
  action,
}: TChildGlanceCardProps) {
  const { t, i18n } = useTranslation('dashboard');
  const lng = i18n.language;
  const nameId = useId();
  const name = child.sims_student_full_name;
  const who = { enrollNumber: child.sims_student_enroll_number, name };
  const attendance = stateOf('attendance');
  const lessons = stateOf('nextLessons');
  const results = stateOf('latestResults');
  const attendanceModule = moduleOf('attendance');
  const lessonsModule = moduleOf('nextLessons');
  const resultsModule = moduleOf('latestResults');
  return (
    <article
      aria-labelledby={nameId}
      className="flex h-full min-w-0 flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center gap-x-3">
        <ChildAvatar
          src={child.sims_student_img}
          name={name}
          alt={t('children.photoAlt', { name })}
          className="size-12"
        />
        <div className="min-w-0 flex-1">
          <h3 id={nameId} className="text-base font-semibold break-words text-slate-900 dark:text-white">
            {childPath ? (
              <Link
                to={`${childPath}?${new URLSearchParams({ enrollNumber: who.enrollNumber }).toString()}`}
                className={cx(
                  'rounded hover:text-purple-700 hover:underline dark:hover:text-purple-300',
                  focusRing,
                )}
              >
                {name}
              </Link>
            ) : (
              name
            )}
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {t('children.gradeSection', { grade: gradeName(child, lng), section: sectionName(child, lng) })}
          </p>
        </div>
        {action}
      </div>
      {attendance && attendanceModule ? (
        <GlancePart
          module={attendanceModule}
          child={who}
          title={t('glance.attendance.title')}
          subtitle={formatMonth(today.slice(0, 7), lng)}
          state={attendance}
          onRetry={onRetry}
        >
          {(value) => <GlanceAttendance attendance={value} />}
        </GlancePart>
      ) : null}
      {lessons && lessonsModule ? (
        <GlancePart
          module={lessonsModule}
          child={who}
          title={t('glance.lessons.title')}
          subtitle={
            lessons.status === 'ready' && lessons.value.day
              ? lessonsDayLabel(lessons.value.day, today, lng, t)
              : undefined
          }
          state={lessons}
          onRetry={onRetry}
        >
          {(value) => <GlanceLessons next={value} today={today} />}
        </GlancePart>
      ) : null}
      {results && resultsModule ? (
        <GlancePart
          module={resultsModule}
          child={who}
          title={t('glance.results.title')}
          state={results}
          onRetry={onRetry}
        >
          {(value) => <GlanceResults results={value} />}
        </GlancePart>
      ) : null}
    </article>
  );
}
