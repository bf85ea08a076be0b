import { eq } from 'drizzle-orm';
import type { TDatabase } from '../../../db/client.ts';
import { enrollments } from '../../../db/schema/index.ts';
import {
  appliedCounts,
  byStatus,
  removeRows,
  reportProblem,
  sourcedIdsOf,
  upsertRows,
} from '../../../kits/bundle-apply.ts';
import { rowReader } from '../../../kits/bundle-fields.ts';
import type { TBundleFileHandler } from '../../../kits/bundle-file.ts';
import { ENROLLMENTS } from './columns.ts';
import {
  enrollNumbersBySourcedId,
  liveClassIds,
  liveStaffIds,
  referencesKnown,
  type TReference,
} from './references.ts';
import { checkSchoolOrg, schoolOrgOf } from './state.ts';

// enrollments.csv: who is in which class, a student by enrolment number or a teacher by staff
// id (docs/school-data.md). Administrators', aides' and proctors' enrollments are read and not
// kept.

const ROLES = ['student', 'teacher', 'administrator', 'aide', 'proctor'] as const;

type TEnrollmentRow = {
  sourcedId: string;
  classSourcedId: string;
  userSourcedId: string;
  schoolSourcedId: string;
  role: (typeof ROLES)[number] | null;
  primary: boolean;
  beginsOn: string | null;
  endsOn: string | null;
};

async function referencesOf(tx: TDatabase, schoolId: string) {
  return {
    classes: await liveClassIds(tx, schoolId),
    enrollOf: await enrollNumbersBySourcedId(tx, schoolId),
    staff: await liveStaffIds(tx, schoolId),
    existing: await tx
      .select({
        id: enrollments.enrollmentId,
        classId: enrollments.classId,
        role: enrollments.role,
        personId: enrollments.personId,
      })
      .from(enrollments)
      .where(eq(enrollments.schoolId, schoolId)),
  };
}

const placeOf = (classId: string, role: string, personId: string) =>
  `${classId}\u001f${role}\u001f${personId}`;

export const enrollmentsFile: TBundleFileHandler<TEnrollmentRow> = {
  file: 'enrollments.csv',
  columns: ENROLLMENTS.read,
  optionalColumns: ENROLLMENTS.other,
  after: ['orgs.csv', 'classes.csv', 'users.csv'],
  keyColumn: 'sourcedId',
  parseRow(record, row, status) {
    const read = rowReader(record, row);
    const required = { required: status === 'active' };
    const value = {
      sourcedId: read.text('sourcedId', { required: true }),
      classSourcedId: read.text('classSourcedId', required),
      userSourcedId: read.text('userSourcedId', required),
      schoolSourcedId: read.text('schoolSourcedId'),
      role: read.oneOf('role', ROLES, required),
      primary: read.boolean('primary', false),
      beginsOn: read.day('beginDate'),
      endsOn: read.day('endDate'),
    };
    if (value.beginsOn && value.endsOn && value.endsOn < value.beginsOn) {
      read.problem('endDate', 'the end comes before the start');
    }
    return read.problems.length > 0 ? { problems: read.problems } : { value };
  },
  async apply(tx, context, rows) {
    const schoolOrg = await schoolOrgOf(tx, context);
    const { active, deleted } = byStatus(rows);
    const removed = await removeRows(tx, context, enrollments, {
      school: enrollments.schoolId,
      id: enrollments.enrollmentId,
      deleted: sourcedIdsOf(deleted),
      kept: sourcedIdsOf(active),
    });
    const known = await referencesOf(tx, context.schoolId);
    const taken = new Map(
      known.existing.map((place) => [placeOf(place.classId, place.role, place.personId), place.id]),
    );
    const kept = [];
    for (const { row, value } of active) {
      if (!checkSchoolOrg(context, schoolOrg, row, 'schoolSourcedId', value.schoolSourcedId)) continue;
      const inClass: TReference = ['classSourcedId', value.classSourcedId, known.classes, 'a class'];
      if (!referencesKnown(context, row, [inClass])) continue;
      if (value.role !== 'student' && value.role !== 'teacher') continue;
      const personId =
        value.role === 'student'
          ? known.enrollOf.get(value.userSourcedId)
          : known.staff.has(value.userSourcedId)
            ? value.userSourcedId
            : undefined;
      if (!personId) {
        reportProblem(
          context,
          row,
          'userSourcedId',
          `"${value.userSourcedId}" is not a ${value.role} of the school`,
        );
        continue;
      }
      const place = placeOf(value.classSourcedId, value.role, personId);
      const holder = taken.get(place);
      if (holder !== undefined && holder !== value.sourcedId) {
        reportProblem(
          context,
          row,
          'sourcedId',
          `enrollment ${holder} puts this ${value.role} in this class already`,
        );
        continue;
      }
      taken.set(place, value.sourcedId);
      kept.push({ value, personId, role: value.role });
    }
    const result = await upsertRows(tx, enrollments, {
      target: [enrollments.schoolId, enrollments.enrollmentId],
      update: [
        enrollments.classId,
        enrollments.role,
        enrollments.personId,
        enrollments.primary,
        enrollments.beginsOn,
        enrollments.endsOn,
      ],
      rows: kept.map(({ value, personId, role }) => ({
        schoolId: context.schoolId,
        enrollmentId: value.sourcedId,
        classId: value.classSourcedId,
        role,
        personId,
        primary: value.primary,
        beginsOn: value.beginsOn,
        endsOn: value.endsOn,
      })),
    });
    return appliedCounts(rows.length, result, removed);
  },
};
