import { useTranslation } from 'react-i18next';
import { Mail } from 'lucide-react';
import type { TAmbassador } from '@portal/contracts/families/publications';
import { SchoolText, schoolText } from '../../../components/module/school-text.tsx';
import { textLink } from '../../../components/ui/button.tsx';
import { cx } from '../../../lib/class-names.ts';
import { useLongDays } from './dates.ts';

const roleChip: Record<TAmbassador['role'], string> = {
  ambassador:
    'bg-amber-50 text-amber-900 ring-amber-200 dark:bg-amber-950/50 dark:text-amber-200 dark:ring-amber-800',
  deputy: 'bg-sky-50 text-sky-800 ring-sky-200 dark:bg-sky-950/50 dark:text-sky-200 dark:ring-sky-800',
};
const chip = 'rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset';

/** The initials of a name, for its round badge ("Sara Ahmed": "SA"). */
function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => [...word][0] ?? '')
    .join('')
    .toUpperCase();
}

/** A parent who represents the class: name, role, since when, how to write to them, and "You". */
export function AmbassadorCard({ ambassador }: { ambassador: TAmbassador }) {
  const { t, i18n } = useTranslation('news');
  const { day } = useLongDays();
  const name = schoolText(ambassador.name, ambassador.nameAr, i18n.language).text;
  return (
    <article className="flex h-full min-w-0 gap-4 rounded-3xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <span
        aria-hidden="true"
        className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-amber-100 text-base font-bold text-amber-900 dark:bg-amber-900/60 dark:text-amber-100"
      >
        {initialsOf(name)}
      </span>
      <div className="min-w-0 flex-1 space-y-2">
        <h3 className="flex flex-wrap items-center gap-2 font-semibold text-slate-900 dark:text-white">
          <SchoolText en={ambassador.name} ar={ambassador.nameAr} />
          {ambassador.isYou ? (
            <span
              className={cx(
                chip,
                'bg-purple-100 text-purple-800 ring-purple-200 dark:bg-purple-900/60 dark:text-purple-100 dark:ring-purple-700',
              )}
            >
              {t('ambassador.you')}
            </span>
          ) : null}
        </h3>
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
          <span className={cx(chip, roleChip[ambassador.role])}>
            {t(`ambassador.role.${ambassador.role}`)}
          </span>
          {ambassador.sinceOn ? (
            <span>
              {t('ambassador.since')} <time dateTime={ambassador.sinceOn}>{day(ambassador.sinceOn)}</time>
            </span>
          ) : null}
        </p>
        {ambassador.email.trim() ? (
          <a
            href={`mailto:${ambassador.email}`}
            className={cx(textLink, 'inline-flex min-h-11 max-w-full items-center gap-2 text-sm')}
          >
            <Mail aria-hidden="true" className="size-4 shrink-0" />
            <span className="sr-only">{t('ambassador.writeTo', { name })} </span>
            <span dir="ltr" className="break-all">
              {ambassador.email}
            </span>
          </a>
        ) : null}
      </div>
    </article>
  );
}
