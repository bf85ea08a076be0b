import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TMarksheetSubject } from '@portal/contracts/families/results';
import { DataTable, type TColumn } from '../../../components/module/data-table.tsx';
import { SchoolText } from '../../../components/module/school-text.tsx';
import { formatPercent, formatScore } from '../../../lib/numbers.ts';
import { NotReleased, ResultGrade } from './result-grade.tsx';

type TCell = TMarksheetSubject['cells'][number];

/** A released result in short: its score out of the maximum (or the school's text) and grade. */
function CellValue({ cell }: { cell: TCell }) {
  const { t, i18n } = useTranslation('results');
  const lng = i18n.language;
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

/** A subject's own results, each a small box: its title, then its score and grade (or "Not released"). */
function SubjectResults({ cells }: { cells: readonly TCell[] }) {
  return (
    <ul className="flex flex-wrap gap-2">
      {cells.map((cell) => (
        <li
          key={cell.assessmentId}
          data-released={cell.released}
          className="flex max-w-full min-w-0 flex-col gap-1 rounded-xl border border-slate-200 bg-slate-50 px-3 py-2 dark:border-slate-700 dark:bg-slate-800/60"
        >
          <span className="text-xs font-medium [overflow-wrap:anywhere] text-slate-600 dark:text-slate-300">
            <SchoolText en={cell.title} ar={cell.titleAr} />
          </span>
          <CellValue cell={cell} />
        </li>
      ))}
    </ul>
  );
}

/** A total over released results: score out of the maximum and percentage. */
export function MarksheetTotal({ total }: { total: { score: number; max: number; percent: number | null } }) {
  const { t, i18n } = useTranslation('results');
  const lng = i18n.language;
  if (total.max === 0)
    return <span className="text-slate-600 dark:text-slate-300">{t('marksheet.noTotal')}</span>;
  return (
    <span>
      <span className="font-semibold whitespace-nowrap tabular-nums">
        {t('result.score', { score: formatScore(total.score, lng), max: formatScore(total.max, lng) })}
      </span>
      {total.percent !== null ? (
        <>
          {' '}
          <span className="ms-1 whitespace-nowrap text-slate-600 tabular-nums dark:text-slate-300">
            {formatPercent(total.percent, lng)}
          </span>
        </>
      ) : null}
    </span>
  );
}

/**
 * The term's results by subject: a row per subject with only its own assessments, its total
 * and the total's grade. On a phone each subject is a card (its grade beside its name, its
 * total first, then its results).
 */
export function MarksheetTable({
  caption,
  subjects,
}: {
  caption: string;
  subjects: readonly TMarksheetSubject[];
}) {
  const { t } = useTranslation('results');
  const columns = useMemo<TColumn<TMarksheetSubject>[]>(
    () => [
      {
        id: 'subject',
        header: t('marksheet.subject'),
        rowHeader: true,
        cell: (subject) => <SchoolText en={subject.name} ar={subject.nameAr} />,
      },
      {
        id: 'results',
        header: t('marksheet.results'),
        card: 'wide',
        className: '@3xl:w-full',
        cell: (subject) => <SubjectResults cells={subject.cells} />,
      },
      {
        id: 'total',
        header: t('marksheet.total'),
        card: 'lead',
        className: '@3xl:bg-slate-50/60 @3xl:whitespace-nowrap @3xl:dark:bg-slate-800/40',
        cell: (subject) => <MarksheetTotal total={subject.total} />,
      },
      {
        id: 'grade',
        header: t('marksheet.grade'),
        card: 'corner',
        cell: (subject) => (subject.total.grade ? <ResultGrade grade={subject.total.grade} /> : null),
      },
    ],
    [t],
  );
  return (
    <DataTable
      caption={caption}
      columns={columns}
      data={subjects}
      getRowId={(subject) => subject.id}
      initialPageSize={50}
    />
  );
}
