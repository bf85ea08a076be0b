/** The look the module pages share: a card, a chip, a chip's tones. */
export const cardBox =
  'rounded-3xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900';

export const chip = 'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold';

export const chipTone = {
  neutral: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
  child:
    'bg-sky-50 text-sky-900 ring-1 ring-sky-200 ring-inset dark:bg-sky-950/50 dark:text-sky-100 dark:ring-sky-800',
  due: 'bg-amber-50 text-amber-900 ring-1 ring-amber-300 ring-inset dark:bg-amber-950/50 dark:text-amber-100 dark:ring-amber-700',
  overdue:
    'bg-red-50 text-red-800 ring-1 ring-red-300 ring-inset dark:bg-red-950/50 dark:text-red-100 dark:ring-red-700',
} as const;
