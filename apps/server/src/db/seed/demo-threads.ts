import { and, eq } from 'drizzle-orm';
import type { TDatabase } from '../client.ts';
import { messageThreads, parents, threadMessages } from '../schema/index.ts';
import { archiveMail } from '../../modules/inbox/mail-archive.ts';
import { digestMail, noticeMail, type TMailedNotice } from '../../modules/inbox/notice-mail.ts';
import { demoRoster } from './demo-roster.ts';
import type { TDemoSchool } from './demo-schools.ts';

// The demo's threads with teachers and the mail archive (docs/modules.md section 6). For mogra's
// parent@mogra.demo: three threads with staff who really teach the children (the demo
// roster's classes): one about Omar with his maths teacher, one about Layla whose reply from
// the school is unread, and one entirely in Arabic about Yousef, closed by his class teacher;
// and the archive of a few mails of the last two weeks, rendered as the mail job renders them.

const PARENT = 'MG-P001';
const HOUR_MS = 3_600_000;

type TDemoMessage = { by: 'parent' | 'staff'; hoursAgo: number; body: string };

type TDemoThread = {
  enrollNumber: string;
  /** The staff member: the child's teacher of this subject, or the class teacher (null). */
  subjectId: string | null;
  subject: string;
  messages: TDemoMessage[];
  /** The messages the parent has read (the rest is unread). */
  read: number;
  closed: boolean;
};

const THREADS: TDemoThread[] = [
  {
    enrollNumber: 'MG1001',
    subjectId: 'sub-math',
    subject: 'Fractions homework',
    read: 3,
    closed: false,
    messages: [
      {
        by: 'parent',
        hoursAgo: 146,
        body: 'Good evening, Omar found questions 7 to 12 of the fractions worksheet hard. Could you suggest how we can help him at home?',
      },
      {
        by: 'staff',
        hoursAgo: 134,
        body: 'Thank you for telling me. I will go over adding fractions with different denominators with Omar on Tuesday, and I have put two practice sheets in his folder.',
      },
      {
        by: 'parent',
        hoursAgo: 122,
        body: 'Thank you, we will work through them together at the weekend.',
      },
    ],
  },
  {
    enrollNumber: 'MG1002',
    subjectId: 'sub-sci',
    subject: 'Reading in science lessons',
    read: 1,
    closed: false,
    messages: [
      {
        by: 'parent',
        hoursAgo: 46,
        body: 'Dear Ms Haddad, Layla says the reading pages in science take her a long time. Is she keeping up with the class?',
      },
      {
        by: 'staff',
        hoursAgo: 20,
        body: 'Layla did very well in the reading test. She takes her time because she reads carefully, which is good; she could read the summary box of each page first, then the details.',
      },
    ],
  },
  {
    enrollNumber: 'MG1003',
    subjectId: null,
    subject: 'قصص عربية للقراءة في المنزل',
    read: 4,
    closed: true,
    messages: [
      {
        by: 'parent',
        hoursAgo: 220,
        body: 'السلام عليكم أستاذة فاطمة، هل يمكنك أن تقترحي قصصًا قصيرة باللغة العربية يقرؤها يوسف معنا في المنزل؟',
      },
      {
        by: 'staff',
        hoursAgo: 200,
        body: 'وعليكم السلام، بكل سرور. أرسلت مع يوسف اليوم قائمة بخمس قصص تناسب مستواه، ويمكنكم استعارتها من مكتبة المدرسة.',
      },
      { by: 'parent', hoursAgo: 196, body: 'شكرًا جزيلًا، سنبدأ بها هذا الأسبوع.' },
      {
        by: 'staff',
        hoursAgo: 190,
        body: 'يسعدني ذلك. سأغلق هذه المحادثة الآن، ويمكنكم بدء محادثة جديدة في أي وقت.',
      },
    ],
  },
];

type TDemoMail = { hoursAgo: number; notices: TMailedNotice[] };

const notice = (
  category: TMailedNotice['category'],
  enrollNumber: string | null,
  childName: string | null,
  title: [string, string],
  body: [string, string],
  path: string,
): TMailedNotice => ({
  category,
  enrollNumber,
  childName,
  titleEn: title[0],
  titleAr: title[1],
  bodyEn: body[0],
  bodyAr: body[1],
  path,
});

const OMAR = 'Omar Khalid Al Mansouri';
const LAYLA = 'Layla Khalid Al Mansouri';
const YOUSEF = 'Yousef Khalid Al Mansouri';

