import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus, X } from 'lucide-react';
import { Button, focusRing } from '../../../components/ui/button.tsx';
import { cx } from '../../../lib/class-names.ts';
import { formatDay, todayIn, useTimeZone } from '../../../lib/dates.ts';
import { formatNumber } from '../../../lib/numbers.ts';

/** The most days a parent may offer for a meeting. */
export const MAX_PREFERRED_DAYS = 5;

/** Days that suit the parent for a meeting: today or later, each once, at most five. */
export function PreferredDays({ days, onChange }: { days: string[]; onChange: (days: string[]) => void }) {
  const { t, i18n } = useTranslation('care');
  const lng = i18n.language;
  const inputId = useId();
  const problemId = useId();
  const today = todayIn(useTimeZone());
  const [day, setDay] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const full = days.length >= MAX_PREFERRED_DAYS;
  const dayText = (value: string) =>
    formatDay(value, lng, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

  const add = () => {
    const found =
      day === ''
        ? t('counselling.form.chooseDay')
        : day < today
          ? t('counselling.form.dayPast')
          : days.includes(day)
            ? t('counselling.form.dayTwice')
            : full
              ? t('counselling.form.tooManyDays', { max: formatNumber(MAX_PREFERRED_DAYS, lng) })
              : null;
    setProblem(found);
    if (found) return;
    onChange([...days, day].sort());
    setDay('');
  };

  return (
    <fieldset className="space-y-2">
      <legend className="mb-1.5 text-sm font-medium text-slate-800 dark:text-slate-200">
        {t('counselling.form.days', { max: formatNumber(MAX_PREFERRED_DAYS, lng) })}
      </legend>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor={inputId} className="sr-only">
            {t('counselling.form.day')}
          </label>
          <input
            id={inputId}
            type="date"
            min={today}
            value={day}
            disabled={full}
            onChange={(event) => {
              setDay(event.target.value);
              setProblem(null);
            }}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? problemId : undefined}
            className={cx(
              'block min-h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 disabled:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:disabled:bg-slate-800',
              focusRing,
            )}
          />
        </div>
        <Button variant="secondary" aria-disabled={full} onClick={add}>
          <Plus aria-hidden="true" className="size-4" />
          {t('counselling.form.addDay')}
        </Button>
      </div>
      {problem ? (
        <p id={problemId} className="text-sm text-red-700 dark:text-red-300">
          {problem}
        </p>
      ) : null}
      {days.length > 0 ? (
        <ul aria-label={t('counselling.form.chosenDays')} className="flex flex-wrap gap-2">
          {days.map((chosen) => (
            <li
              key={chosen}
              className="inline-flex items-center gap-1 rounded-full bg-purple-50 ps-3 text-sm text-purple-900 dark:bg-purple-950/50 dark:text-purple-100"
            >
              <time dateTime={chosen}>{dayText(chosen)}</time>
              <button
                type="button"
                onClick={() => onChange(days.filter((one) => one !== chosen))}
                aria-label={t('counselling.form.removeDay', { date: dayText(chosen) })}
                className={cx('inline-flex size-9 items-center justify-center rounded-full', focusRing)}
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
