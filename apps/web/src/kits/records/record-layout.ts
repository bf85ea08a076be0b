/**
 * The record list's layout, shared by the list and its loading skeleton: below 48rem of width
 * each record is a card (title and chips, date, content under each other); wider, a row of a
 * table-like list (title and chips | date | content).
 */
export const recordLayout = {
  list: 'space-y-3 @3xl:space-y-0 @3xl:divide-y @3xl:divide-slate-200 @3xl:overflow-hidden @3xl:rounded-2xl @3xl:border @3xl:border-slate-200 @3xl:bg-white @3xl:dark:divide-slate-800 @3xl:dark:border-slate-800 @3xl:dark:bg-slate-900',
  item: 'grid gap-2 rounded-2xl border border-slate-200 bg-white p-4 text-sm shadow-sm dark:border-slate-800 dark:bg-slate-900 @3xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,3fr)] @3xl:items-start @3xl:gap-4 @3xl:rounded-none @3xl:border-0 @3xl:px-4 @3xl:py-3 @3xl:shadow-none',
  head: 'flex flex-wrap items-center gap-2',
  date: 'text-xs text-slate-600 tabular-nums empty:hidden dark:text-slate-400 @3xl:pt-0.5 @3xl:text-sm @3xl:empty:block',
  body: 'min-w-0 text-slate-800 dark:text-slate-100',
} as const;
