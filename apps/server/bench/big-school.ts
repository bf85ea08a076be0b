// A big school's OneRoster 1.2 bundle for the bench (README, Performance): 3,000 students in
// 100 homerooms (10 grades of 10 sections), 5,000 guardians, 150 teachers, 400 classes (the
// homerooms and 300 subject classes), about 30,000 enrollments and 100,000 results. The school
// and its key are added to the bench database (bench-database.ts).
import type { TDatabase } from '../src/db/client.ts';
import { apiKeys, schools } from '../src/db/schema/index.ts';
import {
  BULK_ROSTER_FILES,
  csvText,
  manifestText,
  primaryRolesText,
  schoolOrgText,
} from '../src/modules/school-data/csv-text.ts';
import { hashApiKey } from '../src/plugins/api-key.ts';

export const BIG_SCHOOL = 'bench-big';
export const BIG_SCHOOL_KEY = 'bench-big-sync-key-0123456789abcdef';

export type TBigSchoolSize = { students: number; guardians: number; teachers: number; results: number };

export const FULL_SIZE: TBigSchoolSize = { students: 3000, guardians: 5000, teachers: 150, results: 100_000 };

const GRADES = 10;
const SECTIONS = 10;
const SUBJECTS = ['MATH', 'ENG', 'ARA', 'SCI', 'ISL', 'SOC', 'ICT', 'ART', 'PE', 'MUS'];
/** Each grade has three groups of each of its first ten subjects: 300 subject classes. */
const GROUPS = 3;
/** The subjects a student takes (of the ten): nine subject classes each. */
const TAKEN = 9;
const LINE_ITEMS_PER_CLASS = 4;
const ORG = 'org-big';

/** Adds the big school (no rows but its own) and its sync key to a bench database. */
export async function addBigSchool(db: TDatabase): Promise<void> {
  await db.insert(schools).values({
    schoolId: BIG_SCHOOL,
    nameEn: 'Bench Big School',
    nameAr: 'مدرسة الاختبار الكبيرة',
    logoUrl: '/media/schools/mogra.svg',
  });
  await db
    .insert(apiKeys)
    .values({ schoolId: BIG_SCHOOL, label: 'bench', keyHash: hashApiKey(BIG_SCHOOL_KEY), scopes: ['sis'] });
}

const pad = (n: number, width = 4) => String(n).padStart(width, '0');
const gradeOf = (grade: number) => pad(grade + 1, 2);
const sectionOf = (section: number) => String.fromCharCode(65 + section);

