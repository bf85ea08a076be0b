import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  normalProfileValue,
  PARENT_DETAIL_FIELDS,
  profileValueProblem,
  STUDENT_DETAIL_FIELDS,
  type TProfileFieldSpec,
} from '@portal/contracts/families/profiles';
import type { TDatabase } from '../../db/client.ts';
import { parentDetails, parents, studentProfileDetails } from '../../db/schema/index.ts';
import { batchesOf, byStatus, fileCounts, removeRows, upsertRows } from '../../kits/bundle-apply.ts';
import { rowReader } from '../../kits/bundle-fields.ts';
import type {
  TAnyBundleFileHandler,
  TApplyContext,
  TBundleFileHandler,
  TParsedRow,
} from '../../kits/bundle-file.ts';
import { checkReferences } from '../../kits/school-ids.ts';

// The parents' and the children's details (docs/school-data.md, "parent_details.csv" and
// "student_details.csv"; docs/modules.md F6): a row per parent (by the OneRoster sourcedId of
// the guardian) or per child (by enrolment number), a column per field of the field sets
// (packages/contracts/src/families/profiles.ts). A column the header lacks keeps the stored
// values; an empty cell empties the field. A `tobedeleted` row, or a parent or child a bulk file
// no longer lists, loses every detail.

/** A national identity number: letters, digits, spaces and dashes. */
const NATIONAL_ID = /^[A-Za-z0-9 -]{4,32}$/;

type TDetailsRow = { id: string; values: Record<string, string> };

/** Reads the field columns the header holds, each checked as its field is. */
function detailsParser(keyColumn: string, specs: readonly TProfileFieldSpec[]) {
  return (record: Readonly<Record<string, string>>, row: number) => {
    const read = rowReader(record, row);
    const id = read.text(keyColumn, { required: true });
    const values: Record<string, string> = {};
    for (const spec of specs) {
      const raw = read.extension(spec.key);
      if (raw === undefined) continue;
      const value = normalProfileValue(raw);
      // The school may lack a value the parent may not empty: only what is given is checked.
      const problem =
        value === ''
          ? null
          : spec.kind === 'masked'
            ? NATIONAL_ID.test(value)
              ? null
              : 'invalid'
            : profileValueProblem({ ...spec, required: false }, value);
      if (problem === 'tooLong') read.problem(spec.key, `longer than ${spec.max} characters`);
      else if (problem)
        read.problem(
          spec.key,
          spec.choices
            ? `"${value.slice(0, 40)}" is not one of: ${spec.choices.join(', ')}`
            : `"${value.slice(0, 40)}" is not valid here`,
        );
      values[spec.key] = value;
    }
    return read.problems.length > 0 ? { problems: read.problems } : { value: { id, values } };
  };
}

type TDetailsTable = {
  table: PgTable;
  school: PgColumn;
  id: PgColumn;
  field: PgColumn;
  value: PgColumn;
  /** The row of the table for one field of a record. */
  rowOf: (schoolId: string, id: string, field: string, value: string) => Record<string, unknown>;
};

/** Writes the rows' details: given values upserted, emptied ones deleted; removed records lose all. */
async function applyDetails(
  tx: TDatabase,
  context: TApplyContext,
  target: TDetailsTable,
  active: readonly TParsedRow<TDetailsRow>[],
  deletedIds: readonly string[],
) {
  const { schoolId } = context;
  const written = await upsertRows(tx, target.table, {
    target: [target.school, target.id, target.field],
    update: [target.value],
    key: target.id,
    rows: active.flatMap(({ value }) =>
      Object.entries(value.values)
        .filter(([, text]) => text !== '')
        .map(([field, text]) => target.rowOf(schoolId, value.id, field, text) as never),
    ),
  });
  // The fields a row leaves empty are deleted, many (record, field) pairs a statement.
  const empty = active.flatMap(({ value }) =>
    Object.entries(value.values)
      .filter(([, text]) => text === '')
      .map(([field]) => sql`(${value.id}, ${field})`),
  );
  const emptiedIds = new Set<string>();
  for (const pairs of batchesOf(empty, 2)) {
    const gone = await tx
      .delete(target.table)
      .where(
        and(
          eq(target.school, schoolId),
          sql`(${target.id}, ${target.field}) in (${sql.join(pairs, sql`, `)})`,
        ) as SQL,
      )
      .returning({ id: target.id });
    for (const row of gone) emptiedIds.add(row.id as string);
  }
  const emptied = emptiedIds.size;
  const removed = await removeRows(tx, context, target.table, {
    school: target.school,
    id: target.id,
    deleted: deletedIds,
    kept: active.map(({ value }) => value.id),
  });
  const added = new Set(written.addedKeys);
  const changed = new Set(written.changedKeys.filter((key) => !added.has(key)));
  return fileCounts({
    rows: active.length + deletedIds.length,
    added: added.size,
    changed: changed.size + emptied,
    removedByRows: new Set(removed.byRows).size,
    removedMissing: new Set(removed.missing).size,
  });
}

