import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TPageChild } from '../../../components/module/child-module-page.tsx';
import { focusRing } from '../../../components/ui/button.tsx';
import { cx } from '../../../lib/class-names.ts';

export type TChildFilter = 'all' | 'child';

interface TChildFilterProps {
  /** The child chosen in the header. */
  child: TPageChild;
  value: TChildFilter;
  onChange: (value: TChildFilter) => void;
}

/** Albums of every child of the family, or of the child chosen in the header only. */
export function ChildFilter({ child, value, onChange }: TChildFilterProps) {
  const { t } = useTranslation('news');
  const options: { id: TChildFilter; label: ReactNode }[] = [
    { id: 'all', label: t('gallery.filter.all') },
    { id: 'child', label: <bdi>{child.name}</bdi> },
  ];
  return (
    <div
      role="group"
      aria-label={t('gallery.filter.label')}
      className="inline-flex flex-wrap gap-1 rounded-2xl bg-slate-100 p-1 dark:bg-slate-800"
    >
      {options.map((option) => {
        const active = option.id === value;
        return (
          <button
            key={option.id}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(option.id)}
            className={cx(
              'inline-flex min-h-11 items-center rounded-xl px-4 text-sm font-semibold transition-colors',
              focusRing,
              active
                ? 'bg-white text-purple-700 shadow-sm dark:bg-slate-900 dark:text-purple-300'
                : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
            )}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
