import type { TDemoSchool } from './demo-schools.ts';

// The demo schools' staff, subjects and classes, from which the demo bundle's OneRoster files
// (users, courses, classes, enrollments) and the schedule files (timetable, agenda) are made
// (docs/school-data.md). Ids follow the school's own style: `stf-*`, `sub-*`, `hr-*`, `cls-*`.

export type TDemoStaff = {
  staffId: string;
  role: 'teacher' | 'counselor' | 'administrator';
  nameEn: string;
  nameAr: string;
  titleEn: string;
  titleAr: string;
  email: string;
};

export type TDemoSubject = { subjectId: string; code: string; nameEn: string; nameAr: string };

export type TDemoClass = {
  classId: string;
  classType: 'homeroom' | 'scheduled';
  titleEn: string;
  titleAr: string;
  gradeCode: string;
  sectionCode: string;
  /** Null for a homeroom. */
  subjectId: string | null;
  room: string;
  teacherId: string;
  /** The enrolment numbers of the demo children in the class. */
  students: string[];
};

export type TDemoRoster = { staff: TDemoStaff[]; subjects: TDemoSubject[]; classes: TDemoClass[] };

const SUBJECTS: TDemoSubject[] = [
  { subjectId: 'sub-math', code: 'MATH', nameEn: 'Mathematics', nameAr: 'الرياضيات' },
  { subjectId: 'sub-eng', code: 'ENG', nameEn: 'English', nameAr: 'اللغة الإنجليزية' },
  { subjectId: 'sub-ara', code: 'ARA', nameEn: 'Arabic', nameAr: 'اللغة العربية' },
  { subjectId: 'sub-sci', code: 'SCI', nameEn: 'Science', nameAr: 'العلوم' },
  { subjectId: 'sub-isl', code: 'ISL', nameEn: 'Islamic Studies', nameAr: 'التربية الإسلامية' },
  { subjectId: 'sub-soc', code: 'SOC', nameEn: 'Social Studies', nameAr: 'الدراسات الاجتماعية' },
  { subjectId: 'sub-ict', code: 'ICT', nameEn: 'Computing', nameAr: 'الحوسبة' },
  { subjectId: 'sub-art', code: 'ART', nameEn: 'Art', nameAr: 'الفنون' },
  { subjectId: 'sub-pe', code: 'PE', nameEn: 'Physical Education', nameAr: 'التربية البدنية' },
];

/** Teachers' names, English and Arabic, in the order schools take them. */
const TEACHER_NAMES: [string, string][] = [
  ['Sarah Mitchell', 'سارة ميتشل'],
  ['Ahmed Al Mansoori', 'أحمد المنصوري'],
  ['Fatima Al Zahra', 'فاطمة الزهراء'],
  ['David Okafor', 'ديفيد أوكافور'],
  ['Mariam Haddad', 'مريم حداد'],
  ['James Carter', 'جيمس كارتر'],
  ['Hind Al Suwaidi', 'هند السويدي'],
  ['Priya Nair', 'بريا ناير'],
  ['Khalid Rahman', 'خالد رحمن'],
  ['Elena Petrova', 'إيلينا بيتروفا'],
  ['Yusuf Demir', 'يوسف دمير'],
  ['Noura Al Ketbi', 'نورة الكتبي'],
];

/** How many teachers each demo school has (`mogra` has 12 teachers, a counsellor and a head). */
const TEACHERS_PER_SCHOOL: Record<string, number> = { mogra: 12 };
const DEFAULT_TEACHERS = 6;

function staffOf(school: TDemoSchool): TDemoStaff[] {
  const count = TEACHERS_PER_SCHOOL[school.schoolId] ?? DEFAULT_TEACHERS;
  const teachers: TDemoStaff[] = TEACHER_NAMES.slice(0, count).map(([nameEn, nameAr], index) => ({
    staffId: `stf-${String(index + 1).padStart(2, '0')}`,
    role: 'teacher',
    nameEn,
    nameAr,
    titleEn: 'Teacher',
    titleAr: 'معلم',
    email: `${nameEn.toLowerCase().replace(/[^a-z]+/g, '.')}@${school.schoolId}.example`,
  }));
  if (school.schoolId !== 'mogra') return teachers;
  return [
    ...teachers,
    {
      staffId: 'stf-90',
      role: 'counselor',
      nameEn: 'Layal Khoury',
      nameAr: 'ليال خوري',
      titleEn: 'School counsellor',
      titleAr: 'المرشدة المدرسية',
      email: 'layal.khoury@mogra.example',
    },
    {
      staffId: 'stf-99',
      role: 'administrator',
      nameEn: 'Robert Hughes',
      nameAr: 'روبرت هيوز',
      titleEn: 'Head of school',
      titleAr: 'مدير المدرسة',
      email: 'robert.hughes@mogra.example',
    },
  ];
}

/** The demo roster of a school: its staff, the subjects it teaches, and its children's classes. */
export function demoRoster(school: TDemoSchool): TDemoRoster {
  const staff = staffOf(school);
  const teachers = staff.filter((member) => member.role === 'teacher');
  const teacherAt = (index: number) => teachers[index % teachers.length]!.staffId;
  const sections = new Map<
    string,
    {
      gradeCode: string;
      sectionCode: string;
      gradeNameEn: string;
      gradeNameAr: string;
      sectionNameEn: string;
      sectionNameAr: string;
      students: string[];
    }
  >();
  for (const parent of school.parents) {
    for (const child of parent.children) {
      const key = `${child.gradeCode}-${child.sectionCode}`;
      const section = sections.get(key) ?? { ...child, students: [] };
      if (!section.students.includes(child.enrollNumber)) section.students.push(child.enrollNumber);
      sections.set(key, section);
    }
  }
  const classes: TDemoClass[] = [];
  [...sections.values()].forEach((section, sectionIndex) => {
    const { gradeCode, sectionCode, students } = section;
    const room = `${Number(gradeCode)}${sectionCode.slice(0, 1)}`;
    classes.push({
      classId: `hr-${gradeCode}-${sectionCode}`,
      classType: 'homeroom',
      titleEn: `${section.gradeNameEn} ${section.sectionNameEn}`,
      titleAr: `${section.gradeNameAr} ${section.sectionNameAr}`.trim(),
      gradeCode,
      sectionCode,
      subjectId: null,
      room,
      teacherId: teacherAt(sectionIndex),
      students,
    });
    SUBJECTS.forEach((subject, subjectIndex) => {
      classes.push({
        classId: `cls-${gradeCode}-${sectionCode}-${subject.code.toLowerCase()}`,
        classType: 'scheduled',
        titleEn: `${subject.nameEn} ${section.gradeNameEn} ${section.sectionNameEn}`,
        titleAr: `${subject.nameAr} ${section.gradeNameAr} ${section.sectionNameAr}`.trim(),
        gradeCode,
        sectionCode,
        subjectId: subject.subjectId,
        room: subject.code === 'PE' ? 'Gym' : subject.code === 'ICT' ? 'Lab 2' : room,
        teacherId: teacherAt(subjectIndex + sectionIndex),
        students,
      });
    });
  });
  return { staff, subjects: SUBJECTS, classes };
}
