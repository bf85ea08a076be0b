import {
  BULK_ROSTER_FILES,
  csvText,
  manifestText,
  primaryRolesText,
  schoolOrgText,
} from '../../modules/school-data/csv-text.ts';
import { DEMO_ACADEMIC_YEARS, type TDemoChild, type TDemoSchool } from './demo-schools.ts';
import { demoRoster } from './demo-roster.ts';

// The demo schools' rosters as a school's system would send them: a OneRoster 1.2 bundle per
// school (docs/school-data.md), which the demo seed puts in through the same import as a
// school's bundle. Every id is the demo's own: parent ids, usernames, enrolment numbers.

/** The sourcedIds the demo bundle gives its org, school years and students. */
export const demoOrgId = (schoolId: string) => `org-${schoolId}`;
export const demoYearId = (year: string) => `sy-${year}`;
export const demoStudentId = (enrollNumber: string) => `stu-${enrollNumber}`;

const CURRENT_YEAR = DEMO_ACADEMIC_YEARS.find((year) => year.status === 'C') ?? DEMO_ACADEMIC_YEARS[0];

/** The current year's three terms. */
const TERMS = [
  { termId: 'term-2026-1', en: 'Term 1', ar: 'الفصل الأول', starts: '2026-08-24', ends: '2026-12-11' },
  { termId: 'term-2026-2', en: 'Term 2', ar: 'الفصل الثاني', starts: '2027-01-04', ends: '2027-03-26' },
  { termId: 'term-2026-3', en: 'Term 3', ar: 'الفصل الثالث', starts: '2027-04-12', ends: '2027-07-02' },
];

/** The demo children's sex, by first name. */
const FEMALE_NAMES = new Set(['Layla', 'Nour', 'Aisha', 'Mariam', 'Emma', 'Reem']);

const USER_COLUMNS = [
  'sourcedId',
  'status',
  'dateLastModified',
  'enabledUser',
  'username',
  'givenName',
  'familyName',
  'middleName',
  'identifier',
  'email',
  'agentSourcedIds',
  'metadata.nameAr',
  'metadata.titleEn',
  'metadata.titleAr',
  'metadata.curriculumCode',
];

/** A name split as OneRoster writes it: the first word, then the rest. */
function splitName(name: string) {
  const [givenName = '', ...rest] = name.split(' ');
  return { givenName, familyName: rest.join(' ') };
}

/** A birth date that fits the child's grade (six at the start of grade 1), the same at every start. */
function birthDateOf(child: TDemoChild): string {
  const seed = [...child.enrollNumber].reduce((sum, char) => sum + char.charCodeAt(0), 0);
  const year = Number(CURRENT_YEAR.year) - 6 - Number(child.gradeCode) + 1;
  const month = String((seed % 12) + 1).padStart(2, '0');
  const day = String((seed % 28) + 1).padStart(2, '0');
  return `${year}-${month}-${day}`;
}

function usersOf(school: TDemoSchool) {
  const roster = demoRoster(school);
  const parents = school.parents.map((parent) => ({
    sourcedId: parent.parentId,
    enabledUser: 'true',
    username: parent.username,
    ...splitName(parent.nameEn),
    email: parent.username,
    agentSourcedIds: parent.children.map((child) => demoStudentId(child.enrollNumber)).join(','),
    'metadata.nameAr': parent.nameAr,
  }));
  const students = school.parents.flatMap((parent) =>
    parent.children.map((child) => ({
      sourcedId: demoStudentId(child.enrollNumber),
      enabledUser: 'true',
      username: child.enrollNumber.toLowerCase(),
      givenName: child.first,
      middleName: child.middle,
      familyName: child.last,
      identifier: child.enrollNumber,
      agentSourcedIds: parent.parentId,
      'metadata.curriculumCode': 'CBSE',
    })),
  );
  const staff = roster.staff.map((member) => ({
    sourcedId: member.staffId,
    enabledUser: 'true',
    username: member.email,
    ...splitName(member.nameEn),
    email: member.email,
    'metadata.nameAr': member.nameAr,
    'metadata.titleEn': member.titleEn,
    'metadata.titleAr': member.titleAr,
  }));
  const roles = [
    ...parents.map((user) => ({ user: user.sourcedId, role: 'parent' })),
    ...students.map((user) => ({ user: user.sourcedId, role: 'student' })),
    // OneRoster 1.2 names a head of school `principal` (the portal keeps them as administrators).
    ...roster.staff.map((member) => ({
      user: member.staffId,
      role: member.role === 'administrator' ? 'principal' : member.role,
    })),
  ];
  return { users: [...parents, ...students, ...staff], roles, roster };
}

