import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Lock } from 'lucide-react';
import { Button, focusRing } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { appConfig } from '../../config/app-config.ts';
import { cx } from '../../lib/class-names.ts';
import { formatDay } from '../../lib/dates.ts';
import { formatNumber } from '../../lib/numbers.ts';
import { RecordListSkeleton } from './record-list-skeleton.tsx';
import { recordLayout } from './record-layout.ts';

export type TPageSize = (typeof appConfig.pageSizes)[number];

/** What the list shows of a record, whatever its module. */
export interface TRecordSummary {
  id: string;
  title: string;
  /** The title's language when it is not the page's (the school's English in Arabic). */
  titleLang?: string;
  /** The record's day, `YYYY-MM-DD`; null when it has none. */
  date: string | null;
  /** Chips beside the title (a kind, a band, "new"); each should say it in words. */
  badges?: ReactNode;
  /**
   * false when the school has not released the record yet (docs/decisions/018-module-families.md,
   * the publication gate): the list shows that it exists and when to expect it, never its value.
   */
  released?: boolean;
  /** When an unreleased record is expected, `YYYY-MM-DD`; null when the school has not said. */
  expectedOn?: string | null;
}

/** Cursor paging (`?cursor&pageSize` -> `{ items, nextCursor }`), driven by the page's query. */
export interface TRecordPaging {
  nextCursor: string | null;
  onShowMore: () => void;
  /** The next page is on its way. */
  isFetchingMore: boolean;
  pageSize: TPageSize;
  onPageSizeChange: (size: TPageSize) => void;
}

interface TRecordListProps<T> {
  /** Names the list for assistive technology ("Assessments of Omar"). */
  label: string;
  items: readonly T[];
  describe: (item: T) => TRecordSummary;
  /** A released record's content; never called for one the school has not released. */
  renderBody: (item: T) => ReactNode;
  /** What will appear here and when, said while there is nothing. */
  emptyMessage: string;
  /** The first page is loading: the list's shape stands in for it. */
  isLoading?: boolean;
  paging?: TRecordPaging;
  /** The heading level of each record's title within the page. */
  headingLevel?: 'h2' | 'h3' | 'h4';
}

/**
 * School records as a list: cards on a phone, rows on a wide screen (title and chips, date,
 * content). A record the school has not released shows only its title and when to expect it.
 * More records come a page at a time ("Show more"), in the page size the parent picks.
 */
export function RecordList<T>({
  label,
  items,
  describe,
  renderBody,
  emptyMessage,
  isLoading = false,
  paging,
  headingLevel = 'h3',
}: TRecordListProps<T>) {
  const { t, i18n } = useTranslation('kits');
  const lng = i18n.language;
  const sizeId = useId();
  const Heading = headingLevel;
  if (isLoading) return <RecordListSkeleton label={label} />;
  if (items.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-slate-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200">
        {emptyMessage}
      </p>
    );
  }
  const dayText = (day: string) => formatDay(day, lng, { day: 'numeric', month: 'short', year: 'numeric' });

  return (
    <div className="space-y-4">
      <div className="@container">
        <ul aria-label={label} className={recordLayout.list}>
          {items.map((item) => {
            const record = describe(item);
            const released = record.released !== false;
            return (
              <li
                key={record.id}
                data-released={released}
                className={cx(recordLayout.item, !released && 'bg-slate-50 dark:bg-slate-900/60')}
              >
                <div className={recordLayout.head}>
                  <Heading
                    lang={record.titleLang}
                    className="min-w-0 font-semibold text-slate-900 dark:text-white"
                  >
                    {record.title}
                  </Heading>
                  {released ? (
                    record.badges
                  ) : (
                    <span className="inline-flex items-center gap-1 rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-700 dark:text-slate-200">
                      <Lock aria-hidden="true" className="size-3.5" />
                      {t('records.notReleased')}
                    </span>
                  )}
                </div>
                <div className={recordLayout.date}>
                  {record.date ? <time dateTime={record.date}>{dayText(record.date)}</time> : null}
                </div>
                <div className={recordLayout.body}>
                  {released ? (
                    renderBody(item)
                  ) : (
                    <p className="text-slate-600 dark:text-slate-300">
                      {record.expectedOn ? (
                        t('records.expectedOn', { date: dayText(record.expectedOn) })
                      ) : (
                        <>
                          <span className="sr-only">{t('records.hidden')} </span>
                          {t('records.expectedLater')}
                        </>
                      )}
                    </p>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </div>
      <p role="status" className="sr-only">
        {t('records.shown', { number: formatNumber(items.length, lng) })}
      </p>
      {paging ? (
        <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600 dark:text-slate-300">
          <div className="flex items-center gap-2">
            <label htmlFor={sizeId}>{t('records.perPage')}</label>
            <select
              id={sizeId}
              value={paging.pageSize}
              onChange={(event) => paging.onPageSizeChange(Number(event.target.value) as TPageSize)}
              className={cx(
                'min-h-11 rounded-xl border border-slate-300 bg-white px-3 text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-white',
                focusRing,
              )}
            >
              {appConfig.pageSizes.map((size) => (
                <option key={size} value={size}>
                  {formatNumber(size, lng)}
                </option>
              ))}
            </select>
          </div>
          {paging.nextCursor !== null ? (
            <Button
              variant="secondary"
              aria-disabled={paging.isFetchingMore}
              aria-busy={paging.isFetchingMore}
              onClick={paging.onShowMore}
            >
              {paging.isFetchingMore ? (
                <Spinner className="border-slate-300 border-t-purple-600 dark:border-slate-600 dark:border-t-purple-300" />
              ) : null}
              {paging.isFetchingMore ? t('records.loadingMore') : t('records.showMore')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
