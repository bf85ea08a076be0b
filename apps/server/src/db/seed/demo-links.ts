import { headerOf } from '../../kits/bundle-file.ts';
import { linksFile } from '../../modules/links/import.ts';
import {
  transportAssignmentsFile,
  transportRoutesFile,
  transportStopsFile,
} from '../../modules/profile/transport-import.ts';
import { csvText } from '../../modules/school-data/csv-text.ts';
import type { TDemoSchool } from './demo-schools.ts';

// The demo's outside links and transport (docs/modules.md section 6), through the import like a
// school's (docs/school-data.md, links.csv and the transport files). mogra: all four outside
// links (its learning platform, three digital library resources, its Facebook and Instagram
// pages) and three bus routes, Layla and Yousef on route 3, Omar on none. bwa: its transport
// (Ali on its route), a Facebook page it grants without a link (the empty state shows) and an
// Instagram page it does not grant (the tests prove the 403 A001 gate rather than missing data).

type TText = { en: string; ar: string };
type TDemoLink = { id: string; module: string; url: string; label: TText; description?: TText };

const MOGRA_LINKS: TDemoLink[] = [
  {
    id: 'link-moodle',
    module: 'moodle',
    url: 'https://lms.mogra.example/login/index.php',
    label: { en: 'Mogra Moodle', ar: 'منصة مودل لمدرسة موغرا' },
    description: {
      en: 'Lessons, homework and online quizzes. Sign in with your child’s school account.',
      ar: 'الدروس والواجبات والاختبارات الإلكترونية. سجّل الدخول بحساب طفلك المدرسي.',
    },
  },
  {
    id: 'link-library',
    module: 'digital',
    url: 'https://library.mogra.example/catalogue',
    label: { en: 'School e-library', ar: 'المكتبة الإلكترونية للمدرسة' },
    description: {
      en: 'Borrow e-books and audiobooks in English and Arabic.',
      ar: 'استعارة الكتب الإلكترونية والصوتية بالعربية والإنجليزية.',
    },
  },
  {
    id: 'link-reading',
    module: 'digital',
    url: 'https://reading.mogra.example/',
    label: { en: 'Reading programme', ar: 'برنامج القراءة' },
    description: {
      en: 'Levelled reading for grades 1 to 6, with quizzes after each book.',
      ar: 'قراءة متدرجة للصفوف من الأول إلى السادس، مع اختبار بعد كل كتاب.',
    },
  },
  {
    id: 'link-research',
    module: 'digital',
    url: 'https://research.mogra.example/databases',
    label: { en: 'Research databases', ar: 'قواعد بيانات البحث' },
    description: {
      en: 'Encyclopaedias and journals for projects in grades 7 to 12.',
      ar: 'موسوعات ودوريات لمشاريع الصفوف من السابع إلى الثاني عشر.',
    },
  },
  {
    id: 'link-facebook',
    module: 'facebook',
    url: 'https://www.facebook.com/MograDemoSchool',
    label: { en: 'Mogra Demo School on Facebook', ar: 'مدرسة موغرا التجريبية على فيسبوك' },
    description: {
      en: 'School news, events and photos, as they happen.',
      ar: 'أخبار المدرسة وفعالياتها وصورها أولًا بأول.',
    },
  },
  {
    id: 'link-instagram',
    module: 'instagram',
    url: 'https://www.instagram.com/mograschool.demo',
    label: { en: '@mograschool.demo on Instagram', ar: 'حساب mograschool.demo على إنستغرام' },
    description: {
      en: 'Pictures from classrooms, trips and sports days.',
      ar: 'صور من الفصول والرحلات والأيام الرياضية.',
    },
  },
];

const BWA_LINKS: TDemoLink[] = [
  {
    id: 'link-instagram',
    module: 'instagram',
    url: 'https://www.instagram.com/brightwadi.demo',
    label: { en: 'Bright Wadi Academy on Instagram', ar: 'أكاديمية الوادي المشرق على إنستغرام' },
  },
];

type TDemoRoute = {
  id: string;
  name: TText;
  bus: string;
  driver: TText;
  driverPhone: string;
  assistant: TText;
  assistantPhone: string;
  /** Name, morning pick-up and afternoon drop, in order. */
  stops: [TText, string, string][];
};

