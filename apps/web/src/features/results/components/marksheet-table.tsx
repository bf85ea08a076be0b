import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TMarksheetSubject } from '@portal/contracts/families/results';
import { DataTable, type TColumn } from '../../../components/module/data-table.tsx';
import { SchoolText } from '../../../components/module/school-text.tsx';
import { formatPercent, formatScore } from './result-format.ts';
import { NotReleased, ResultGrade } from './result-grade.tsx';

type TCell = TMarksheetSubject['cells'][number];

/** A subject's row: its cells by column. */
type TRow = { subject: TMarksheetSubject; cells: Map<string, TCell> };

/**
 * The grid's assessment columns: one per assessment title, in the order they first come. The
 * n-th cell of a title in a subject goes in the title's n-th column, so none is lost.
 */
function gridOf(subjects: readonly TMarksheetSubject[]) {
  const columns = new Map<string, Pick<TCell, 'title' | 'titleAr'>>();
  const rows: TRow[] = subjects.map((subject) => {
    const seen = new Map<string, number>();
    const cells = new Map<string, TCell>();
    for (const cell of subject.cells) {
      const count = seen.get(cell.title) ?? 0;
      seen.set(cell.title, count + 1);
      const key = `${cell.title}#${count}`;
      if (!columns.has(key)) columns.set(key, { title: cell.title, titleAr: cell.titleAr });
      cells.set(key, cell);
    }
    return { subject, cells };
  });
  return { columns: [...columns.entries()], rows };
}

/** One cell: the released score and grade, "Not released", or a dash where there is none. */
function MarksheetCell({ cell }: { cell: TCell | undefined }) {
  const { t, i18n } = useTranslation('results');
  const lng = i18n.language;
  if (!cell) {
    return (
      <span className="text-slate-400 dark:text-slate-500">
        <span aria-hidden="true">—</span>
        <span className="sr-only">{t('marksheet.none')}</span>
      </span>
    );
  }
  if (!cell.released) return <NotReleased short />;
  const result = cell.result;
  const graded = result && (result.score !== null || result.textScore !== '' || result.grade !== null);
  if (!result || !graded) {
    return <span className="text-slate-600 dark:text-slate-300">{t('result.notGraded')}</span>;
  }
  const score =
    result.score !== null && result.max !== null
      ? t('result.score', { score: formatScore(result.score, lng), max: formatScore(result.max, lng) })
      : result.score !== null
        ? formatScore(result.score, lng)
        : result.textScore;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      {score && score !== result.grade ? (
        <bdi dir="auto" className="font-semibold whitespace-nowrap tabular-nums">
          {score}
        </bdi>
      ) : null}
      {result.grade !== null ? <ResultGrade grade={result.grade} /> : null}
    </span>
  );
}

/** A total over released results: score out of the maximum, percentage and grade. */
export function MarksheetTotal({
  total,
}: {
  total: { score: number; max: number; percent: number | null; grade?: string | null };
}) {
  const { t, i18n } = useTranslation('results');
  const lng = i18n.language;
  if (total.max === 0)
    return <span className="text-slate-600 dark:text-slate-300">{t('marksheet.noTotal')}</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className="font-semibold whitespace-nowrap tabular-nums">
        {t('result.score', { score: formatScore(total.score, lng), max: formatScore(total.max, lng) })}
      </span>
      {total.percent !== null ? (
        <span className="text-slate-600 tabular-nums dark:text-slate-300">
          {formatPercent(total.percent, lng)}
        </span>
      ) : null}
      {total.grade ? <ResultGrade grade={total.grade} /> : null}
    </span>
  );
}

/**
 * The term grid: subjects as rows, their assessments as cells, each subject's total. On a
 * phone each subject is a card (its total first, then each assessment under its title).
 */
export function MarksheetTable({
  caption,
  subjects,
}: {
  caption: string;
  subjects: readonly TMarksheetSubject[];
}) {
  const { t } = useTranslation('results');
  const { columns, rows } = useMemo(() => gridOf(subjects), [subjects]);
  const tableColumns = useMemo<TColumn<TRow>[]>(
    () => [
      {
        id: 'subject',
        header: t('marksheet.subject'),
        rowHeader: true,
        cell: ({ subject }) => <SchoolText en={subject.name} ar={subject.nameAr} />,
      },
      ...columns.map(([key, title]): TColumn<TRow> => ({
        id: `assessment:${key}`,
        header: <SchoolText en={title.title} ar={title.titleAr} />,
        cell: (row) => <MarksheetCell cell={row.cells.get(key)} />,
      })),
      {
        id: 'total',
        header: t('marksheet.total'),
        card: 'lead',
        className: 'bg-slate-50/60 dark:bg-slate-800/40',
        cell: ({ subject }) => <MarksheetTotal total={subject.total} />,
      },
    ],
    [columns, t],
  );
  return (
    <DataTable
      caption={caption}
      columns={tableColumns}
      data={rows}
      getRowId={(row) => row.subject.id}
      initialPageSize={50}
    />
  );
}