/** Past mail: instant notices alone, digests (several notices) as the day's summary. */
const MAILS: TDemoMail[] = [
  {
    hoursAgo: 300,
    notices: [
      notice(
        'requests',
        'MG1001',
        OMAR,
        ["Omar's leave request was approved", 'تمت الموافقة على طلب إجازة عمر'],
        ['The days of the family travel are excused.', 'أيام سفر العائلة معذورة.'],
        '/student-leave',
      ),
    ],
  },
  {
    hoursAgo: 200,
    notices: [
      notice(
        'attendance',
        'MG1001',
        OMAR,
        ['Omar arrived late', 'تأخر عمر في الحضور'],
        ['Omar arrived at 07:58, after registration.', 'وصل عمر الساعة 07:58 بعد تسجيل الحضور.'],
        '/attendance_month?enrollNumber=MG1001',
      ),
    ],
  },
  {
    hoursAgo: 170,
    notices: [
      notice(
        'safety',
        'MG1003',
        YOUSEF,
        ['Yousef left school with his uncle', 'غادر يوسف المدرسة مع عمّه'],
        ['Collected at 12:40 by Tariq Al Mansouri (uncle).', 'استلمه طارق المنصوري (العم) الساعة 12:40.'],
        '/exit-slip-request',
      ),
    ],
  },
  {
    hoursAgo: 50,
    notices: [
      notice(
        'academics',
        'MG1001',
        OMAR,
        ["Omar's science results are out", 'صدرت نتائج عمر في العلوم'],
        ['Unit 2 assessment: 17 out of 20.', 'تقييم الوحدة الثانية: 17 من 20.'],
        '/assessment-mark',
      ),
      notice(
        'academics',
        'MG1003',
        YOUSEF,
        ['Reminder for Yousef: sports kit', 'تذكير ليوسف: الزي الرياضي'],
        ['Bring trainers and a water bottle.', 'أحضر حذاءً رياضيًا وقارورة ماء.'],
        '/agenda?enrollNumber=MG1003',
      ),
    ],
  },
  {
    hoursAgo: 48,
    notices: [
      notice(
        'fees',
        'MG1001',
        OMAR,
        ['Omar: the term 2 fee is due in 7 days', 'عمر: رسوم الفصل الثاني مستحقة خلال 7 أيام'],
        ['Pay it in the portal before the due date.', 'ادفعها في البوابة قبل تاريخ الاستحقاق.'],
        '/feepayment',
      ),
    ],
  },
  {
    hoursAgo: 26,
    notices: [
      notice(
        'academics',
        'MG1001',
        OMAR,
        ['New homework for Omar: Mathematics', 'واجب جديد لعمر: الرياضيات'],
        ['Worksheet: fractions, questions 1 to 12.', 'ورقة عمل: الكسور، الأسئلة من 1 إلى 12.'],
        '/agenda?enrollNumber=MG1001',
      ),
      notice(
        'academics',
        'MG1002',
        LAYLA,
        ['New homework for Layla: English', 'واجب جديد لليلى: اللغة الإنجليزية'],
        ['Read chapter 4 and write three questions.', 'اقرئي الفصل الرابع واكتبي ثلاثة أسئلة.'],
        '/agenda?enrollNumber=MG1002',
      ),
    ],
  },
];

/** The files this part adds to a demo school's bundle: none (threads are not school data). */
export function demoThreadFiles(_school: TDemoSchool, _seedDay: string): Map<string, string | Uint8Array> {
  return new Map();
}

/**
 * Every other family of the demo (of every school, granted or not, so the access tests have a
 * thread and a mail of theirs to swap): one question to their first child's class teacher, and
 * the notice mail that told them of the reply.
 */