/** The bundle's files, by name. */
export function bigSchoolBundle(size: TBigSchoolSize = FULL_SIZE): Map<string, string> {
  const files = new Map<string, string>();
  files.set(
    'manifest.csv',
    manifestText('1.2', {
      ...BULK_ROSTER_FILES,
      categories: 'bulk',
      lineItems: 'bulk',
      results: 'bulk',
    }),
  );
  files.set('orgs.csv', schoolOrgText(ORG, 'Bench Big School'));
  files.set(
    'academicSessions.csv',
    csvText(
      ['sourcedId', 'title', 'type', 'startDate', 'endDate', 'parentSourcedId', 'schoolYear'],
      [
        {
          sourcedId: 'sy',
          title: '2026-2027',
          type: 'schoolYear',
          startDate: '2026-08-24',
          endDate: '2027-07-02',
          schoolYear: '2026',
        },
        {
          sourcedId: 't1',
          title: 'Term 1',
          type: 'term',
          startDate: '2026-08-24',
          endDate: '2026-12-11',
          parentSourcedId: 'sy',
          schoolYear: '2026',
        },
        {
          sourcedId: 't2',
          title: 'Term 2',
          type: 'term',
          startDate: '2027-01-04',
          endDate: '2027-07-02',
          parentSourcedId: 'sy',
          schoolYear: '2026',
        },
      ],
    ),
  );
  files.set(
    'courses.csv',
    csvText(
      ['sourcedId', 'title', 'courseCode'],
      SUBJECTS.map((code) => ({ sourcedId: `c-${code}`, title: code, courseCode: code })),
    ),
  );
  const students = Array.from({ length: size.students }, (_, index) => ({
    index,
    id: `s-${pad(index, 5)}`,
    grade: Math.floor(index / (size.students / GRADES)) % GRADES,
    section: index % SECTIONS,
  }));
  const teacher = (n: number) => `t-${pad(n % size.teachers, 3)}`;
  const classes: Record<string, string>[] = [];
  for (let grade = 0; grade < GRADES; grade++) {
    for (let section = 0; section < SECTIONS; section++) {
      classes.push({
        sourcedId: `hr-${grade}-${section}`,
        title: `Grade ${grade + 1} ${sectionOf(section)}`,
        classType: 'homeroom',
        grades: gradeOf(grade),
        termSourcedIds: 'sy',
        'metadata.sectionCode': sectionOf(section),
        'metadata.gradeNameEn': `Grade ${grade + 1}`,
      });
    }
    SUBJECTS.forEach((code) => {
      for (let group = 0; group < GROUPS; group++) {
        classes.push({
          sourcedId: `cl-${grade}-${code}-${group}`,
          title: `${code} ${grade + 1} group ${group + 1}`,
          classType: 'scheduled',
          courseSourcedId: `c-${code}`,
          grades: gradeOf(grade),
          termSourcedIds: 't1,t2',
        });
      }
    });
  }
  files.set(
    'classes.csv',
    csvText(
      [
        'sourcedId',
        'title',
        'classType',
        'courseSourcedId',
        'grades',
        'termSourcedIds',
        'metadata.sectionCode',
        'metadata.gradeNameEn',
      ],
      classes,
    ),
  );
  // Students' classes: their homeroom and nine subject classes of their grade (group by section).
  const classesOf = (student: (typeof students)[number]) => [
    `hr-${student.grade}-${student.section}`,
    ...SUBJECTS.slice(0, TAKEN).map((code) => `cl-${student.grade}-${code}-${student.section % GROUPS}`),
  ];
  const enrollments: Record<string, string>[] = classes.map((cls, index) => ({
    sourcedId: `e-t-${cls.sourcedId}`,
    classSourcedId: cls.sourcedId ?? '',
    userSourcedId: teacher(index),
    role: 'teacher',
  }));
  for (const student of students) {
    for (const classId of classesOf(student)) {
      enrollments.push({
        sourcedId: `e-${student.id}-${classId}`,
        classSourcedId: classId,
        userSourcedId: student.id,
        role: 'student',
      });
    }
  }
  files.set(
    'enrollments.csv',
    csvText(['sourcedId', 'classSourcedId', 'userSourcedId', 'role'], enrollments),
  );
  // Guardians: each student has one, the first ones two, until there are as many as asked.
  const guardians = Array.from({ length: size.guardians }, (_, index) => ({
    id: `g-${pad(index, 5)}`,
    child: students[index % size.students]?.id ?? '',
  }));
  const users = [
    ...students.map((student) => ({
      sourcedId: student.id,
      givenName: 'Student',
      familyName: pad(student.index, 5),
      identifier: `BIG${pad(student.index, 5)}`,
    })),
    ...guardians.map((guardian, index) => ({
      sourcedId: guardian.id,
      givenName: 'Guardian',
      familyName: pad(index, 5),
      email: `guardian${index}@big.example`,
      agentSourcedIds: guardian.child,
    })),
    ...Array.from({ length: size.teachers }, (_, index) => ({
      sourcedId: teacher(index),
      givenName: 'Teacher',
      familyName: pad(index, 3),
      email: `teacher${index}@big.example`,
    })),
  ];
  files.set(
    'users.csv',
    csvText(['sourcedId', 'givenName', 'familyName', 'identifier', 'email', 'agentSourcedIds'], users),
  );
  const roleOf = (id: string) =>
    id.startsWith('s-') ? 'student' : id.startsWith('g-') ? 'guardian' : 'teacher';
  files.set(
    'roles.csv',
    primaryRolesText(
      ORG,
      users.map((user) => ({
        sourcedId: `r-${user.sourcedId}`,
        userSourcedId: user.sourcedId,
        role: roleOf(user.sourcedId),
      })),
    ),
  );
  files.set(
    'demographics.csv',
    csvText(
      ['sourcedId', 'birthDate', 'sex'],
      students.map((student) => ({
        sourcedId: student.id,
        birthDate: `${2019 - student.grade}-0${(student.index % 9) + 1}-15`,
        sex: student.index % 2 ? 'female' : 'male',
      })),
    ),
  );
  files.set(
    'categories.csv',
    csvText(
      ['sourcedId', 'title', 'metadata.kind'],
      [
        { sourcedId: 'quiz', title: 'Quizzes', 'metadata.kind': 'assessment' },
        { sourcedId: 'hw', title: 'Homework', 'metadata.kind': 'assignment' },
      ],
    ),
  );
  const scheduled = classes.filter((cls) => cls.classType === 'scheduled');
  const lineItems = scheduled.flatMap((cls) =>
    Array.from({ length: LINE_ITEMS_PER_CLASS }, (_, n) => ({
      sourcedId: `li-${cls.sourcedId}-${n}`,
      title: `Work ${n + 1}`,
      classSourcedId: cls.sourcedId ?? '',
      categorySourcedId: n % 2 ? 'hw' : 'quiz',
      academicSessionSourcedId: 't1',
      resultValueMin: '0',
      resultValueMax: '100',
    })),
  );
  files.set(
    'lineItems.csv',
    csvText(
      [
        'sourcedId',
        'title',
        'classSourcedId',
        'categorySourcedId',
        'academicSessionSourcedId',
        'resultValueMin',
        'resultValueMax',
      ],
      lineItems,
    ),
  );
  const results: Record<string, string>[] = [];
  for (let n = 0; n < LINE_ITEMS_PER_CLASS && results.length < size.results; n++) {
    for (const student of students) {
      for (const classId of classesOf(student).slice(1)) {
        if (results.length >= size.results) break;
        results.push({
          sourcedId: `res-${student.id}-${classId}-${n}`,
          lineItemSourcedId: `li-${classId}-${n}`,
          studentSourcedId: student.id,
          scoreStatus: 'fully graded',
          score: String((student.index * 7 + n * 13) % 101),
          scoreDate: '2026-10-01',
        });
      }
    }
  }
  files.set(
    'results.csv',
    csvText(
      ['sourcedId', 'lineItemSourcedId', 'studentSourcedId', 'scoreStatus', 'score', 'scoreDate'],
      results,
    ),
  );
  return files;
}
