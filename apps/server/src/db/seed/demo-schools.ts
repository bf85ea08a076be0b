/** The demo schools, their families and what each school grants (docs/architecture.md section 7). */
import { ACTIVE_MARKER, MENU } from '@portal/contracts/menu';

export const DEMO_PASSWORD = 'Demo-Parent-2026';

/** The application catalogue: one row per access code of the menu registry. */
export const APPLICATIONS = MENU.flatMap((entry) =>
  entry.authority
    .filter((code) => code !== ACTIVE_MARKER)
    .map((code) => ({ code, nameEn: entry.title, nameAr: entry.titleAr })),
).filter((app, index, all) => all.findIndex((other) => other.code === app.code) === index);

export type TDemoChild = {
  enrollNumber: string;
  first: string;
  middle: string;
  last: string;
  gradeCode: string;
  gradeNameEn: string;
  gradeNameAr: string;
  sectionCode: string;
  sectionNameEn: string;
  sectionNameAr: string;
  avatar: number;
};

export type TDemoParent = {
  parentId: string;
  username: string;
  nameEn: string;
  nameAr: string;
  children: TDemoChild[];
};

export type TDemoSchool = {
  schoolId: string;
  nameEn: string;
  nameAr: string;
  website: string;
  /** The school office, shown on public pages; dates are shown in `timeZone`. */
  contact: { phone: string; email: string; addressEn: string; addressAr: string };
  timeZone: string;
  banners: { en: string; ar: string }[];
  admissions: { start: string; end: string }[];
  grantedCodes: readonly string[];
  parents: TDemoParent[];
};

/** Every demo school's academic years: the previous one, then the current one (status `C`). */
export const DEMO_ACADEMIC_YEARS = [
  { year: '2025', description: '2025-2026', startsOn: '2025-08-25', endsOn: '2026-07-03', status: 'A' },
  { year: '2026', description: '2026-2027', startsOn: '2026-08-24', endsOn: '2027-07-02', status: 'C' },
] as const;

const ALL_CODES = APPLICATIONS.map((app) => app.code);

/** Arabic names of the demo sections; a section not listed here has only its English name. */
const SECTION_NAMES_AR: Record<string, string> = {
  A: 'أ',
  B: 'ب',
  C: 'ج',
  J: 'ي',
  K: 'ك',
  Blue: 'الأزرق',
  Green: 'الأخضر',
  Red: 'الأحمر',
};

function contactOf(schoolId: string, phone: string, addressEn: string, addressAr: string) {
  return { phone, email: `office@${schoolId}.example`, addressEn, addressAr };
}

function child(
  enrollNumber: string,
  name: string,
  grade: number,
  section: string,
  avatar: number,
): TDemoChild {
  const [first = '', middle = '', ...rest] = name.split(' ');
  const last = rest.join(' ');
  return {
    enrollNumber,
    first,
    middle,
    last,
    gradeCode: String(grade).padStart(2, '0'),
    gradeNameEn: `Grade ${grade}`,
    gradeNameAr: `الصف ${grade}`,
    sectionCode: section,
    sectionNameEn: section,
    sectionNameAr: SECTION_NAMES_AR[section] ?? '',
    avatar,
  };
}