const MOGRA_ROUTES: TDemoRoute[] = [
  {
    id: 'route-1',
    name: { en: 'Route 1 — Jumeirah', ar: 'المسار 1 — جميرا' },
    bus: 'MG-01',
    driver: { en: 'Anwar Hussain', ar: 'أنور حسين' },
    driverPhone: '+971 50 100 0101',
    assistant: { en: 'Mariam Yusuf', ar: 'مريم يوسف' },
    assistantPhone: '+971 50 100 0102',
    stops: [
      [{ en: 'Jumeirah Beach Road, Mercato', ar: 'شارع شاطئ جميرا، ميركاتو' }, '06:45', '15:05'],
      [{ en: 'Al Safa Park, Gate 2', ar: 'حديقة الصفا، البوابة 2' }, '06:55', '14:55'],
    ],
  },
  {
    id: 'route-3',
    name: { en: 'Route 3 — Al Barsha', ar: 'المسار 3 — البرشاء' },
    bus: 'MG-03',
    driver: { en: 'Rajesh Kumar', ar: 'راجيش كومار' },
    driverPhone: '+971 50 100 0301',
    assistant: { en: 'Huda Salem', ar: 'هدى سالم' },
    assistantPhone: '+971 50 100 0302',
    stops: [
      [{ en: 'Al Barsha 1, Mall of the Emirates', ar: 'البرشاء 1، مول الإمارات' }, '06:40', '15:10'],
      [{ en: 'Al Barsha 2, Park entrance', ar: 'البرشاء 2، مدخل الحديقة' }, '06:50', '15:00'],
      [{ en: 'Al Barsha South, Community Centre', ar: 'البرشاء جنوب، المركز المجتمعي' }, '07:00', '14:50'],
    ],
  },
];

const BWA_ROUTES: TDemoRoute[] = [
  {
    id: 'route-a',
    name: { en: 'Route A — Al Nakheel', ar: 'المسار أ — النخيل' },
    bus: 'BW-07',
    driver: { en: 'Salim Obaid', ar: 'سالم عبيد' },
    driverPhone: '+971 50 400 0701',
    assistant: { en: 'Aisha Rashed', ar: 'عائشة راشد' },
    assistantPhone: '',
    stops: [
      [{ en: 'Al Nakheel, Corniche', ar: 'النخيل، الكورنيش' }, '06:50', '14:40'],
      [{ en: 'Al Dhait, Mosque', ar: 'الظيت، المسجد' }, '07:05', '14:25'],
    ],
  },
];

/** Which child rides which route, at which of its stops (1 first). */
const ASSIGNMENTS: Record<string, [string, string, number][]> = {
  // Layla and Yousef on bus route 3, at the same stop; Omar on none.
  mogra: [
    ['MG1002', 'route-3', 2],
    ['MG1003', 'route-3', 2],
  ],
  bwa: [['BW5101', 'route-a', 1]],
};

const stopId = (routeId: string, seq: number) => `${routeId}-stop-${seq}`;

/** A bundle's links.csv and transport files for a demo school (none for the others). */
export function demoLinkFiles(school: TDemoSchool): Map<string, string> {
  const files = new Map<string, string>();
  const links = { mogra: MOGRA_LINKS, bwa: BWA_LINKS }[school.schoolId];
  const routes = { mogra: MOGRA_ROUTES, bwa: BWA_ROUTES }[school.schoolId];
  if (links) {
    files.set(
      'links.csv',
      csvText(
        headerOf(linksFile),
        links.map((link, position) => ({
          sourcedId: link.id,
          status: 'active',
          module_key: link.module,
          url: link.url,
          label_en: link.label.en,
          label_ar: link.label.ar,
          description_en: link.description?.en ?? '',
          description_ar: link.description?.ar ?? '',
          position,
        })),
      ),
    );
  }
  if (routes) {
    files.set(
      'transport_routes.csv',
      csvText(
        headerOf(transportRoutesFile),
        routes.map((route) => ({
          sourcedId: route.id,
          status: 'active',
          name_en: route.name.en,
          name_ar: route.name.ar,
          busNumber: route.bus,
          driver_name_en: route.driver.en,
          driver_name_ar: route.driver.ar,
          driverPhone: route.driverPhone,
          assistant_name_en: route.assistant.en,
          assistant_name_ar: route.assistant.ar,
          assistantPhone: route.assistantPhone,
        })),
      ),
    );
    files.set(
      'transport_stops.csv',
      csvText(
        headerOf(transportStopsFile),
        routes.flatMap((route) =>
          route.stops.map(([name, pickup, drop], index) => ({
            sourcedId: stopId(route.id, index + 1),
            status: 'active',
            routeSourcedId: route.id,
            seq: index + 1,
            name_en: name.en,
            name_ar: name.ar,
            pickupTime: pickup,
            dropTime: drop,
          })),
        ),
      ),
    );
    files.set(
      'transport_assignments.csv',
      csvText(
        headerOf(transportAssignmentsFile),
        (ASSIGNMENTS[school.schoolId] ?? []).map(([enrollNumber, routeId, seq]) => ({
          enrollNumber,
          status: 'active',
          stopSourcedId: stopId(routeId, seq),
          sourcedId: enrollNumber,
        })),
      ),
    );
  }
  return files;
}
