import { desc, eq } from 'drizzle-orm';
import type { TDatabase } from '../../../db/client.ts';
import { academicYears } from '../../../db/schema/index.ts';
import { byStatus, reportProblem } from '../../../kits/bundle-apply.ts';
import type {
  TApplyContext,
  TBundleFileHandler,
  TFileCounts,
  TParsedRow,
} from '../../../kits/bundle-file.ts';
import { USERS_1_1, USERS_1_2 } from './columns.ts';
import { applyLinks } from './links.ts';
import { rowOutcomes, type TRowOutcomes } from './outcomes.ts';
import { groupOf, loadPeople, removeParents, removeStaff, removeStudents, type TPeople } from './people.ts';
import { upsertParents, upsertStaff, upsertStudents } from './people-upsert.ts';
import { isStaffRole, rosterState, type TPortalRole, type TStaffRole } from './state.ts';
import { checkForRole, parseUserRow, type TUserRow } from './user-row.ts';

// users.csv: students, parents and guardians, staff (docs/school-data.md). In OneRoster 1.1 a
// row says its role; in 1.2 roles.csv does, and is applied first.

type TRow = TParsedRow<TUserRow>;
type TRoled = { row: number; value: TUserRow; role: TPortalRole };

/** The school's current academic year (else its latest), which new students start in. */
async function currentYearOf(tx: TDatabase, schoolId: string): Promise<string> {
  const years = await tx
    .select({ year: academicYears.year, status: academicYears.status })
    .from(academicYears)
    .where(eq(academicYears.schoolId, schoolId))
    .orderBy(desc(academicYears.year));
  return (years.find((year) => year.status === 'C') ?? years[0])?.year ?? '';
}

/** Each active row with its role, or a problem when it has none or would change kind. */
function roleRows(context: TApplyContext, rows: TRow[], people: TPeople): TRoled[] {
  const roles = rosterState(context).roles;
  const roled: TRoled[] = [];
  for (const { row, value } of rows) {
    const was = people.roleOf(value.sourcedId);
    const stored = was === 'staff' ? (people.liveStaff.get(value.sourcedId) as TStaffRole) : was;
    const role = value.role ?? roles.get(value.sourcedId) ?? stored;
    const column = context.version === '1.1' ? 'role' : 'sourcedId';
    if (!role) {
      reportProblem(context, row, column, 'roles.csv gives this user no role');
    } else if (was && groupOf(role) !== was) {
      reportProblem(
        context,
        row,
        column,
        `this user is a ${was} in the portal and cannot become a ${groupOf(role)}`,
      );
    } else if (checkForRole(value, role, (where, message) => reportProblem(context, row, where, message))) {
      roled.push({ row, value, role });
    }
  }
  return roled;
}

/** Removes what tobedeleted rows name and, in a bulk file, the people it no longer lists. */
async function removePeople(
  tx: TDatabase,
  context: TApplyContext,
  rows: TRow[],
  people: TPeople,
  outcomes: TRowOutcomes,
) {
  const { active, deleted } = byStatus(rows);
  const students = new Set<string>();
  const parents = new Set<string>();
  const staff = new Set<string>();
  const take = (sourcedId: string): boolean => {
    const student = people.studentBySourced.get(sourcedId);
    const parent = people.parentBySourced.get(sourcedId);
    if (student) students.add(student);
    else if (parent) parents.add(parent);
    else if (people.liveStaff.has(sourcedId)) staff.add(sourcedId);
    else return false;
    return true;
  };
  for (const { row, value } of deleted) if (take(value.sourcedId)) outcomes.removed(row);
  if (context.mode === 'bulk') {
    const listed = new Set(active.map((row) => row.value.sourcedId));
    let missing = 0;
    const everyone = [
      ...people.studentBySourced.keys(),
      ...people.parentBySourced.keys(),
      ...people.liveStaff.keys(),
    ];
    for (const sourcedId of everyone) if (!listed.has(sourcedId) && take(sourcedId)) missing++;
    outcomes.removedMissing(missing);
  }
  await removeStudents(tx, context.schoolId, [...students]);
  await removeParents(tx, context.schoolId, [...parents]);
  await removeStaff(tx, context.schoolId, [...staff]);
  return { students, parents };
}

async function applyUsers(tx: TDatabase, context: TApplyContext, rows: TRow[]): Promise<TFileCounts> {
  const people = await loadPeople(tx, context.schoolId);
  const outcomes = rowOutcomes();
  const roled = roleRows(context, byStatus(rows).active, people);
  const removed = await removePeople(tx, context, rows, people, outcomes);
  const of = (role: 'student' | 'parent') => roled.filter((user) => user.role === role);
  const enrollOf = await upsertStudents(
    tx,
    context,
    of('student'),
    people,
    await currentYearOf(tx, context.schoolId),
    outcomes,
  );
  const parentOf = await upsertParents(tx, context, of('parent'), people, outcomes);
  const staffRows = roled.flatMap(({ row, value, role }) =>
    isStaffRole(role) ? [{ row, value, role }] : [],
  );
  await upsertStaff(tx, context, staffRows, outcomes);
  const existingStudent = (sourcedId: string) => {
    const enrollNumber = people.studentBySourced.get(sourcedId);
    return enrollNumber && !removed.students.has(enrollNumber) ? enrollNumber : undefined;
  };
  const existingParent = (sourcedId: string) => {
    const parentId = people.parentBySourced.get(sourcedId);
    return parentId && !removed.parents.has(parentId) ? parentId : undefined;
  };
  await applyLinks(
    tx,
    context,
    {
      parentRows: of('parent').flatMap(({ row, value }) => {
        const parentId = parentOf.get(value.sourcedId);
        return parentId ? [{ row, agents: value.agents, parentId }] : [];
      }),
      studentRows: of('student').flatMap(({ row, value }) => {
        const enrollNumber = enrollOf.get(value.sourcedId);
        return enrollNumber ? [{ row, agents: value.agents, enrollNumber }] : [];
      }),
      studentOf: (sourcedId) => enrollOf.get(sourcedId) ?? existingStudent(sourcedId),
      parentOf: (sourcedId) => parentOf.get(sourcedId) ?? existingParent(sourcedId),
    },
    outcomes,
  );
  return outcomes.counts(rows.length);
}

export const usersFile11: TBundleFileHandler<TUserRow> = {
  file: 'users.csv',
  versions: ['1.1'],
  columns: USERS_1_1.read,
  optionalColumns: USERS_1_1.other,
  after: ['orgs.csv', 'academicSessions.csv'],
  keyColumn: 'sourcedId',
  parseRow: (record, row, status) => parseUserRow(record, row, status, '1.1'),
  apply: applyUsers,
};

export const usersFile12: TBundleFileHandler<TUserRow> = {
  ...usersFile11,
  versions: ['1.2'],
  columns: USERS_1_2.read,
  optionalColumns: USERS_1_2.other,
  after: ['orgs.csv', 'academicSessions.csv', 'roles.csv'],
  parseRow: (record, row, status) => parseUserRow(record, row, status, '1.2'),
};
