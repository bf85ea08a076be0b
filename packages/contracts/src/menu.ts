/**
 * The menu registry (docs/product-spec.md section 2): every route of the portal, the access codes
 * that open it, its icon (a lucide icon name) and its fixed colour. The server's
 * applications table uses the same codes.
 */

/** The marker every signed-in parent holds: it opens Home. */
export const ACTIVE_MARKER = 'active';

// prettier-ignore
export const ICON_COLORS = [
  'purple',
  'blue',
  'emerald',
  'amber',
  'rose',
  'cyan',
  'indigo',
  'teal',
  'orange',
  'pink',
  'sky',
  'lime',
  'violet',
  'fuchsia',
  'red',
  'green',
] as const;
export type TIconColor = (typeof ICON_COLORS)[number];

/**
 * The families the menu groups its entries in, in the menu's order (Home stands above them).
 * Names are in the `nav` namespace at `groups.<group>`.
 */
export const MENU_GROUPS = ['money', 'learning', 'schedule', 'news', 'requests', 'family', 'links'] as const;
export type TMenuGroup = (typeof MENU_GROUPS)[number];

// prettier-ignore
const GROUP_ENTRIES: Record<TMenuGroup, readonly string[]> = {
  money: ['feePayment', 'feePaymentAbqis', 'paymentLink', 'proformaInvoice', 'storeInvoice', 'feeInvoices', 'topUp'],
  learning: ['assessmentMarks', 'assessmentMarksheet', 'assignments', 'coScholasticMarks', 'reportCard', 'mojoInsights', 'examMaterial', 'gntPortfolio', 'portfolio', 'goalSetting', 'improvement'],
  schedule: ['attendance', 'timetable', 'academicCalendar', 'agenda', 'teachers'],
  news: ['circulars', 'communication', 'news', 'notifications', 'email', 'circularRepository', 'gallery', 'schoolPolicies', 'ambassador'],
  requests: ['requisitions', 'studentLeave', 'exitSlips', 'appointments', 'trips', 'survey', 'happyToHelp', 'photocopyForm', 'uploads'],
  family: ['parentProfile', 'studentProfile', 'studentProfileAsian', 'studentId', 'kyc', 'transport', 'medical', 'counselling', 'wellbeing', 'incidents', 'meritDemerit'],
  links: ['moodle', 'digital', 'facebook', 'instagram'],
};

export type TMenuEntry = {
  key: string;
  /** The menu's group; null for Home, which stands above the groups. */
  group: TMenuGroup | null;
  path: string;
  /** English title; the translation is at `translateKey` (namespace `nav`). */
  title: string;
  /** Arabic title, for the applications catalogue. */
  titleAr: string;
  translateKey: string;
  icon: string;
  type: 'item';
  /** Codes of which at least one must be granted; the first is `appCode`. */
  authority: readonly string[];
  subMenu: readonly TMenuEntry[];
  appCode: string;
  color: TIconColor;
};

type TEntrySpec = [
  key: string,
  path: string,
  title: string,
  titleAr: string,
  icon: string,
  color: TIconColor,
  codes: string[],
];

