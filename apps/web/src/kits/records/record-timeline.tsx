import { useId, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/class-names.ts';
import { formatDay, formatMonth } from '../../lib/dates.ts';
import { RecordEntryChips, RecordEntryNotes, type TTimelineEntry } from './record-entry.tsx';
import { RecordTimelineSkeleton } from './record-timeline-skeleton.tsx';

interface TRecordTimelineProps<T> {
  /** Names the timeline for assistive technology ("Incidents of Omar"). */
  label: string;
  items: readonly T[];
  describe: (item: T) => TTimelineEntry;
  /** More content of a record under its detail (targets, comments, a link). */
  renderBody?: (item: T) => ReactNode;
  /** What the parent can do with a record (acknowledge, comment). */
  renderActions?: (item: T) => ReactNode;
  /** What will appear here and when, said while there is nothing. */
  emptyMessage: ReactNode;
  /** The first answer is on its way: the timeline's shape stands in for it. */
  isLoading?: boolean;
  /** The level of the month headings; each record's title is one level below. */
  headingLevel?: 'h2' | 'h3';
}

/** The records grouped by month (`YYYY-MM`), newest month and newest day first. */
export function groupByMonth<T>(items: readonly T[], dateOf: (item: T) => string): [string, T[]][] {
  const sorted = [...items].sort((a, b) => dateOf(b).localeCompare(dateOf(a)));
  const months = new Map<string, T[]>();
  for (const item of sorted) {
    const month = dateOf(item).slice(0, 7);
    months.set(month, [...(months.get(month) ?? []), item]);
  }
  return [...months.entries()];
}

/**
 * School records as a timeline: grouped by month, newest first; each record with a chip saying
 * its kind (icon and words), its day, title, detail and who recorded it, then what the module
 * adds (body, actions). The line runs along the start edge, so it is on the right in Arabic.
 */
export function RecordTimeline<T>({
  label,
  items,
  describe,
  renderBody,
  renderActions,
  emptyMessage,
  isLoading = false,
  headingLevel = 'h2',
}: TRecordTimelineProps<T>) {
  const { i18n } = useTranslation();
  const lng = i18n.language;
  const baseId = useId();
  const months = useMemo(() => {
    const entries = items.map((item) => ({ item, entry: describe(item) }));
    return groupByMonth(entries, ({ entry }) => entry.date);
  }, [items, describe]);
  if (isLoading) return <RecordTimelineSkeleton />;
  if (items.length === 0) {
    return (
      <div className="rounded-3xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-slate-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200">
        {emptyMessage}
      </div>
    );
  }
  const MonthHeading = headingLevel;
  const TitleHeading = headingLevel === 'h2' ? 'h3' : 'h4';

  return (
    <section aria-label={label} className="space-y-8">
      {months.map(([month, records]) => {
        const headingId = `${baseId}-${month}`;
        return (
          <section key={month} aria-labelledby={headingId} className="space-y-3">
            <MonthHeading id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
              <time dateTime={month}>{formatMonth(month, lng)}</time>
            </MonthHeading>
            <ol className="relative ms-3.5 space-y-4 border-s-2 border-slate-200 ps-6 dark:border-slate-700">
              {records.map(({ item, entry }) => {
                const Icon = entry.kind.icon;
                const body = renderBody?.(item);
                const actions = renderActions?.(item);
                return (
                  <li key={entry.id} className="relative">
                    <span
                      aria-hidden="true"
                      className={cx(
                        'absolute -start-[calc(2.375rem+1px)] top-4 inline-flex size-7 items-center justify-center rounded-full ring-4 ring-slate-50 dark:ring-slate-950',
                        entry.kind.tone,
                      )}
                    >
                      <Icon className="size-4" />
                    </span>
                    <div className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4 text-sm shadow-sm dark:border-slate-800 dark:bg-slate-900">
                      <RecordEntryChips entry={entry}>
                        <time
                          dateTime={entry.date}
                          className="ms-auto text-slate-600 tabular-nums dark:text-slate-400"
                        >
                          {formatDay(entry.date, lng, { weekday: 'short', day: 'numeric', month: 'short' })}
                        </time>
                      </RecordEntryChips>
                      <TitleHeading className="text-base font-semibold text-slate-900 dark:text-white">
                        {entry.title}
                      </TitleHeading>
                      <RecordEntryNotes entry={entry} />
                      {body ? <div className="pt-1">{body}</div> : null}
                      {actions ? (
                        <div className="flex flex-wrap items-start gap-2 pt-1">{actions}</div>
                      ) : null}
                    </div>
                  </li>
                );
              })}
            </ol>
          </section>
        );
      })}
    </section>
  );
}
