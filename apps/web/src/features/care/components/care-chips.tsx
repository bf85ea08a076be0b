import { useTranslation } from 'react-i18next';
import { Annoyed, CircleCheck, CircleDot, Frown, Laugh, Meh, Smile, type LucideIcon } from 'lucide-react';
import type { TCareRecord } from '@portal/contracts/families/care';
import { SchoolText } from '../../../components/module/school-text.tsx';
import { cx } from '../../../lib/class-names.ts';
import { formatNumber } from '../../../lib/numbers.ts';

const chip = 'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 font-semibold';
const neutral = 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200';

const severityTone: Record<NonNullable<TCareRecord['severity']>, string> = {
  low: neutral,
  medium:
    'bg-amber-50 text-amber-900 ring-1 ring-amber-300 ring-inset dark:bg-amber-950/50 dark:text-amber-100 dark:ring-amber-700',
  high: 'bg-red-50 text-red-800 ring-1 ring-red-300 ring-inset dark:bg-red-950/50 dark:text-red-100 dark:ring-red-700',
};

/** A wellbeing check-in's score (1 struggling .. 5 thriving): its face and its colours. */
const wellbeingLook: Record<number, { icon: LucideIcon; tone: string }> = {
  1: { icon: Frown, tone: 'bg-red-50 text-red-800 dark:bg-red-950/50 dark:text-red-100' },
  2: { icon: Annoyed, tone: 'bg-orange-50 text-orange-900 dark:bg-orange-950/50 dark:text-orange-100' },
  3: { icon: Meh, tone: 'bg-amber-50 text-amber-900 dark:bg-amber-950/50 dark:text-amber-100' },
  4: { icon: Smile, tone: 'bg-lime-50 text-lime-900 dark:bg-lime-950/50 dark:text-lime-100' },
  5: { icon: Laugh, tone: 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-100' },
};

/** A wellbeing score in words, with its face ("Good, 4 of 5"). */
export function WellbeingScore({ score }: { score: number }) {
  const { t, i18n } = useTranslation('care');
  const look = wellbeingLook[score] ?? wellbeingLook[3];
  if (!look) return null;
  const Icon = look.icon;
  return (
    <span data-score={score} className={cx(chip, look.tone)}>
      <Icon aria-hidden="true" className="size-3.5 shrink-0" />
      {t('wellbeing.score', {
        word: t(`wellbeing.words.${score}`),
        score: formatNumber(score, i18n.language),
        max: formatNumber(5, i18n.language),
      })}
    </span>
  );
}

/** The chips a care record shows beside its kind: points, severity, score, category, open or closed. */
export function CareChips({ record }: { record: TCareRecord }) {
  const { t, i18n } = useTranslation('care');
  const lng = i18n.language;
  const takesComments = record.kind === 'goal' || record.kind === 'improvementPlan';
  return (
    <>
      {record.points !== null ? (
        <span
          className={cx(
            chip,
            'tabular-nums',
            record.points >= 0
              ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-100'
              : 'bg-red-50 text-red-800 dark:bg-red-950/50 dark:text-red-100',
          )}
        >
          {t('record.points', {
            count: Math.abs(record.points),
            number: formatNumber(record.points, lng, { signDisplay: 'exceptZero' }),
          })}
        </span>
      ) : null}
      {record.severity ? (
        <span className={cx(chip, severityTone[record.severity])}>
          {t(`record.severity.${record.severity}`)}
        </span>
      ) : null}
      {record.wellbeingScore !== null ? <WellbeingScore score={record.wellbeingScore} /> : null}
      {record.category || record.categoryAr ? (
        <span className={cx(chip, neutral, 'font-medium')}>
          <SchoolText en={record.category} ar={record.categoryAr} />
        </span>
      ) : null}
      {takesComments ? (
        <span
          className={cx(
            chip,
            record.status === 'open'
              ? 'bg-sky-50 text-sky-800 dark:bg-sky-950/50 dark:text-sky-100'
              : neutral,
          )}
        >
          {record.status === 'open' ? (
            <CircleDot aria-hidden="true" className="size-3.5" />
          ) : (
            <CircleCheck aria-hidden="true" className="size-3.5" />
          )}
          {t(`record.status.${record.status}`)}
        </span>
      ) : null}
    </>
  );
}
