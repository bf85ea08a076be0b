import { and, eq, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { classAmbassadors, classes, parents } from '../../db/schema/index.ts';
import {
  among,
  appliedCounts,
  batchesOf,
  byStatus,
  removeRows,
  sourcedIdsOf,
  upsertRows,
} from '../../kits/bundle-apply.ts';
import { rowReader } from '../../kits/bundle-fields.ts';
import type { TBundleFileHandler } from '../../kits/bundle-file.ts';
import { titleOf } from '../../kits/portal-columns.ts';
import { checkReferences, idsAmong } from '../../kits/school-ids.ts';
import { boundedText } from './news-columns.ts';

// ambassadors.csv (docs/school-data.md): the class ambassadors the school names, parents who
// represent a homeroom class, with their deputies. The school may link one to the parent's
// account (`parentSourcedId`, a guardian of users.csv): that parent's page then says "you".
// A parent applies to be one through the portal (a request of kind `ambassador`,
// ambassador-applications.ts); the school names them here once it has decided.

export const AMBASSADOR_ROLES = ['ambassador', 'deputy'] as const;
/** The longest address a row may give. */
const MAX_EMAIL_LENGTH = 254;
const EMAIL = /^[^\s@<>"',;]+@[^\s@<>"',;]+\.[^\s@<>"',;]+$/;

type TAmbassadorRow = {
  sourcedId: string;
  classId: string;
  parentSourcedId: string | null;
  nameEn: string;
  nameAr: string;
  role: (typeof AMBASSADOR_ROLES)[number];
  email: string;
  sinceOn: string | null;
};

/** The portal's parent id of each guardian among these `sourcedId`s (users.csv) of the school. */
async function parentIdsOf(tx: TDatabase, schoolId: string, sourcedIds: readonly string[]) {
  const found = new Map<string, string>();
  for (const batch of batchesOf([...new Set(sourcedIds)], 1)) {
    const rows = await tx
      .select({ sourcedId: sql<string>`${parents.sourcedId}`, parentId: parents.parentId })
      .from(parents)
      .where(and(eq(parents.schoolId, schoolId), among(parents.sourcedId, batch)));
    for (const row of rows) found.set(row.sourcedId, row.parentId);
  }
  return found;
}

export const ambassadorsFile: TBundleFileHandler<TAmbassadorRow> = {
  file: 'ambassadors.csv',
  columns: ['sourcedId', 'classSourcedId', 'name_en'],
  optionalColumns: ['name_ar', 'parentSourcedId', 'role', 'email', 'sinceOn'],
  after: ['classes.csv', 'users.csv'],
  keyColumn: 'sourcedId',
  parseRow(record, row, status) {
    const read = rowReader(record, row);
    const required = { required: status === 'active' };
    const value: TAmbassadorRow = {
      sourcedId: read.text('sourcedId', { required: true }),
      classId: read.text('classSourcedId', required),
      parentSourcedId: read.text('parentSourcedId') || null,
      nameEn: titleOf(read, 'name_en', required),
      nameAr: titleOf(read, 'name_ar'),
      role: read.oneOf('role', AMBASSADOR_ROLES) ?? 'ambassador',
      email: boundedText(read, 'email', MAX_EMAIL_LENGTH).toLowerCase(),
      sinceOn: read.day('sinceOn'),
    };
    if (value.email !== '' && !EMAIL.test(value.email))
      read.problem('email', `"${value.email.slice(0, 100)}" is not an email address`);
    return read.problems.length > 0 ? { problems: read.problems } : { value };
  },
  async apply(tx, context, rows) {
    const { schoolId } = context;
    const { active, deleted } = byStatus(rows);
    const parentIds = await parentIdsOf(
      tx,
      schoolId,
      active.flatMap(({ value }) => value.parentSourcedId ?? []),
    );
    const valid = await checkReferences(tx, context, active, [
      {
        column: 'classSourcedId',
        idOf: (value) => value.classId,
        // Parents see the ambassadors of their child's homeroom: a class of one subject has none.
        known: (ids) =>
          idsAmong(
            tx,
            schoolId,
            {
              school: classes.schoolId,
              id: classes.classId,
              removedAt: classes.removedAt,
              where: eq(classes.classType, 'homeroom'),
            },
            ids,
          ),
        unknown: (id) =>
          `no homeroom class of the school has the id "${id}" (ambassadors represent a homeroom)`,
      },
      {
        column: 'parentSourcedId',
        idOf: (value) => value.parentSourcedId,
        known: async () => new Set(parentIds.keys()),
        unknown: (id) => `no guardian of the school has the id "${id}" (users.csv)`,
      },
    ]);
    const written = await upsertRows(tx, classAmbassadors, {
      target: [classAmbassadors.schoolId, classAmbassadors.ambassadorId],
      update: [
        classAmbassadors.classId,
        classAmbassadors.parentId,
        classAmbassadors.nameEn,
        classAmbassadors.nameAr,
        classAmbassadors.role,
        classAmbassadors.email,
        classAmbassadors.sinceOn,
        classAmbassadors.removedAt,
      ],
      rows: valid.map(({ value }) => ({
        schoolId,
        ambassadorId: value.sourcedId,
        classId: value.classId,
        parentId: value.parentSourcedId ? (parentIds.get(value.parentSourcedId) ?? null) : null,
        nameEn: value.nameEn,
        nameAr: value.nameAr,
        role: value.role,
        email: value.email,
        sinceOn: value.sinceOn,
        removedAt: null,
      })),
    });
    const removed = await removeRows(tx, context, classAmbassadors, {
      school: classAmbassadors.schoolId,
      id: classAmbassadors.ambassadorId,
      removedAt: classAmbassadors.removedAt,
      deleted: sourcedIdsOf(deleted),
      kept: sourcedIdsOf(active),
    });
    return appliedCounts(rows.length, written, removed);
  },
};
