import { useId, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import {
  createColumnHelper,
  createPaginatedRowModel,
  rowPaginationFeature,
  tableFeatures,
  useTable,
  type RowData,
} from '@tanstack/react-table';
import { focusRing } from '../ui/button.tsx';
import { appConfig } from '../../config/app-config.ts';
import { cx } from '../../lib/class-names.ts';
import { formatNumber } from '../../lib/numbers.ts';

/** One column: its heading and how a row shows in it. */
export interface TColumn<T> {
  id: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Amounts: aligned to the end, tabular digits. */
  numeric?: boolean;
  /** The cell that names the row (a `th` with `scope="row"`); it stays in view when the table scrolls sideways. */
  rowHeader?: boolean;
  /** Extra classes of the column's cells. */
  className?: string;
  /**
   * Where the cell goes when the table shows as cards (narrow screens): `corner` beside the
   * row's name, without a heading (a state); `lead` first under the name; `wide` across the
   * card. Otherwise half the card's width, under its heading.
   */
  card?: 'corner' | 'lead' | 'wide';
}

interface TDataTableProps<T extends RowData> {
  /** Says what the table holds; read first by screen readers. */
  caption: string;
  /** Shown visually too, or only to screen readers. */
  captionVisible?: boolean;
  columns: readonly TColumn<T>[];
  data: readonly T[];
  getRowId: (row: T) => string;
  /** The first page size; the parent can choose any of the spec's sizes. */
  initialPageSize?: (typeof appConfig.pageSizes)[number];
  /** Classes of a row, e.g. an opaque background to mark a selected one. */
  rowClassName?: (row: T) => string | undefined;
}

const features = tableFeatures({
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
});

/** The row header stays at the start edge while the rest scrolls under it (a table wider than its box). */
const stickyCell =
  '@3xl:sticky @3xl:start-0 @3xl:z-[1] @3xl:bg-inherit @3xl:shadow-[inset_-1px_0_0_var(--color-slate-200)] @3xl:rtl:shadow-[inset_1px_0_0_var(--color-slate-200)] @3xl:dark:shadow-[inset_-1px_0_0_var(--color-slate-800)] @3xl:dark:rtl:shadow-[inset_1px_0_0_var(--color-slate-800)]';

/**
 * Below 48rem of width (phones, narrow panes) each row shows as a card: its name (and state)
 * on top, then every other cell under its own heading, two to a line. One table in the page
 * either way, so screen readers, tests and selections see the same rows.
 */
const asCards = {
  table: '@max-3xl:block',
  head: '@max-3xl:sr-only',
  body: '@max-3xl:block',
  row: '@max-3xl:flex @max-3xl:flex-wrap @max-3xl:items-start @max-3xl:gap-x-4 @max-3xl:gap-y-3 @max-3xl:p-4',
  cell: '@max-3xl:block @max-3xl:min-w-0 @max-3xl:p-0 @max-3xl:text-start @max-3xl:first:ps-0 @max-3xl:last:pe-0',
  // At least three fifths of the line, so a half-width cell never sits beside it.
  title:
    '@max-3xl:order-[-3] @max-3xl:grow @max-3xl:basis-3/5 @max-3xl:self-center @max-3xl:text-base @max-3xl:font-semibold',
  corner: '@max-3xl:order-[-2] @max-3xl:ms-auto @max-3xl:shrink-0',
  lead: '@max-3xl:order-[-1]',
  half: '@max-3xl:basis-[calc(50%-0.5rem)]',
  wide: '@max-3xl:basis-full',
  label: 'hidden text-xs font-medium text-slate-600 @max-3xl:mb-0.5 @max-3xl:block dark:text-slate-400',
};

/** The card-layout classes of one column's cells. */
function cardClasses(column: Pick<TColumn<unknown>, 'rowHeader' | 'card'> | undefined): string {
  if (column?.rowHeader) return asCards.title;
  if (column?.card === 'corner') return asCards.corner;
  if (column?.card === 'wide') return asCards.wide;
  return cx(asCards.half, column?.card === 'lead' && asCards.lead);
}

const pagerButton = cx(
  'inline-flex size-11 items-center justify-center rounded-xl border border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
  'disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-white',
  'dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700 dark:disabled:hover:bg-slate-800',
  focusRing,
);

/**
 * A table with real headers and a caption, paged with the spec's page sizes. On a narrow
 * screen its rows show as cards; a table still too wide for its box scrolls sideways (also
 * from the keyboard), its row names staying in view.
 */
export function DataTable<T extends RowData>({
  caption,
  captionVisible = false,
  columns,
  data,
  getRowId,
  initialPageSize = 10,
  rowClassName,
}: TDataTableProps<T>) {
  const { t, i18n } = useTranslation('module');
  const lng = i18n.language;
  const captionId = useId();
  const sizeId = useId();

  const tableColumns = useMemo(() => {
    const helper = createColumnHelper<typeof features, T>();
    return helper.columns(
      columns.map((column) =>
        helper.display({
          id: column.id,
          header: () => column.header,
          cell: ({ row }) => column.cell(row.original),
        }),
      ),
    );
  }, [columns]);
  const rows = useMemo(() => [...data], [data]);
  const byId = useMemo(() => new Map(columns.map((column) => [column.id, column])), [columns]);

  const table = useTable(
    {
      features,
      columns: tableColumns,
      data: rows,
      getRowId: (row) => getRowId(row),
      initialState: { pagination: { pageIndex: 0, pageSize: initialPageSize } },
    },
    (state) => ({ pagination: state.pagination }),
  );
  const { pageIndex, pageSize } = table.state.pagination;
  const total = table.getRowCount();
  const pageCount = Math.max(1, table.getPageCount());
  const first = total === 0 ? 0 : pageIndex * pageSize + 1;
  const last = Math.min(total, (pageIndex + 1) * pageSize);
  const number = (value: number) => formatNumber(value, lng);

  return (
    <div className="space-y-3">
      <div
        role="region"
        aria-labelledby={captionId}
        tabIndex={0}
        className={cx(
          // `relative`: hidden labels inside (absolutely placed) stay within the scrolling box.
          '@container relative overflow-x-auto rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900',
          focusRing,
        )}
      >
        <table className={cx('w-full border-collapse text-sm', asCards.table)}>
          <caption
            id={captionId}
            className={
              captionVisible
                ? 'px-4 pt-4 pb-2 text-start font-semibold text-slate-900 dark:text-white'
                : 'sr-only'
            }
          >
            {caption}
          </caption>
          <thead
            className={cx(
              'bg-slate-50 text-xs tracking-wide text-slate-600 uppercase dark:bg-slate-800 dark:text-slate-300',
              asCards.head,
            )}
          >
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} className="bg-slate-50 dark:bg-slate-800">
                {group.headers.map((header) => {
                  const column = byId.get(header.column.id);
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className={cx(
                        'px-3 py-3 font-semibold first:ps-4 last:pe-4',
                        column?.numeric ? 'text-end' : 'text-start',
                        column?.rowHeader && stickyCell,
                        column?.className,
                      )}
                    >
                      <table.FlexRender header={header} />
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className={cx('divide-y divide-slate-200 dark:divide-slate-800', asCards.body)}>
            {table.getRowModel().rows.map((row) => (
              <tr
                key={row.id}
                className={cx(rowClassName?.(row.original) ?? 'bg-white dark:bg-slate-900', asCards.row)}
              >
                {row.getAllCells().map((cell) => {
                  const column = byId.get(cell.column.id);
                  const Cell = column?.rowHeader ? 'th' : 'td';
                  const labelled = !column?.rowHeader && column?.card !== 'corner';
                  return (
                    <Cell
                      key={cell.id}
                      scope={column?.rowHeader ? 'row' : undefined}
                      className={cx(
                        'px-3 py-3 align-middle text-slate-800 first:ps-4 last:pe-4 dark:text-slate-100',
                        column?.numeric ? 'text-end whitespace-nowrap tabular-nums' : 'text-start',
                        asCards.cell,
                        cardClasses(column),
                        column?.rowHeader && cx('font-medium', stickyCell),
                        column?.className,
                      )}
                    >
                      {labelled ? <span className={asCards.label}>{column?.header}</span> : null}
                      <table.FlexRender cell={cell} />
                    </Cell>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {total > (appConfig.pageSizes[0] ?? 0) ? (
        <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600 dark:text-slate-300">
          <div className="flex items-center gap-2">
            <label htmlFor={sizeId}>{t('table.rowsPerPage')}</label>
            <select
              id={sizeId}
              value={pageSize}
              onChange={(event) => table.setPageSize(Number(event.target.value))}
              className={cx(
                'min-h-11 rounded-xl border border-slate-300 bg-white px-3 text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-white',
                focusRing,
              )}
            >
              {appConfig.pageSizes.map((size) => (
                <option key={size} value={size}>
                  {number(size)}
                </option>
              ))}
            </select>
          </div>
          <p className="tabular-nums">
            {t('table.range', { first: number(first), last: number(last), total: number(total) })}
          </p>
          <div className="flex items-center gap-2">
            <button
              type="button"
              className={pagerButton}
              onClick={() => table.previousPage()}
              disabled={!table.getCanPreviousPage()}
              aria-label={t('table.previous')}
              title={t('table.previous')}
            >
              <ChevronLeft aria-hidden="true" className="size-5 rtl:-scale-x-100" />
            </button>
            <span className="tabular-nums">
              {t('table.page', { page: number(pageIndex + 1), pages: number(pageCount) })}
            </span>
            <button
              type="button"
              className={pagerButton}
              onClick={() => table.nextPage()}
              disabled={!table.getCanNextPage()}
              aria-label={t('table.next')}
              title={t('table.next')}
            >
              <ChevronRight aria-hidden="true" className="size-5 rtl:-scale-x-100" />
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