/** The parent ids of these guardians' sourcedIds, among the school's parents. */
async function parentsBySourcedId(tx: TDatabase, schoolId: string, sourcedIds: readonly string[]) {
  const found = new Map<string, string>();
  for (const batch of batchesOf([...new Set(sourcedIds)], 1)) {
    const rows = await tx
      .select({ sourcedId: parents.sourcedId, parentId: parents.parentId })
      .from(parents)
      .where(
        and(eq(parents.schoolId, schoolId), isNotNull(parents.sourcedId), inArray(parents.sourcedId, batch)),
      );
    for (const row of rows) if (row.sourcedId) found.set(row.sourcedId, row.parentId);
  }
  return found;
}

const parentTable: TDetailsTable = {
  table: parentDetails,
  school: parentDetails.schoolId,
  id: parentDetails.parentId,
  field: parentDetails.field,
  value: parentDetails.value,
  rowOf: (schoolId, parentId, field, value) => ({ schoolId, parentId, field, value }),
};

const studentTable: TDetailsTable = {
  table: studentProfileDetails,
  school: studentProfileDetails.schoolId,
  id: studentProfileDetails.enrollNumber,
  field: studentProfileDetails.field,
  value: studentProfileDetails.value,
  rowOf: (schoolId, enrollNumber, field, value) => ({ schoolId, enrollNumber, field, value }),
};

export const parentDetailsFile: TBundleFileHandler<TDetailsRow> = {
  file: 'parent_details.csv',
  columns: ['parentSourcedId'],
  optionalColumns: ['sourcedId', ...PARENT_DETAIL_FIELDS.map((spec) => spec.key)],
  after: ['users.csv'],
  keyColumn: 'parentSourcedId',
  parseRow: detailsParser('parentSourcedId', PARENT_DETAIL_FIELDS),
  async apply(tx, context, rows) {
    const { active, deleted } = byStatus(rows);
    const parentOf = await parentsBySourcedId(
      tx,
      context.schoolId,
      rows.map(({ value }) => value.id),
    );
    const valid = await checkReferences(tx, context, active, [
      {
        column: 'parentSourcedId',
        idOf: (value) => value.id,
        known: async () => new Set(parentOf.keys()),
        unknown: (id) => `no parent of the school has the sourcedId "${id}" (users.csv)`,
      },
    ]);
    const toParent = (row: TParsedRow<TDetailsRow>) => {
      const parentId = parentOf.get(row.value.id);
      return parentId ? [{ ...row, value: { ...row.value, id: parentId } }] : [];
    };
    return applyDetails(
      tx,
      context,
      parentTable,
      valid.flatMap(toParent),
      deleted.flatMap((row) => parentOf.get(row.value.id) ?? []),
    );
  },
};

export const studentDetailsFile: TBundleFileHandler<TDetailsRow> = {
  file: 'student_details.csv',
  columns: ['enrollNumber'],
  optionalColumns: ['sourcedId', ...STUDENT_DETAIL_FIELDS.map((spec) => spec.key)],
  after: ['users.csv'],
  keyColumn: 'enrollNumber',
  parseRow: detailsParser('enrollNumber', STUDENT_DETAIL_FIELDS),
  async apply(tx, context, rows) {
    const { active, deleted } = byStatus(rows);
    const valid = await checkReferences(tx, context, active, [
      { kind: 'student', column: 'enrollNumber', idOf: (value) => value.id },
    ]);
    return applyDetails(
      tx,
      context,
      studentTable,
      valid,
      deleted.map((row) => row.value.id),
    );
  },
};

/** The details files of a school-data bundle. */
export const profileBundleFiles: TAnyBundleFileHandler[] = [parentDetailsFile, studentDetailsFile];