export const DEMO_SCHOOLS: TDemoSchool[] = [
  {
    schoolId: 'mogra',
    nameEn: 'Mogra Demo School',
    nameAr: 'مدرسة موغرا التجريبية',
    website: 'https://mogra.example',
    contact: contactOf(
      'mogra',
      '+971 4 000 1000',
      '12 Al Wasl Road, Dubai, United Arab Emirates',
      '12 شارع الوصل، دبي، الإمارات العربية المتحدة',
    ),
    timeZone: 'Asia/Dubai',
    banners: [
      {
        en: 'Welcome to the parent portal: every child, every module, one place.',
        ar: 'مرحبًا بكم في بوابة أولياء الأمور: كل الأبناء وكل الخدمات في مكان واحد.',
      },
      {
        en: 'Term 2 parent-teacher meetings open for booking on 12 January.',
        ar: 'يبدأ حجز لقاءات أولياء الأمور والمعلمين للفصل الثاني في 12 يناير.',
      },
    ],
    admissions: [
      { start: '2026-10-01', end: '2027-01-31' },
      { start: '2026-09-15', end: '2027-03-31' },
    ],
    grantedCodes: ALL_CODES,
    parents: [
      {
        parentId: 'MG-P001',
        username: 'parent@mogra.demo',
        nameEn: 'Sara Al Mansouri',
        nameAr: 'سارة المنصوري',
        children: [
          child('MG1001', 'Omar Khalid Al Mansouri', 9, 'A', 1),
          child('MG1002', 'Layla Khalid Al Mansouri', 6, 'B', 2),
          child('MG1003', 'Yousef Khalid Al Mansouri', 2, 'C', 3),
        ],
      },
      {
        parentId: 'MG-P002',
        username: 'family.haddad@mogra.demo',
        nameEn: 'Rami Haddad',
        nameAr: 'رامي حداد',
        children: [child('MG2001', 'Nour Rami Haddad', 4, 'A', 4)],
      },
    ],
  },
  {
    schoolId: 'bcad',
    nameEn: 'Beacon Crest Academy',
    nameAr: 'أكاديمية بيكون كريست',
    website: 'https://bcad.example',
    contact: contactOf(
      'bcad',
      '+971 2 000 2000',
      '8 Corniche Street, Abu Dhabi, United Arab Emirates',
      '8 شارع الكورنيش، أبوظبي، الإمارات العربية المتحدة',
    ),
    timeZone: 'Asia/Dubai',
    banners: [
      {
        en: 'Winter break runs from 14 December to 4 January.',
        ar: 'تمتد العطلة الشتوية من 14 ديسمبر إلى 4 يناير.',
      },
    ],
    admissions: [{ start: '2026-11-01', end: '2027-02-28' }],
    grantedCodes: ['PP034', 'PP008'],
    parents: [
      {
        parentId: 'BC-P001',
        username: 'parent@bcad.demo',
        nameEn: 'Ahmed Rahman',
        nameAr: 'أحمد رحمن',
        children: [
          child('BC3101', 'Aisha Ahmed Rahman', 7, 'Blue', 2),
          child('BC3102', 'Zaid Ahmed Rahman', 3, 'Green', 1),
        ],
      },
      {
        parentId: 'BC-P002',
        username: 'family.costa@bcad.demo',
        nameEn: 'Maria Costa',
        nameAr: 'ماريا كوستا',
        children: [child('BC3201', 'Lucas Maria Costa', 5, 'Red', 3)],
      },
    ],
  },
  {
    schoolId: 'bcd',
    nameEn: 'Blue Cedar School',
    nameAr: 'مدرسة الأرز الأزرق',
    website: 'https://bcd.example',
    contact: contactOf(
      'bcd',
      '+971 6 000 3000',
      '21 University City Road, Sharjah, United Arab Emirates',
      '21 طريق المدينة الجامعية، الشارقة، الإمارات العربية المتحدة',
    ),
    timeZone: 'Asia/Dubai',
    banners: [
      {
        en: 'Science week starts on Sunday: visitors are welcome on Thursday.',
        ar: 'يبدأ أسبوع العلوم يوم الأحد، ونرحب بالزوار يوم الخميس.',
      },
    ],
    admissions: [{ start: '2026-12-01', end: '2027-04-30' }],
    grantedCodes: ['PP008', 'PP010', 'PP015', 'PP025'],
    parents: [
      {
        parentId: 'BD-P001',
        username: 'parent@bcd.demo',
        nameEn: 'Hana Youssef',
        nameAr: 'هناء يوسف',
        children: [
          child('BD4101', 'Karim Hana Youssef', 10, 'A', 1),
          child('BD4102', 'Mariam Hana Youssef', 8, 'B', 2),
        ],
      },
    ],
  },
  {
    schoolId: 'bwa',
    nameEn: 'Bright Wadi Academy',
    nameAr: 'أكاديمية الوادي المشرق',
    website: 'https://bwa.example',
    contact: contactOf(
      'bwa',
      '+971 7 000 4000',
      '5 Wadi Street, Ras Al Khaimah, United Arab Emirates',
      '5 شارع الوادي، رأس الخيمة، الإمارات العربية المتحدة',
    ),
    timeZone: 'Asia/Dubai',
    banners: [
      {
        en: 'The new school bus routes are published in the transport module.',
        ar: 'نُشرت مسارات الحافلات المدرسية الجديدة في خدمة النقل.',
      },
    ],
    admissions: [{ start: '2026-10-15', end: '2027-01-15' }],
    grantedCodes: ['PP008', 'PP010', 'PP020', 'PP034', 'PP040', 'PP049'],
    parents: [
      {
        parentId: 'BW-P001',
        username: 'parent@bwa.demo',
        nameEn: 'Fatima Saleh',
        nameAr: 'فاطمة صالح',
        children: [child('BW5101', 'Ali Fatima Saleh', 11, 'C', 3)],
      },
    ],
  },
  {
    schoolId: 'bcaa',
    nameEn: 'Bay Coast American Academy',
    nameAr: 'أكاديمية الساحل الأمريكية',
    website: 'https://bcaa.example',
    contact: contactOf(
      'bcaa',
      '+971 9 000 5000',
      '3 Coast Road, Fujairah, United Arab Emirates',
      '3 طريق الساحل، الفجيرة، الإمارات العربية المتحدة',
    ),
    timeZone: 'Asia/Dubai',
    banners: [
      {
        en: 'Report cards for the first semester are now available.',
        ar: 'بطاقات تقارير الفصل الدراسي الأول متاحة الآن.',
      },
    ],
    admissions: [{ start: '2026-09-01', end: '2027-05-31' }],
    grantedCodes: ['PP008', 'PP020', 'PP030'],
    parents: [
      {
        parentId: 'BA-P001',
        username: 'parent@bcaa.demo',
        nameEn: 'Daniel Brooks',
        nameAr: 'دانيال بروكس',
        children: [
          child('BA6101', 'Emma Daniel Brooks', 5, 'K', 2),
          child('BA6102', 'Noah Daniel Brooks', 1, 'J', 1),
        ],
      },
    ],
  },
  {
    schoolId: 'bnad',
    nameEn: 'Banyan National School',
    nameAr: 'مدرسة بانيان الوطنية',
    website: 'https://bnad.example',
    contact: contactOf(
      'bnad',
      '+971 3 000 6000',
      '17 Banyan Avenue, Al Ain, United Arab Emirates',
      '17 شارع بانيان، العين، الإمارات العربية المتحدة',
    ),
    timeZone: 'Asia/Dubai',
    banners: [
      {
        en: 'National Day celebrations: students may wear traditional dress on 1 December.',
        ar: 'احتفالات اليوم الوطني: يمكن للطلاب ارتداء الزي التقليدي في 1 ديسمبر.',
      },
    ],
    admissions: [{ start: '2026-11-15', end: '2027-03-15' }],
    grantedCodes: ['PP008', 'PP010', 'PP034'],
    parents: [
      {
        parentId: 'BN-P001',
        username: 'parent@bnad.demo',
        nameEn: 'Khalid Nasser',
        nameAr: 'خالد ناصر',
        children: [child('BN7101', 'Reem Khalid Nasser', 12, 'A', 2)],
      },
    ],
  },
];
