import { useTranslation } from 'react-i18next';
import { Award, Lock } from 'lucide-react';
import { SchoolText } from '../../../components/module/school-text.tsx';
import { cx } from '../../../lib/class-names.ts';

const chip =
  'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset';

/** A band's grade as a chip ("Grade A"), and what it means beside it when the school said. */
export function ResultGrade({
  grade,
  descriptor = '',
  descriptorAr = '',
}: {
  grade: string;
  descriptor?: string;
  descriptorAr?: string;
}) {
  const { t } = useTranslation('results');
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span
        data-grade={grade}
        className={cx(
          chip,
          'bg-violet-50 text-violet-900 ring-violet-200 dark:bg-violet-950/50 dark:text-violet-100 dark:ring-violet-800',
        )}
      >
        <Award aria-hidden="true" className="size-3.5 shrink-0" />
        <span className="sr-only">{t('result.grade')} </span>
        <bdi>{grade}</bdi>
      </span>
      {descriptor || descriptorAr ? (
        <span className="text-sm text-slate-700 dark:text-slate-200">
          <SchoolText en={descriptor} ar={descriptorAr} />
        </span>
      ) : null}
    </span>
  );
}

/** A result the school has not released: said in words with a lock, never its value. */
export function NotReleased({ short = false }: { short?: boolean }) {
  const { t } = useTranslation('results');
  return (
    <span
      data-released="false"
      className={cx(
        chip,
        'bg-slate-100 text-slate-700 ring-slate-300 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-600',
      )}
    >
      <Lock aria-hidden="true" className="size-3.5 shrink-0" />
      {short ? t('result.notReleasedShort') : t('result.notReleased')}
    </span>
  );
}
