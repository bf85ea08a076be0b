import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { CalendarCheck, TrendingDown, TrendingUp, type LucideIcon } from 'lucide-react';
import type { TInsights } from '@portal/contracts/families/results';
import { schoolText } from '../../../components/module/school-text.tsx';
import { cx } from '../../../lib/class-names.ts';
import { formatShare } from './insights-format.ts';

type THighlight = TInsights['highlights'][number];
type TTone = 'good' | 'attention' | 'neutral';

const tones: Record<TTone, string> = {
  good: 'border-emerald-200 bg-emerald-50 text-emerald-950 dark:border-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-50',
  attention:
    'border-amber-200 bg-amber-50 text-amber-950 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-50',
  neutral: 'border-slate-200 bg-white text-slate-900 dark:border-slate-800 dark:bg-slate-900 dark:text-white',
};

/** One highlight in words: an icon, what stands out, and why. */
function HighlightCard({
  tone,
  Icon,
  title,
  body,
  mirrored = false,
}: {
  tone: TTone;
  Icon: LucideIcon;
  title: ReactNode;
  body: string;
  /** A trend arrow follows the time axis, which runs right to left in Arabic. */
  mirrored?: boolean;
}) {
  return (
    <li className={cx('flex gap-3 rounded-2xl border p-4', tones[tone])}>
      <Icon aria-hidden="true" className={cx('mt-0.5 size-5 shrink-0', mirrored && 'rtl:-scale-x-100')} />
      <div className="space-y-1">
        <p className="font-semibold">{title}</p>
        <p className="text-sm opacity-90">{body}</p>
      </div>
    </li>
  );
}

/** A subject's name inside a sentence, marked as English when English stands in for Arabic. */
function subjectName(highlight: THighlight, lng: string) {
  const { text, lang } = schoolText(highlight.subject ?? '', highlight.subjectAr ?? '', lng);
  return { text, element: <bdi lang={lang} /> };
}

/**
 * What stands out, in words: subjects improving or needing attention (10 points or more
 * against their earlier months), and the year's attendance.
 */
export function InsightsHighlights({
  highlights,
  attendanceRate,
}: Pick<TInsights, 'highlights' | 'attendanceRate'>) {
  const { t, i18n } = useTranslation('insights');
  const lng = i18n.language;
  const subjects = highlights.filter((item) => item.kind === 'improving' || item.kind === 'declining');
  const low = highlights.some((item) => item.kind === 'attendanceLow');
  const high = highlights.some((item) => item.kind === 'attendanceHigh');
  if (subjects.length === 0 && attendanceRate === null) return null;
  const rate = attendanceRate === null ? '' : formatShare(attendanceRate, lng);
  return (
    <section aria-labelledby="insights-highlights-title" className="space-y-3">
      <h2 id="insights-highlights-title" className="font-semibold text-slate-900 dark:text-white">
        {t('highlights.title')}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {subjects.map((item) => {
          const improving = item.kind === 'improving';
          const name = subjectName(item, lng);
          return (
            <HighlightCard
              key={`${item.kind}-${item.subject}`}
              tone={improving ? 'good' : 'attention'}
              Icon={improving ? TrendingUp : TrendingDown}
              mirrored
              title={
                <Trans
                  t={t}
                  i18nKey={improving ? 'highlights.improving' : 'highlights.declining'}
                  values={{ subject: name.text }}
                  components={{ subject: name.element }}
                />
              }
              body={t(improving ? 'highlights.improvingBody' : 'highlights.decliningBody')}
            />
          );
        })}
        {attendanceRate !== null ? (
          <HighlightCard
            tone={low ? 'attention' : high ? 'good' : 'neutral'}
            Icon={CalendarCheck}
            title={t('highlights.attendance', { rate })}
            body={t(
              low
                ? 'highlights.attendanceLow'
                : high
                  ? 'highlights.attendanceHigh'
                  : 'highlights.attendanceSteady',
            )}
          />
        ) : null}
      </ul>
    </section>
  );
}