function classesOf(school: TDemoSchool, roster: ReturnType<typeof demoRoster>) {
  const children = school.parents.flatMap((parent) => parent.children);
  return roster.classes.map((cls) => {
    const child = children.find(
      (one) => one.gradeCode === cls.gradeCode && one.sectionCode === cls.sectionCode,
    );
    return {
      sourcedId: cls.classId,
      title: cls.titleEn,
      grades: cls.gradeCode,
      courseSourcedId: cls.subjectId ?? '',
      classType: cls.classType,
      location: cls.room,
      schoolSourcedId: demoOrgId(school.schoolId),
      termSourcedIds: demoYearId(CURRENT_YEAR.year),
      'metadata.titleAr': cls.titleAr,
      'metadata.sectionCode': cls.sectionCode,
      'metadata.gradeNameEn': child?.gradeNameEn ?? '',
      'metadata.gradeNameAr': child?.gradeNameAr ?? '',
      'metadata.sectionNameEn': child?.sectionNameEn ?? '',
      'metadata.sectionNameAr': child?.sectionNameAr ?? '',
    };
  });
}

/**
 * A demo school's bundle, by file name: its OneRoster files, and the portal's own files given
 * (the schedule family's, demo-schedule.ts), every one of them bulk.
 */
export function demoBundleFiles(
  school: TDemoSchool,
  ownFiles: ReadonlyMap<string, string | Uint8Array> = new Map(),
): Map<string, string | Uint8Array> {
  const orgId = demoOrgId(school.schoolId);
  const { users, roles, roster } = usersOf(school);
  const children = school.parents.flatMap((parent) => parent.children);
  const files = new Map<string, string | Uint8Array>();
  files.set(
    'manifest.csv',
    manifestText('1.2', {
      ...BULK_ROSTER_FILES,
      categories: 'absent',
      lineItems: 'absent',
      results: 'absent',
      scoreScales: 'absent',
      // The family files given (the gradebook's among them) are bulk; their `.csv` is left off the
      // key. The PDFs and pictures their rows name are not listed.
      ...Object.fromEntries(
        [...ownFiles.keys()]
          .filter((file) => file.endsWith('.csv'))
          .map((file) => [file.replace(/\.csv$/, ''), 'bulk' as const]),
      ),
    }),
  );
  for (const [file, text] of ownFiles) files.set(file, text);
  files.set('orgs.csv', schoolOrgText(orgId, school.nameEn));
  files.set(
    'academicSessions.csv',
    csvText(
      [
        'sourcedId',
        'title',
        'type',
        'startDate',
        'endDate',
        'parentSourcedId',
        'schoolYear',
        'metadata.titleAr',
      ],
      [
        ...DEMO_ACADEMIC_YEARS.map((year) => ({
          sourcedId: demoYearId(year.year),
          title: year.description,
          type: 'schoolYear',
          startDate: year.startsOn,
          endDate: year.endsOn,
          schoolYear: year.year,
        })),
        ...TERMS.map((term) => ({
          sourcedId: term.termId,
          title: term.en,
          type: 'term',
          startDate: term.starts,
          endDate: term.ends,
          parentSourcedId: demoYearId(CURRENT_YEAR.year),
          schoolYear: CURRENT_YEAR.year,
          'metadata.titleAr': term.ar,
        })),
      ],
    ),
  );
  files.set('users.csv', csvText(USER_COLUMNS, users));
  files.set(
    'roles.csv',
    primaryRolesText(
      orgId,
      roles.map(({ user, role }) => ({ sourcedId: `role-${user}`, userSourcedId: user, role })),
    ),
  );
  files.set(
    'demographics.csv',
    csvText(
      ['sourcedId', 'birthDate', 'sex'],
      children.map((child) => ({
        sourcedId: demoStudentId(child.enrollNumber),
        birthDate: birthDateOf(child),
        sex: FEMALE_NAMES.has(child.first) ? 'female' : 'male',
      })),
    ),
  );
  files.set(
    'courses.csv',
    csvText(
      ['sourcedId', 'title', 'courseCode', 'orgSourcedId', 'metadata.titleAr'],
      roster.subjects.map((subject) => ({
        sourcedId: subject.subjectId,
        title: subject.nameEn,
        courseCode: subject.code,
        orgSourcedId: orgId,
        'metadata.titleAr': subject.nameAr,
      })),
    ),
  );
  const classes = classesOf(school, roster);
  files.set('classes.csv', csvText(Object.keys(classes[0] ?? { sourcedId: '' }), classes));
  files.set(
    'enrollments.csv',
    csvText(
      ['sourcedId', 'classSourcedId', 'schoolSourcedId', 'userSourcedId', 'role', 'primary'],
      roster.classes.flatMap((cls) => [
        {
          sourcedId: `enr-${cls.classId}-${cls.teacherId}`,
          classSourcedId: cls.classId,
          schoolSourcedId: orgId,
          userSourcedId: cls.teacherId,
          role: 'teacher',
          primary: 'true',
        },
        ...cls.students.map((enrollNumber) => ({
          sourcedId: `enr-${cls.classId}-${enrollNumber}`,
          classSourcedId: cls.classId,
          schoolSourcedId: orgId,
          userSourcedId: demoStudentId(enrollNumber),
          role: 'student',
          primary: String(cls.classType === 'homeroom'),
        })),
      ]),
    ),
  );
  return files;
}