async function seedOneThreadPerFamily(db: TDatabase, school: TDemoSchool, ago: (hours: number) => Date) {
  const { schoolId } = school;
  const classes = demoRoster(school).classes;
  for (const family of school.parents.filter((candidate) => candidate.parentId !== PARENT)) {
    const child = family.children[0];
    const taught = child && classes.find((item) => item.students.includes(child.enrollNumber));
    if (!child || !taught) continue;
    const [row] = await db
      .insert(messageThreads)
      .values({
        schoolId,
        parentId: family.parentId,
        enrollNumber: child.enrollNumber,
        staffId: taught.teacherId,
        subject: 'Reading books',
        createdAt: ago(70),
        lastMessageAt: ago(50),
        lastSeq: 2,
        parentReadSeq: 2,
        staffReadSeq: 2,
      })
      .returning({ threadId: messageThreads.threadId });
    await db.insert(threadMessages).values([
      {
        schoolId,
        threadId: row!.threadId,
        seq: 1,
        authorKind: 'parent',
        authorId: family.parentId,
        body: `Which reading books should ${child.first} bring this term?`,
        at: ago(70),
      },
      {
        schoolId,
        threadId: row!.threadId,
        seq: 2,
        authorKind: 'staff',
        authorId: taught.teacherId,
        body: 'The class reader and one library book of their choice.',
        at: ago(50),
      },
    ]);
    await archiveMail(db, {
      owner: { schoolId, parentId: family.parentId },
      kind: 'notice',
      category: 'messages',
      language: 'en',
      mail: noticeMail({
        to: family.username,
        language: 'en',
        school: { nameEn: school.nameEn, nameAr: school.nameAr, logoUrl: `/media/schools/${schoolId}.svg` },
        address: null,
        unsubscribe: null,
        notice: notice(
          'messages',
          child.enrollNumber,
          child.first,
          [`A reply about ${child.first}: Reading books`, `رد بخصوص ${child.first}: كتب القراءة`],
          ['The class reader and one library book of their choice.', 'كتاب الصف وكتاب من المكتبة يختاره.'],
          `/communication?enrollNumber=${child.enrollNumber}`,
        ),
      }),
      sentAt: ago(50),
    });
  }
}

/** The demo's threads and mail archive, dated back from now: mogra's family of three, then every other family's one. */
export async function seedDemoThreadActivity(
  db: TDatabase,
  school: TDemoSchool,
  _seedDay: string,
): Promise<void> {
  const schoolId = school.schoolId;
  await seedOneThreadPerFamily(db, school, (hours) => new Date(Date.now() - hours * HOUR_MS));
  if (schoolId !== 'mogra') return;
  const now = Date.now();
  const ago = (hours: number) => new Date(now - hours * HOUR_MS);
  const classes = demoRoster(school).classes;
  for (const thread of THREADS) {
    const taught = classes.find(
      (item) => item.students.includes(thread.enrollNumber) && item.subjectId === thread.subjectId,
    );
    if (!taught) throw new Error(`the demo roster has no class for ${thread.enrollNumber}`);
    const first = thread.messages[0]!;
    const last = thread.messages.at(-1)!;
    const [row] = await db
      .insert(messageThreads)
      .values({
        schoolId,
        parentId: PARENT,
        enrollNumber: thread.enrollNumber,
        staffId: taught.teacherId,
        subject: thread.subject,
        status: thread.closed ? 'closed' : 'open',
        createdAt: ago(first.hoursAgo),
        lastMessageAt: ago(last.hoursAgo),
        lastSeq: thread.messages.length,
        parentReadSeq: thread.read,
        staffReadSeq: thread.messages.length,
      })
      .returning({ threadId: messageThreads.threadId });
    await db.insert(threadMessages).values(
      thread.messages.map((message, index) => ({
        schoolId,
        threadId: row!.threadId,
        seq: index + 1,
        authorKind: message.by,
        authorId: message.by === 'parent' ? PARENT : taught.teacherId,
        body: message.body,
        at: ago(message.hoursAgo),
      })),
    );
  }
  const [parent] = await db
    .select({ email: parents.email })
    .from(parents)
    .where(and(eq(parents.schoolId, schoolId), eq(parents.parentId, PARENT)));
  const mailSchool = {
    nameEn: school.nameEn,
    nameAr: school.nameAr,
    logoUrl: `/media/schools/${schoolId}.svg`,
  };
  for (const mail of MAILS) {
    const [only] = mail.notices;
    const single = mail.notices.length === 1 && only;
    const common = { to: parent?.email ?? '', language: 'en' as const, school: mailSchool, address: null };
    await archiveMail(db, {
      owner: { schoolId, parentId: PARENT },
      kind: single ? 'notice' : 'digest',
      category: single ? only.category : null,
      language: 'en',
      mail: single
        ? noticeMail({ ...common, notice: only, unsubscribe: null })
        : digestMail({ ...common, notices: mail.notices, unsubscribe: null }),
      sentAt: ago(mail.hoursAgo),
    });
  }
}
