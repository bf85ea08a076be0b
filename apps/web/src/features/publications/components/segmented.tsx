import { useId } from 'react';
import { cx } from '../../../lib/class-names.ts';

/** One of a few ways to see a list ("By kind", "By subject"): radio buttons drawn as a segmented bar. */
export function Segmented<T extends string>({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  const name = useId();
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="float-start me-2 font-medium text-slate-800 dark:text-slate-100">{legend}</legend>
      <div className="inline-flex gap-1 rounded-2xl bg-slate-100 p-1 dark:bg-slate-800">
        {options.map((option) => (
          <label
            key={option.value}
            className={cx(
              'relative inline-flex min-h-11 cursor-pointer items-center rounded-xl px-4 text-sm font-semibold transition-colors',
              'has-focus-visible:ring-2 has-focus-visible:ring-purple-600 dark:has-focus-visible:ring-purple-400',
              option.value === value
                ? 'bg-white text-purple-700 shadow-sm dark:bg-slate-900 dark:text-purple-300'
                : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
              className="sr-only"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
