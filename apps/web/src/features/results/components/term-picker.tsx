import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TTerm } from '@portal/contracts/families/results';
import { schoolText } from '../../../components/module/school-text.tsx';
import { focusRing } from '../../../components/ui/button.tsx';
import { cx } from '../../../lib/class-names.ts';
import { formatDayRange } from '../../../lib/dates.ts';

interface TTermPickerProps {
  terms: readonly TTerm[];
  /** The term shown. */
  value: string;
  onChange: (termId: string) => void;
}

/** Which term the page shows: the child's terms to pick from, and the days the chosen one spans. */
export function TermPicker({ terms, value, onChange }: TTermPickerProps) {
  const { t, i18n } = useTranslation('results');
  const lng = i18n.language;
  const id = useId();
  const chosen = terms.find((term) => term.id === value);
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <div className="flex items-center gap-2">
        <label htmlFor={id} className="font-medium text-slate-800 dark:text-slate-100">
          {t('term.label')}
        </label>
        <select
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={cx(
            'min-h-11 min-w-40 rounded-xl border border-slate-300 bg-white px-3 text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-white',
            focusRing,
          )}
        >
          {terms.map((term) => {
            const title = schoolText(term.title, term.titleAr, lng);
            return (
              <option key={term.id} value={term.id} lang={title.lang}>
                {title.text}
              </option>
            );
          })}
        </select>
      </div>
      {chosen ? (
        <p className="text-sm text-slate-600 tabular-nums dark:text-slate-300">
          {formatDayRange(chosen.startsOn, chosen.endsOn, lng)}
        </p>
      ) : null}
    </div>
  );
}
