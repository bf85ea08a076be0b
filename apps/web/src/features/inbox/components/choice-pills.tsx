import { cx } from '../../../lib/class-names.ts';

interface TChoicePillsProps<T extends string> {
  /** The radio group's name, unique on the page. */
  name: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}

/** Radio buttons drawn as a row of pills: each a real radio with its label, the chosen one filled. */
export function ChoicePills<T extends string>({ name, options, value, onChange }: TChoicePillsProps<T>) {
  return (
    <div className="inline-flex max-w-full flex-wrap gap-1 rounded-2xl bg-slate-100 p-1 dark:bg-slate-800">
      {options.map((option) => {
        const chosen = option.value === value;
        return (
          <label
            key={option.value}
            className={cx(
              'relative inline-flex min-h-10 cursor-pointer items-center justify-center rounded-xl px-3 text-sm font-semibold whitespace-nowrap',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-purple-600 dark:has-[:focus-visible]:ring-purple-400',
              chosen
                ? 'bg-white text-purple-700 shadow-sm dark:bg-slate-900 dark:text-purple-300'
                : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={chosen}
              onChange={() => onChange(option.value)}
              className="sr-only"
            />
            {option.label}
          </label>
        );
      })}
    </div>
  );
}
