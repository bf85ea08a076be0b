import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { TDatabase } from '../client.ts';
import { notifications } from '../schema/index.ts';
import { notify, type TNotice } from '../../kits/notify.ts';

// The inbox of mogra's parent@mogra.demo (docs/modules.md section 6): the last two weeks of notices
// about Omar, Layla and Yousef, in every category, some read. They go in through `notify` like
// any notice; being history, they count as mailed already (only what happens from now on is
// mailed). The demo bundle adds what its import tells of: Layla's and Yousef's absence, and
// the care records of the last two weeks (an incident, merits, a clinic visit), the report
// cards published in them, the circulars and news of the publications family, and the trips
// waiting for consent and the surveys open (the request family).

const SCHOOL = 'mogra';
const PARENT = 'MG-P001';
const HOUR_MS = 3_600_000;

type TDemoNotice = Omit<TNotice, 'schoolId' | 'dedupeKey' | 'at'> & { hoursAgo: number; read: boolean };

const NOTICES: TDemoNotice[] = [
  {
    enrollNumber: 'MG1001',
    category: 'attendance',
    kind: 'attendance.late',
    title: { en: 'Omar arrived late', ar: 'تأخر عمر في الحضور' },
    body: { en: 'Omar arrived at 07:58, after registration.', ar: 'وصل عمر الساعة 07:58 بعد تسجيل الحضور.' },
    path: '/attendance_month?enrollNumber=MG1001',
    hoursAgo: 200,
    read: true,
  },
  {
    enrollNumber: 'MG1001',
    category: 'academics',
    kind: 'academics.agenda',
    title: { en: 'New homework for Omar: Mathematics', ar: 'واجب جديد لعمر: الرياضيات' },
    body: { en: 'Worksheet: fractions, questions 1 to 12.', ar: 'ورقة عمل: الكسور، الأسئلة من 1 إلى 12.' },
    path: '/agenda?enrollNumber=MG1001',
    hoursAgo: 30,
    read: false,
  },
  {
    enrollNumber: 'MG1002',
    category: 'academics',
    kind: 'academics.agenda',
    title: { en: 'New homework for Layla: English', ar: 'واجب جديد لليلى: اللغة الإنجليزية' },
    body: { en: 'Read chapter 4 and write three questions.', ar: 'اقرئي الفصل الرابع واكتبي ثلاثة أسئلة.' },
    path: '/agenda?enrollNumber=MG1002',
    hoursAgo: 28,
    read: false,
  },
  {
    enrollNumber: 'MG1003',
    category: 'academics',
    kind: 'academics.agenda',
    title: { en: 'Reminder for Yousef: sports kit', ar: 'تذكير ليوسف: الزي الرياضي' },
    body: { en: 'Bring trainers and a water bottle.', ar: 'أحضر حذاءً رياضيًا وقارورة ماء.' },
    path: '/agenda?enrollNumber=MG1003',
    hoursAgo: 52,
    read: true,
  },
  {
    enrollNumber: null,
    category: 'calendar',
    kind: 'calendar.published',
    title: {
      en: 'Parent-teacher meetings are in the calendar',
      ar: 'لقاءات أولياء الأمور والمعلمين في التقويم',
    },
    body: { en: 'Meetings run from 15:00 to 18:00.', ar: 'تُعقد اللقاءات من الساعة 15:00 إلى 18:00.' },
    path: '/academic-calendar',
    hoursAgo: 96,
    read: false,
  },
  {
    enrollNumber: 'MG1001',
    category: 'fees',
    kind: 'fees.dueSoon',
    title: { en: 'Omar: the term 2 fee is due in 7 days', ar: 'عمر: رسوم الفصل الثاني مستحقة خلال 7 أيام' },
    body: { en: 'Pay it in the portal before the due date.', ar: 'ادفعها في البوابة قبل تاريخ الاستحقاق.' },
    path: '/feepayment',
    hoursAgo: 48,
    read: false,
  },
  {
    enrollNumber: 'MG1002',
    category: 'messages',
    kind: 'messages.reply',
    title: { en: 'Ms Haddad replied about Layla', ar: 'ردّت الأستاذة حداد بخصوص ليلى' },
    body: { en: '“Layla did very well in the reading test.”', ar: '«أداء ليلى ممتاز في اختبار القراءة.»' },
    path: '/communication',
    hoursAgo: 20,
    read: false,
  },
  {
    enrollNumber: 'MG1001',
    category: 'requests',
    kind: 'requests.statusChanged',
    title: { en: "Omar's leave request was approved", ar: 'تمت الموافقة على طلب إجازة عمر' },
    body: { en: 'The days of the family travel are excused.', ar: 'أيام سفر العائلة معذورة.' },
    path: '/student-leave',
    hoursAgo: 300,
    read: true,
  },
  {
    enrollNumber: 'MG1003',
    category: 'safety',
    kind: 'safety.exitHandover',
    title: { en: 'Yousef left school with his uncle', ar: 'غادر يوسف المدرسة مع عمّه' },
    body: {
      en: 'Collected at 12:40 by Tariq Al Mansouri (uncle).',
      ar: 'استلمه طارق المنصوري (العم) الساعة 12:40.',
    },
    path: '/exit-slip-request',
    hoursAgo: 170,
    read: true,
  },
  {
    enrollNumber: 'MG1001',
    category: 'academics',
    kind: 'academics.resultsReleased',
    title: { en: "Omar's science results are out", ar: 'صدرت نتائج عمر في العلوم' },
    body: { en: 'Unit 2 assessment: 17 out of 20.', ar: 'تقييم الوحدة الثانية: 17 من 20.' },
    path: '/assessment-mark',
    hoursAgo: 60,
    read: false,
  },
];

/** Writes mogra's demo inbox, dated back from `now`. */
export async function seedDemoNotifications(db: TDatabase, now: Date): Promise<void> {
  const notices = NOTICES.map((notice, index): TNotice => ({
    schoolId: SCHOOL,
    enrollNumber: notice.enrollNumber,
    category: notice.category,
    kind: notice.kind,
    dedupeKey: `demo:${index}`,
    title: notice.title,
    body: notice.body,
    path: notice.path,
    at: new Date(now.getTime() - notice.hoursAgo * HOUR_MS),
  }));
  await notify(db, notices, [PARENT]);
  const read = NOTICES.flatMap((notice, index) => (notice.read ? [`demo:${index}`] : []));
  const mine = and(eq(notifications.schoolId, SCHOOL), eq(notifications.parentId, PARENT));
  await db
    .update(notifications)
    .set({ mailState: 'sent', mailedAt: notifications.createdAt })
    .where(and(mine, lt(notifications.createdAt, now), sql`${notifications.dedupeKey} like 'demo:%'`));
  await db
    .update(notifications)
    .set({ readAt: sql`${notifications.createdAt} + interval '1 hour'` })
    .where(and(mine, inArray(notifications.dedupeKey, read)));
}
