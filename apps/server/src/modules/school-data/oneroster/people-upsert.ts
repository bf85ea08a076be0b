import type { TDatabase } from '../../../db/client.ts';
import { parents, staff, students } from '../../../db/schema/index.ts';
import { reportProblem, upsertRows } from '../../../kits/bundle-apply.ts';
import type { TApplyContext } from '../../../kits/bundle-file.ts';
import type { TRowOutcomes } from './outcomes.ts';
import type { TPeople } from './people.ts';
import type { TStaffRole } from './state.ts';
import { fullNameOf, type TUserRow } from './user-row.ts';

// Writing the people of users.csv (docs/school-data.md): students keyed by their enrolment
// number, parents by the portal's parent id (a guardian new to the school system is matched
// to the school's parent with the same email), staff by their sourcedId.

type TRows = { row: number; value: TUserRow }[];

/** Marks each row added or changed from the keys the upsert answered. */
function recordOutcomes(
  outcomes: TRowOutcomes,
  rowOfKey: Map<string, number>,
  result: { addedKeys: string[]; changedKeys: string[] },
) {
  for (const key of result.addedKeys) outcomes.added(rowOfKey.get(key) ?? -1);
  for (const key of result.changedKeys) outcomes.changed(rowOfKey.get(key) ?? -1);
}

/** Adds and updates students; answers each valid row's enrolment number by its sourcedId. */
export async function upsertStudents(
  tx: TDatabase,
  context: TApplyContext,
  rows: TRows,
  people: TPeople,
  currentYear: string,
  outcomes: TRowOutcomes,
): Promise<Map<string, string>> {
  const enrollOf = new Map<string, string>();
  const rowOfKey = new Map<string, number>();
  for (const { row, value } of rows) {
    const was = people.studentBySourced.get(value.sourcedId);
    const holder = people.studentByEnroll.get(value.identifier);
    if (was && was !== value.identifier) {
      reportProblem(
        context,
        row,
        'identifier',
        `this student's enrolment number is ${was}; it cannot change`,
      );
    } else if (holder && holder !== value.sourcedId) {
      reportProblem(
        context,
        row,
        'identifier',
        `enrolment number ${value.identifier} is another student's (${holder})`,
      );
    } else if (rowOfKey.has(value.identifier)) {
      reportProblem(context, row, 'identifier', `enrolment number ${value.identifier} is in the file twice`);
    } else {
      enrollOf.set(value.sourcedId, value.identifier);
      rowOfKey.set(value.identifier, row);
    }
  }
  const valid = rows.filter((row) => enrollOf.has(row.value.sourcedId));
  const hasCurriculum = valid[0]?.value.curriculumCode !== undefined;
  const result = await upsertRows(tx, students, {
    target: [students.schoolId, students.enrollNumber],
    update: [
      students.academicStatus,
      students.fullName,
      students.passportFirstNameEn,
      students.passportMiddleNameEn,
      students.passportLastNameEn,
      students.sourcedId,
      ...(hasCurriculum ? [students.curriculumCode] : []),
    ],
    key: students.enrollNumber,
    rows: valid.map(({ value }) => ({
      schoolId: context.schoolId,
      enrollNumber: value.identifier,
      academicStatus: value.enabled ? 'Active' : 'Inactive',
      fullName: fullNameOf(value),
      passportFirstNameEn: value.givenName,
      passportMiddleNameEn: value.middleName,
      passportLastNameEn: value.familyName,
      academicYear: currentYear,
      curriculumCode: value.curriculumCode ?? '',
      gradeCode: '',
      sectionCode: '',
      gradeNameEn: '',
      sectionNameEn: '',
      sourcedId: value.sourcedId,
    })),
  });
  recordOutcomes(outcomes, rowOfKey, result);
  return enrollOf;
}

