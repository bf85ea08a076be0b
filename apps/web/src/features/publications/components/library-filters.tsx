import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Search } from 'lucide-react';
import { MAX_SEARCH_LENGTH } from '@portal/contracts/families/publications';
import { focusRing } from '../../../components/ui/button.tsx';
import { cx } from '../../../lib/class-names.ts';
import { formatNumber } from '../../../lib/numbers.ts';

interface TLibraryFiltersProps {
  text: string;
  onText: (text: string) => void;
  /** Searches now, without waiting for the typing to pause (Enter). */
  onSearchNow: () => void;
  year: number | undefined;
  onYear: (year: number | undefined) => void;
  /** The years that hold circulars, newest first. */
  years: readonly number[];
}

const field = cx(
  'min-h-12 rounded-xl border border-slate-300 bg-white text-base text-slate-900 shadow-sm dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100',
  focusRing,
);

/** The library's search box (English or Arabic) and its year. */
export function LibraryFilters({ text, onText, onSearchNow, year, onYear, years }: TLibraryFiltersProps) {
  const { t, i18n } = useTranslation('circulars');
  const searchId = useId();
  const yearId = useId();
  return (
    <form
      role="search"
      aria-label={t('library.searchLabel')}
      onSubmit={(event) => {
        event.preventDefault();
        onSearchNow();
      }}
      className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem] sm:items-end"
    >
      <div>
        <label
          htmlFor={searchId}
          className="mb-1.5 block text-sm font-medium text-slate-800 dark:text-slate-200"
        >
          {t('library.search')}
        </label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 start-3 my-auto size-5 text-slate-400"
          />
          <input
            id={searchId}
            type="search"
            dir="auto"
            value={text}
            maxLength={MAX_SEARCH_LENGTH}
            placeholder={t('library.placeholder')}
            onChange={(event) => onText(event.target.value)}
            className={cx(
              field,
              'block w-full ps-10 pe-3 placeholder:text-slate-400 dark:placeholder:text-slate-500',
            )}
          />
        </div>
      </div>
      <div>
        <label
          htmlFor={yearId}
          className="mb-1.5 block text-sm font-medium text-slate-800 dark:text-slate-200"
        >
          {t('library.year')}
        </label>
        <select
          id={yearId}
          value={year ?? ''}
          onChange={(event) => onYear(event.target.value === '' ? undefined : Number(event.target.value))}
          className={cx(field, 'block w-full px-3')}
        >
          <option value="">{t('library.allYears')}</option>
          {years.map((one) => (
            <option key={one} value={one}>
              {formatNumber(one, i18n.language, { useGrouping: false })}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
