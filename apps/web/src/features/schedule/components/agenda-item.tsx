import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Check } from 'lucide-react';
import type { SerializedError } from '@reduxjs/toolkit';
import type { TAgendaItem } from '@portal/contracts/families/schedule';
import type { TApiError } from '../../../lib/api.ts';
import { cx } from '../../../lib/class-names.ts';
import { useSetAgendaDoneMutation } from '../api.ts';
import { SchoolText } from '../../../components/module/school-text.tsx';

const kindTone: Record<TAgendaItem['kind'], string> = {
  homework: 'bg-indigo-50 text-indigo-800 dark:bg-indigo-950/60 dark:text-indigo-200',
  classwork: 'bg-sky-50 text-sky-800 dark:bg-sky-950/60 dark:text-sky-200',
  reminder: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
  test: 'bg-amber-50 text-amber-900 dark:bg-amber-950/60 dark:text-amber-200',
};

interface TAgendaItemProps {
  item: TAgendaItem;
  enrollNumber: string;
  /** Called with the error when ticking failed (the tick is taken back), and with null on success. */
  onFailure: (error: TApiError | SerializedError | null) => void;
}

/** One diary item: its kind, subject, title and detail, and a "Done" tick that shows at once. */
export function AgendaItem({ item, enrollNumber, onFailure }: TAgendaItemProps) {
  const { t } = useTranslation('schedule');
  const [setDone] = useSetAgendaDoneMutation();
  const checkboxId = useId();
  const titleId = useId();
  const doneId = useId();
  const done = item.doneAt !== null;
  const toggle = async () => {
    const answer = await setDone({ itemId: item.id, enrollNumber, done: !done });
    onFailure('error' in answer ? (answer.error ?? null) : null);
  };
  return (
    <li
      className={cx(
        'flex items-start gap-3 rounded-2xl border p-4',
        done
          ? 'border-emerald-200 bg-emerald-50/60 dark:border-emerald-900 dark:bg-emerald-950/30'
          : 'border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900',
      )}
    >
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <span className={cx('rounded-full px-2 py-0.5 font-semibold', kindTone[item.kind])}>
            {t(`agenda.kind.${item.kind}`)}
          </span>
          <span className="font-medium text-slate-600 dark:text-slate-300">
            <SchoolText en={item.subject} ar={item.subjectAr} />
          </span>
        </div>
        <p
          id={titleId}
          className={cx(
            'font-semibold text-slate-900 dark:text-white',
            done && 'line-through decoration-slate-400',
          )}
        >
          <SchoolText en={item.title} ar={item.titleAr} />
        </p>
        {item.detail || item.detailAr ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            <SchoolText en={item.detail} ar={item.detailAr} />
          </p>
        ) : null}
      </div>
      <div className="flex shrink-0 items-center">
        <input
          id={checkboxId}
          type="checkbox"
          checked={done}
          onChange={() => void toggle()}
          aria-labelledby={`${doneId} ${titleId}`}
          className="peer sr-only"
        />
        <label
          htmlFor={checkboxId}
          className={cx(
            'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border px-3 text-sm font-semibold',
            'peer-focus-visible:ring-2 peer-focus-visible:ring-purple-600 peer-focus-visible:ring-offset-2 dark:peer-focus-visible:ring-purple-400 dark:peer-focus-visible:ring-offset-slate-900',
            done
              ? 'border-emerald-700 bg-emerald-700 text-white dark:border-emerald-600 dark:bg-emerald-700'
              : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700',
          )}
        >
          <span
            aria-hidden="true"
            className={cx(
              'inline-flex size-5 items-center justify-center rounded-md border',
              done ? 'border-white bg-white text-emerald-700' : 'border-slate-400 dark:border-slate-500',
            )}
          >
            {done ? <Check className="size-4" /> : null}
          </span>
          <span id={doneId}>{t('agenda.done')}</span>
        </label>
      </div>
    </li>
  );
}