/** The parent a guardian row is: known by sourcedId, else the one parent with its email, else new. */
function resolveParent(context: TApplyContext, people: TPeople, row: number, value: TUserRow) {
  const known = people.parentBySourced.get(value.sourcedId);
  if (known) return { parentId: known, isNew: false };
  const sameEmail = people.unsourcedParentsByEmail.get(value.email.toLowerCase()) ?? [];
  if (sameEmail.length > 1) {
    reportProblem(
      context,
      row,
      'email',
      `${sameEmail.length} parents of the school have this email; the portal cannot tell which`,
    );
    return null;
  }
  if (sameEmail[0]) return { parentId: sameEmail[0], isNew: false };
  if (people.parentIds.has(value.sourcedId)) {
    reportProblem(
      context,
      row,
      'sourcedId',
      `parent id ${value.sourcedId} is taken by another parent of the school`,
    );
    return null;
  }
  return { parentId: value.sourcedId, isNew: true };
}

/** Adds and updates parents; answers each valid row's parent id by its sourcedId. */
export async function upsertParents(
  tx: TDatabase,
  context: TApplyContext,
  rows: TRows,
  people: TPeople,
  outcomes: TRowOutcomes,
): Promise<Map<string, string>> {
  const parentOf = new Map<string, string>();
  const rowOfKey = new Map<string, number>();
  const usernames = new Map(people.parentByUsername);
  const values = [];
  for (const { row, value } of rows) {
    const resolved = resolveParent(context, people, row, value);
    if (!resolved) continue;
    const username = value.username || value.email;
    const holder = usernames.get(username.toLowerCase());
    if (rowOfKey.has(resolved.parentId)) {
      reportProblem(context, row, 'email', `the same parent as row ${rowOfKey.get(resolved.parentId)}`);
      continue;
    }
    if (resolved.isNew && holder !== undefined) {
      reportProblem(
        context,
        row,
        value.username ? 'username' : 'email',
        `username ${username} is another parent's`,
      );
      continue;
    }
    usernames.set(username.toLowerCase(), resolved.parentId);
    parentOf.set(value.sourcedId, resolved.parentId);
    rowOfKey.set(resolved.parentId, row);
    values.push({ resolved, username, value });
  }
  const hasNameAr = values[0]?.value.nameAr !== undefined;
  const result = await upsertRows(tx, parents, {
    target: [parents.schoolId, parents.parentId],
    update: [parents.nameEn, parents.email, parents.sourcedId, ...(hasNameAr ? [parents.nameAr] : [])],
    key: parents.parentId,
    rows: values.map(({ resolved, username, value }) => ({
      schoolId: context.schoolId,
      parentId: resolved.parentId,
      username,
      nameEn: fullNameOf(value),
      nameAr: value.nameAr ?? '',
      email: value.email,
      sourcedId: value.sourcedId,
    })),
  });
  recordOutcomes(outcomes, rowOfKey, result);
  return parentOf;
}

/** Adds and updates staff (and takes back removed ones). */
export async function upsertStaff(
  tx: TDatabase,
  context: TApplyContext,
  rows: { row: number; value: TUserRow; role: TStaffRole }[],
  outcomes: TRowOutcomes,
): Promise<void> {
  const rowOfKey = new Map(rows.map(({ row, value }) => [value.sourcedId, row]));
  const first = rows[0]?.value;
  const extensions = [
    ...(first?.nameAr !== undefined ? [staff.nameAr] : []),
    ...(first?.titleEn !== undefined ? [staff.titleEn] : []),
    ...(first?.titleAr !== undefined ? [staff.titleAr] : []),
  ];
  const result = await upsertRows(tx, staff, {
    target: [staff.schoolId, staff.staffId],
    update: [staff.role, staff.nameEn, staff.email, staff.removedAt, ...extensions],
    key: staff.staffId,
    rows: rows.map(({ value, role }) => ({
      schoolId: context.schoolId,
      staffId: value.sourcedId,
      role,
      nameEn: fullNameOf(value),
      nameAr: value.nameAr ?? '',
      email: value.email,
      titleEn: value.titleEn ?? '',
      titleAr: value.titleAr ?? '',
      removedAt: null,
    })),
  });
  recordOutcomes(outcomes, rowOfKey, result);
}
