import { useTranslation } from 'react-i18next';
import { cx } from '../../../lib/class-names.ts';

export type TScope = 'child' | 'all';

interface TChildScopeProps {
  /** The header's child. */
  childName: string;
  value: TScope;
  onChange: (scope: TScope) => void;
}

/** Whose threads show: the header's child, or every child. Two radio buttons drawn as a switch. */
export function ChildScope({ childName, value, onChange }: TChildScopeProps) {
  const { t } = useTranslation('communication');
  const options: { id: TScope; label: string }[] = [
    { id: 'child', label: childName },
    { id: 'all', label: t('filter.all') },
  ];
  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">{t('filter.label')}</legend>
      <div className="inline-grid max-w-full auto-cols-fr grid-flow-col gap-1 rounded-2xl bg-slate-100 p-1 dark:bg-slate-800">
        {options.map((option) => (
          <label
            key={option.id}
            className={cx(
              'relative inline-flex min-h-10 min-w-0 cursor-pointer items-center justify-center rounded-xl px-3 text-sm font-semibold',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-purple-600 dark:has-[:focus-visible]:ring-purple-400',
              value === option.id
                ? 'bg-white text-purple-700 shadow-sm dark:bg-slate-900 dark:text-purple-300'
                : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
            )}
          >
            <input
              type="radio"
              name="thread-scope"
              value={option.id}
              checked={value === option.id}
              onChange={() => onChange(option.id)}
              className="sr-only"
            />
            <bdi className="truncate">{option.label}</bdi>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