// Alternative codes: fee payment has school-specific codes; agenda, counselling, report
// card, attendance and top-up each accept a second code.
// prettier-ignore
const SPECS: TEntrySpec[] = [
  ['home', '/dashboard', 'Home', 'الرئيسية', 'house', 'purple', [ACTIVE_MARKER]],
  ['ambassador', '/ambassador', 'Ambassador', 'السفراء', 'award', 'amber', ['PP001']],
  ['academicCalendar', '/academic-calendar', 'Academic calendar', 'التقويم الأكاديمي', 'calendar-days', 'blue', ['PP002']],
  ['agenda', '/agenda', 'Agenda', 'الأجندة', 'notebook-pen', 'indigo', ['PP034', 'PP035']],
  ['appointments', '/appointment-list', 'Appointments', 'المواعيد', 'calendar-clock', 'teal', ['PP003']],
  ['assessmentMarks', '/assessment-mark', 'Assessment marks', 'درجات التقييم', 'clipboard-check', 'emerald', ['PP004']],
  ['assessmentMarksheet', '/assessment-marksheet', 'Marksheet', 'كشف الدرجات', 'sheet', 'green', ['PP005']],
  ['assignments', '/assignment', 'Assignments', 'الواجبات', 'book-open-check', 'sky', ['PP006']],
  ['circularRepository', '/central-repository-circular', 'Circular library', 'مكتبة التعاميم', 'library', 'violet', ['PP007']],
  ['circulars', '/circular', 'Circulars', 'التعاميم', 'megaphone', 'orange', ['PP025']],
  ['communication', '/communication', 'Messages', 'الرسائل', 'messages-square', 'cyan', ['PP009']],
  ['coScholasticMarks', '/coScholastic-marks', 'Co-scholastic marks', 'درجات الأنشطة', 'medal', 'amber', ['PP011']],
  ['digital', '/digital', 'Digital learning', 'التعلم الرقمي', 'monitor-smartphone', 'blue', ['PP012']],
  ['email', '/email', 'Email', 'البريد الإلكتروني', 'mail', 'sky', ['PP013']],
  ['examMaterial', '/exam-material-view', 'Exam material', 'مواد الامتحانات', 'file-text', 'indigo', ['PP014']],
  ['exitSlips', '/exit-slip-request', 'Exit slips', 'تصاريح الخروج', 'door-open', 'rose', ['PP016']],
  ['feePayment', '/feepayment', 'Fee payment', 'دفع الرسوم', 'credit-card', 'emerald', ['PP008', 'PP081', 'PP082', 'PP083']],
  ['feePaymentAbqis', '/feepayment_abqis', 'Fee payment (ABQIS)', 'دفع الرسوم (ABQIS)', 'credit-card', 'emerald', ['PP084']],
  ['gallery', '/gallery', 'Gallery', 'معرض الصور', 'images', 'pink', ['PP017']],
  ['goalSetting', '/goal-settingview', 'Goal setting', 'تحديد الأهداف', 'target', 'red', ['PP018']],
  ['gntPortfolio', '/gnt-portfolio', 'Gifted & talented', 'الموهوبون والمتفوقون', 'sparkle', 'fuchsia', ['PP019']],
  ['happyToHelp', '/happytohelp', 'Help desk', 'مكتب المساعدة', 'life-buoy', 'teal', ['PP021']],
  ['incidents', '/incidence', 'Incidents', 'الحوادث', 'triangle-alert', 'red', ['PP022']],
  ['improvement', '/improvement', 'Improvement plan', 'خطة التحسين', 'trending-up', 'green', ['PP023']],
  ['studentLeave', '/student-leave', 'Leave requests', 'طلبات الإجازة', 'calendar-x', 'orange', ['PP024']],
  ['medical', '/medical', 'Medical', 'السجل الطبي', 'stethoscope', 'rose', ['PP026']],
  ['meritDemerit', '/meritDemerit', 'Merits & demerits', 'النقاط الإيجابية والسلبية', 'thumbs-up', 'lime', ['PP027']],
  ['mojoInsights', '/mojo-insights', 'Progress insights', 'رؤى التقدّم', 'sparkles', 'violet', ['PP028']],
  ['moodle', '/moodle', 'Moodle', 'مودل', 'graduation-cap', 'orange', ['PP029']],
  ['news', '/news', 'News', 'الأخبار', 'newspaper', 'sky', ['PP031']],
  ['notifications', '/notification', 'Notifications', 'الإشعارات', 'bell', 'amber', ['PP032']],
  ['counselling', '/counselling-details', 'Counselling', 'الإرشاد', 'heart-handshake', 'pink', ['PP033', 'PP057']],
  ['photocopyForm', '/photocopyform', 'Photocopy requests', 'طلبات التصوير', 'copy', 'cyan', ['PP036']],
  ['parentProfile', '/parent-profile', 'My profile', 'ملفي الشخصي', 'user-round', 'purple', ['PP037']],
  ['paymentLink', '/payment-link', 'Payment links', 'روابط الدفع', 'link', 'emerald', ['PP038']],
  ['proformaInvoice', '/proformainvoice', 'Proforma invoices', 'الفواتير المبدئية', 'receipt', 'teal', ['PP039']],
  ['reportCard', '/report', 'Report card', 'بطاقة التقرير', 'file-chart-column', 'blue', ['PP020', 'PP058']],
  ['requisitions', '/view-requisition', 'Requests', 'الطلبات', 'clipboard-list', 'indigo', ['PP030']],
  ['storeInvoice', '/storeInvoice', 'Store invoices', 'فواتير المتجر', 'shopping-bag', 'amber', ['PP041']],
  ['schoolPolicies', '/school-policies', 'School policies', 'سياسات المدرسة', 'scroll-text', 'violet', ['PP042']],
  ['attendance', '/attendance_month', 'Attendance', 'الحضور', 'calendar-check', 'green', ['PP010', 'PP059']],
  ['studentId', '/student-Id', 'Student ID', 'بطاقة الطالب', 'id-card', 'sky', ['PP043']],
  ['studentProfile', '/student-profile', 'Student profile', 'ملف الطالب', 'contact', 'purple', ['PP044']],
  ['studentProfileAsian', '/student-profile-asian', 'Student profile (Asian curriculum)', 'ملف الطالب (المنهج الآسيوي)', 'contact', 'purple', ['PP045']],
  ['survey', '/survey', 'Surveys', 'الاستبيانات', 'list-checks', 'cyan', ['PP046']],
  ['wellbeing', '/wellbeing', 'Wellbeing', 'الرفاهية', 'heart-pulse', 'rose', ['PP047']],
  ['timetable', '/timetable', 'Timetable', 'الجدول الدراسي', 'clock', 'indigo', ['PP015']],
  ['transport', '/transport', 'Transport', 'النقل', 'bus', 'amber', ['PP040']],
  ['trips', '/trips', 'Trips', 'الرحلات', 'map', 'teal', ['PP048']],
  ['facebook', '/facebook', 'Facebook', 'فيسبوك', 'facebook', 'blue', ['PP049']],
  ['instagram', '/instagram', 'Instagram', 'إنستغرام', 'instagram', 'pink', ['PP050']],
  ['kyc', '/kyc', 'Identity documents', 'وثائق الهوية', 'shield-check', 'green', ['PP051']],
  ['feeInvoices', '/view-fee-invoice', 'Fee invoices', 'فواتير الرسوم', 'file-spreadsheet', 'emerald', ['PP052']],
  ['uploads', '/upload', 'Uploads', 'الملفات المرفوعة', 'upload', 'sky', ['PP053']],
  ['teachers', '/teacher', 'Teachers', 'المعلمون', 'presentation', 'violet', ['PP054']],
  ['portfolio', '/portfolio', 'Portfolio', 'ملف الإنجاز', 'folder-open', 'orange', ['PP055']],
  ['topUp', '/topup', 'Top up', 'شحن الرصيد', 'wallet', 'lime', ['PP056', 'PP060']],
];

const groupOf = (key: string): TMenuGroup | null =>
  MENU_GROUPS.find((group) => GROUP_ENTRIES[group].includes(key)) ?? null;

/** Every menu entry, Home first. */
export const MENU: readonly TMenuEntry[] = SPECS.map(([key, path, title, titleAr, icon, color, codes]) => ({
  key,
  group: groupOf(key),
  path,
  title,
  titleAr,
  translateKey: `nav.${key}`,
  icon,
  type: 'item',
  authority: codes,
  subMenu: [],
  appCode: codes[0] ?? ACTIVE_MARKER,
  color,
}));

/** The entries of a group in the group's own order (the most used first). */
export function entriesOfGroup(entries: readonly TMenuEntry[], group: TMenuGroup): TMenuEntry[] {
  const order = GROUP_ENTRIES[group];
  return entries
    .filter((entry) => entry.group === group)
    .sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key));
}

/** The most entries a parent may pin to the top of the menu (docs/modules.md section 5). */
export const MAX_PINNED_MODULES = 12;

/** Every access code of the registry (not the active marker), once. */
export const ALL_ACCESS_CODES: readonly string[] = [
  ...new Set(MENU.flatMap((entry) => entry.authority).filter((code) => code !== ACTIVE_MARKER)),
];
