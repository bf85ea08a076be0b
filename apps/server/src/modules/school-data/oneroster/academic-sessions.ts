import { eq } from 'drizzle-orm';
import type { TDatabase } from '../../../db/client.ts';
import { academicYears, terms } from '../../../db/schema/index.ts';
import {
  appliedCounts,
  byStatus,
  extensionColumns,
  removeRows,
  reportProblem,
  sourcedIdsOf,
  upsertRows,
} from '../../../kits/bundle-apply.ts';
import { rowReader } from '../../../kits/bundle-fields.ts';
import type { TApplyContext, TBundleFileHandler, TParsedRow } from '../../../kits/bundle-file.ts';
import { ACADEMIC_SESSIONS } from './columns.ts';

// academicSessions.csv: a `schoolYear` is an academic year of the school (its `schoolYear`
// column is the year's key, e.g. 2026); terms, semesters and grading periods are its terms.
// A school year is never removed by an import; terms are (docs/school-data.md).

const SESSION_TYPES = ['schoolYear', 'term', 'semester', 'gradingPeriod'] as const;

type TSessionRow = {
  sourcedId: string;
  type: (typeof SESSION_TYPES)[number] | null;
  titleEn: string;
  titleAr: string | undefined;
  startsOn: string;
  endsOn: string;
  schoolYear: string;
};

export const academicSessionsFile: TBundleFileHandler<TSessionRow> = {
  file: 'academicSessions.csv',
  columns: ACADEMIC_SESSIONS.read,
  optionalColumns: ACADEMIC_SESSIONS.other,
  keyColumn: 'sourcedId',
  parseRow(record, row, status) {
    const read = rowReader(record, row);
    const required = { required: status === 'active' };
    const value = {
      sourcedId: read.text('sourcedId', { required: true }),
      type: read.oneOf('type', SESSION_TYPES, required),
      titleEn: read.text('title', required),
      titleAr: read.extension('metadata.titleAr'),
      startsOn: read.day('startDate', required) ?? '',
      endsOn: read.day('endDate', required) ?? '',
      schoolYear: read.text('schoolYear', required),
    };
    if (value.schoolYear !== '' && !/^\d{4}$/.test(value.schoolYear)) {
      read.problem('schoolYear', `"${value.schoolYear}" is not a year written YYYY`);
    }
    if (value.startsOn && value.endsOn && value.endsOn < value.startsOn) {
      read.problem('endDate', 'the end comes before the start');
    }
    return read.problems.length > 0 ? { problems: read.problems } : { value };
  },
  async apply(tx, context, rows) {
    const { active, deleted } = byStatus(rows);
    const existing = await tx
      .select()
      .from(academicYears)
      .where(eq(academicYears.schoolId, context.schoolId));
    const yearIds = new Set(existing.map((year) => year.sourcedId));
    for (const { row, value } of deleted) {
      if (yearIds.has(value.sourcedId))
        reportProblem(context, row, 'status', 'a school year is never removed by an import');
    }
    const years = await applyYears(
      tx,
      context,
      existing,
      active.filter((row) => row.value.type === 'schoolYear'),
    );
    const termRows = active.filter((row) => row.value.type !== 'schoolYear');
    const termsResult = await upsertRows(tx, terms, {
      target: [terms.schoolId, terms.termId],
      update: [
        terms.academicYear,
        terms.kind,
        terms.titleEn,
        ...extensionColumns(termRows[0]?.value, [['titleAr', terms.titleAr]]),
        terms.startsOn,
        terms.endsOn,
        terms.removedAt,
      ],
      rows: termRows.map(({ value }) => ({
        schoolId: context.schoolId,
        termId: value.sourcedId,
        academicYear: value.schoolYear,
        kind: value.type ?? 'term',
        titleEn: value.titleEn,
        titleAr: value.titleAr ?? '',
        startsOn: value.startsOn,
        endsOn: value.endsOn,
        removedAt: null,
      })),
    });
    const removed = await removeRows(tx, context, terms, {
      school: terms.schoolId,
      id: terms.termId,
      removedAt: terms.removedAt,
      deleted: sourcedIdsOf(deleted),
      kept: sourcedIdsOf(termRows),
    });
    const written = {
      added: years.added + termsResult.added,
      changed: years.changed + termsResult.changed,
    };
    return appliedCounts(rows.length, written, removed);
  },
};

/** Adds or updates the school years; a new one is current when today falls in it and none is. */
async function applyYears(
  tx: TDatabase,
  context: TApplyContext,
  existing: (typeof academicYears.$inferSelect)[],
  rows: TParsedRow<TSessionRow>[],
) {
  const byYear = new Map(existing.map((year) => [year.year, year]));
  let hasCurrent = existing.some((year) => year.status === 'C');
  const valid: TParsedRow<TSessionRow>[] = [];
  for (const row of rows) {
    const sameId = existing.find((year) => year.sourcedId === row.value.sourcedId);
    const sameYear = byYear.get(row.value.schoolYear);
    if (sameId && sameId.year !== row.value.schoolYear) {
      reportProblem(
        context,
        row.row,
        'schoolYear',
        `this school year was ${sameId.year}; a year's key cannot change`,
      );
    } else if (sameYear?.sourcedId && sameYear.sourcedId !== row.value.sourcedId) {
      reportProblem(
        context,
        row.row,
        'schoolYear',
        `year ${row.value.schoolYear} is already ${sameYear.sourcedId}`,
      );
    } else valid.push(row);
  }
  return upsertRows(tx, academicYears, {
    target: [academicYears.schoolId, academicYears.year],
    update: [
      academicYears.description,
      academicYears.startsOn,
      academicYears.endsOn,
      academicYears.sourcedId,
    ],
    rows: valid.map(({ value }) => {
      const current =
        !hasCurrent &&
        !byYear.has(value.schoolYear) &&
        value.startsOn <= context.today &&
        context.today <= value.endsOn;
      if (current) hasCurrent = true;
      return {
        schoolId: context.schoolId,
        year: value.schoolYear,
        description: value.titleEn,
        startsOn: value.startsOn,
        endsOn: value.endsOn,
        status: current ? 'C' : 'A',
        sourcedId: value.sourcedId,
      };
    }),
  });
}
