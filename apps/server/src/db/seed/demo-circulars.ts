import PDFDocument from 'pdfkit';
import { and, eq, like, sql } from 'drizzle-orm';
import { addDays } from '@portal/contracts/kits/dates';
import type { TDatabase } from '../client.ts';
import { acknowledgements, circulars, notifications } from '../schema/index.ts';
import { headerOf } from '../../kits/bundle-file.ts';
import { acknowledge } from '../../kits/acknowledgements.ts';
import { fontBuffers, FONT_NAMES } from '../../kits/documents/fonts.ts';
import { PageWriter } from '../../kits/documents/page-writer.ts';
import { csvText } from '../../modules/school-data/csv-text.ts';
import { circularNoticeKey } from '../../modules/publications/circular-notices.ts';
import { CIRCULAR_ACK_SUBJECT } from '../../modules/publications/circular-views.ts';
import { circularsFile } from '../../modules/publications/import-circulars.ts';
import type { TDemoSchool } from './demo-schools.ts';

// The demo's circulars (docs/modules.md section 6), in each demo school's bundle as circulars.csv
// (docs/school-data.md) and through the import like a school's. At mogra eight letters of the
// last weeks, some to the whole school and some to one grade or section, so that each child of
// parent@mogra.demo (Omar 9-A, Layla 6-B, Yousef 2-C) is named by some and not others; some ask
// for an acknowledgement by a day to come, one is past its day, and the trip's carries its
// consent form as a PDF. After the import the family has acknowledged one for every child, one
// for one child of two, and not the others. bcd (which grants circulars) has three; the other
// schools one each, which they do not grant (the tests prove the 403 A001 gate on it).

type TText = readonly [en: string, ar: string];

type TDemoCircular = {
  id: string;
  title: TText;
  body: TText;
  daysAgo: number;
  grades?: string[];
  /** `<grade>-<section>`, as a school writes them (`9-A`). */
  sections?: string[];
  requiresAck?: boolean;
  /** The day to acknowledge by, in days after the seed day (negative: past). */
  ackIn?: number;
  /** The PDFs it carries, by their name in the bundle. */
  files?: string[];
};

/** A PDF of the bundle: its title and lines, in English then Arabic. */
type TDemoPdf = { title: TText; lines: readonly TText[] };

const TRIP_FORM = 'circulars/science-museum-trip-consent.pdf';
const UNIFORM_LIST = 'circulars/winter-uniform-list.pdf';
const PHOTO_LETTER = 'circulars/photo-day-letter.pdf';

const MOGRA: TDemoCircular[] = [
  {
    id: 'circ-mg-museum-trip',
    title: ['Grade 9 trip to the Museum of the Future', 'رحلة الصف التاسع إلى متحف المستقبل'],
    body: [
      'Grade 9A will visit the Museum of the Future next Thursday as part of the science unit on innovation. The bus leaves school at 08:15 and returns by 13:30. Pupils wear their school uniform and bring a packed lunch and a water bottle. The visit is free of charge. Please read the attached consent form and acknowledge this circular so that your child can join the trip.',
      'سيزور طلاب الصف التاسع (أ) متحف المستقبل يوم الخميس القادم ضمن وحدة العلوم عن الابتكار. تغادر الحافلة المدرسة الساعة 08:15 وتعود قبل الساعة 13:30. يرتدي الطلاب الزي المدرسي ويحضرون وجبة غداء وقارورة ماء. الزيارة مجانية. يُرجى قراءة نموذج الموافقة المرفق وتأكيد الاطلاع على هذا التعميم ليتمكن ابنكم من المشاركة في الرحلة.',
    ],
    daysAgo: 2,
    sections: ['9-A'],
    requiresAck: true,
    ackIn: 5,
    files: [TRIP_FORM],
  },
  {
    id: 'circ-mg-exam-timetable',
    title: ['Term 1 examinations timetable', 'جدول امتحانات الفصل الأول'],
    body: [
      'The Term 1 examinations for grades 6 and 9 begin on Monday 7 December. Each paper starts at 08:00; pupils should arrive by 07:40 with their own pens, pencils and a calculator where allowed. The full timetable by subject is on the school calendar. Pupils leave at 12:30 on examination days.',
      'تبدأ امتحانات الفصل الأول للصفين السادس والتاسع يوم الاثنين 7 ديسمبر. يبدأ كل امتحان الساعة 08:00، وعلى الطلاب الحضور قبل الساعة 07:40 ومعهم أقلامهم وآلة حاسبة حيث يُسمح بها. الجدول الكامل لكل مادة في تقويم المدرسة. ينصرف الطلاب الساعة 12:30 في أيام الامتحانات.',
    ],
    daysAgo: 6,
    grades: ['6', '9'],
    requiresAck: true,
    ackIn: 3,
  },
  {
    id: 'circ-mg-winter-uniform',
    title: ['Winter uniform', 'الزي الشتوي'],
    body: [
      'From Sunday pupils may wear the winter uniform: the navy school jumper or the school fleece over the usual shirt. Jackets that are not part of the uniform are worn only outside the classroom. Please label every item with your child’s name.',
      'يمكن للطلاب ارتداء الزي الشتوي ابتداءً من يوم الأحد: الكنزة المدرسية الكحلية أو سترة الصوف المدرسية فوق القميص المعتاد. لا تُلبس السترات التي ليست من الزي إلا خارج الصف. يُرجى كتابة اسم الطالب على كل قطعة.',
    ],
    daysAgo: 4,
    requiresAck: true,
    ackIn: 7,
    files: [UNIFORM_LIST],
  },
  {
    id: 'circ-mg-parent-evening',
    title: ['Grade 2 parent evening', 'أمسية أولياء أمور الصف الثاني'],
    body: [
      'Parents of grade 2C are invited to meet the class teacher on Wednesday from 16:00 to 18:00 in the primary hall, to talk about reading at home and the class’s progress this term. Please acknowledge this circular to tell us you have seen the invitation.',
      'ندعو أولياء أمور طلاب الصف الثاني (ج) للقاء معلمة الصف يوم الأربعاء من الساعة 16:00 إلى 18:00 في قاعة المرحلة الابتدائية، للحديث عن القراءة في المنزل وتقدم الصف في هذا الفصل. يُرجى تأكيد الاطلاع على هذا التعميم لإعلامنا بأنكم اطلعتم على الدعوة.',
    ],
    daysAgo: 1,
    sections: ['2-C'],
    requiresAck: true,
    ackIn: 4,
  },
  {
    id: 'circ-mg-health-check',
    title: ['Vision and hearing checks for grade 6', 'فحص النظر والسمع لطلاب الصف السادس'],
    body: [
      'The school nurse will carry out the yearly vision and hearing checks for grade 6 during the school day next week. Nothing is needed from you; we will write to you only if a check suggests seeing a specialist.',
      'ستجري ممرضة المدرسة فحص النظر والسمع السنوي لطلاب الصف السادس خلال اليوم الدراسي في الأسبوع القادم. لا يلزمكم فعل شيء، وسنكتب إليكم فقط إذا أشار الفحص إلى ضرورة مراجعة مختص.',
    ],
    daysAgo: 9,
    grades: ['6'],
  },
  {
    id: 'circ-mg-sports-day',
    title: ['Sports day', 'اليوم الرياضي'],
    body: [
      'Our sports day takes place on the school field next month. Pupils come in their house T-shirt and sports kit, with a hat and sun cream. Families are welcome to watch from 09:00; refreshments will be sold by the parents’ association.',
      'يُقام اليوم الرياضي في ملعب المدرسة الشهر القادم. يحضر الطلاب بقميص فريقهم والزي الرياضي مع قبعة وواقٍ من الشمس. يسعدنا حضور العائلات للمشاهدة من الساعة 09:00، وستبيع جمعية أولياء الأمور المرطبات.',
    ],
    daysAgo: 12,
  },
  {
    id: 'circ-mg-fees-term2',
    title: ['Reminder: Term 2 fees', 'تذكير: رسوم الفصل الثاني'],
    body: [
      'Term 2 fees are due before the start of term. You can pay them in the portal by card or set up instalments with the finance office. Please acknowledge that you have read this reminder.',
      'تُستحق رسوم الفصل الثاني قبل بداية الفصل. يمكنكم دفعها في البوابة بالبطاقة أو الاتفاق على أقساط مع مكتب الشؤون المالية. يُرجى تأكيد الاطلاع على هذا التذكير.',
    ],
    daysAgo: 20,
    requiresAck: true,
    ackIn: -3,
  },
  {
    id: 'circ-mg-ramadan-hours',
    title: ['School hours in Ramadan', 'الدوام المدرسي في شهر رمضان'],
    body: [
      'When Ramadan begins, the school day runs from 08:00 to 13:00, and the canteen stays closed. After-school clubs pause for the month. Pupils who are fasting may rest in the library during breaks.',
      'عند بدء شهر رمضان يكون الدوام المدرسي من الساعة 08:00 إلى 13:00، ويُغلق المقصف. تتوقف الأنشطة بعد المدرسة خلال الشهر. يمكن للطلاب الصائمين الاستراحة في المكتبة خلال الفسح.',
    ],
    daysAgo: 33,
  },
];

const BCD: TDemoCircular[] = [
  {
    id: 'circ-bd-mock-exams',
    title: ['Grade 10 mock examinations', 'الامتحانات التجريبية للصف العاشر'],
    body: [
      'Grade 10 sits its mock examinations over the next two weeks. The timetable is in the school calendar; pupils revise with the packs their teachers gave them. Please acknowledge this circular.',
      'يؤدي طلاب الصف العاشر الامتحانات التجريبية خلال الأسبوعين القادمين. الجدول في تقويم المدرسة، ويراجع الطلاب بملفات المراجعة التي قدمها معلموهم. يُرجى تأكيد الاطلاع على هذا التعميم.',
    ],
    daysAgo: 3,
    grades: ['10'],
    requiresAck: true,
    ackIn: 6,
  },
  {
    id: 'circ-bd-library',
    title: ['Library books due back', 'إعادة كتب المكتبة'],
    body: [
      'Pupils of grade 8B should return their library books by the end of next week, so that the library can be stocktaken before the holiday.',
      'على طلاب الصف الثامن (ب) إعادة كتب المكتبة قبل نهاية الأسبوع القادم، حتى يتسنى جرد المكتبة قبل العطلة.',
    ],
    daysAgo: 5,
    sections: ['8-B'],
    requiresAck: true,
    ackIn: 8,
  },
  {
    id: 'circ-bd-national-day',
    title: ['National Day celebrations', 'احتفالات اليوم الوطني'],
    body: [
      'We celebrate National Day at school with an assembly, traditional games and food. Pupils may come in national dress or in the colours of the flag.',
      'نحتفل باليوم الوطني في المدرسة بطابور صباحي وألعاب شعبية وأطعمة تقليدية. يمكن للطلاب الحضور باللباس الوطني أو بألوان العلم.',
    ],
    daysAgo: 10,
  },
];

/** The one circular of a school that does not grant circulars. */
const OTHER: TDemoCircular = {
  id: 'circ-photo-day',
  title: ['School photographs', 'الصور المدرسية'],
  body: [
    'The photographer visits next week for individual and class photographs. Pupils wear their full school uniform.',
    'يزور المصور المدرسة الأسبوع القادم لالتقاط الصور الفردية والجماعية. يرتدي الطلاب الزي المدرسي كاملًا.',
  ],
  daysAgo: 8,
  files: [PHOTO_LETTER],
};

const circularsOf = (school: TDemoSchool): TDemoCircular[] =>
  school.schoolId === 'mogra' ? MOGRA : school.schoolId === 'bcd' ? BCD : [OTHER];

const PDFS: Record<string, TDemoPdf> = {
  [UNIFORM_LIST]: {
    title: ['Winter uniform: what to wear', 'الزي الشتوي: ما يُلبس'],
    lines: [
      ['Navy school jumper or school fleece', 'الكنزة المدرسية الكحلية أو سترة الصوف المدرسية'],
      ['The usual white shirt underneath', 'القميص الأبيض المعتاد تحتها'],
      ['Outdoor jackets: only outside the classroom', 'السترات الخارجية: خارج الصف فقط'],
      ['Label every item with your child’s name', 'اكتب اسم الطالب على كل قطعة'],
    ],
  },
  [PHOTO_LETTER]: {
    title: ['School photographs', 'الصور المدرسية'],
    lines: [
      ['Individual and class photographs next week', 'صور فردية وجماعية الأسبوع القادم'],
      ['Full school uniform, hair tidy', 'الزي المدرسي كاملًا وشعر مرتب'],
      ['Order prints from the photographer’s website', 'اطلب الصور المطبوعة من موقع المصور'],
    ],
  },
  [TRIP_FORM]: {
    title: ['Trip consent form: Museum of the Future', 'نموذج الموافقة على الرحلة: متحف المستقبل'],
    lines: [
      ['Date: next Thursday, 08:15 to 13:30', 'الموعد: الخميس القادم، من 08:15 إلى 13:30'],
      ['Travel: school bus, with four teachers', 'التنقل: حافلة المدرسة، مع أربعة معلمين'],
      ['Bring: packed lunch, water bottle, notebook', 'يُحضر الطالب: وجبة غداء، قارورة ماء، دفتر'],
      ['I agree that my child may take part in the trip.', 'أوافق على مشاركة ابني أو ابنتي في الرحلة.'],
      ['Parent’s name and signature: ____________________', 'اسم ولي الأمر وتوقيعه: ____________________'],
    ],
  },
};

/**
 * A small PDF of a letter, in English then in Arabic, drawn with the documents kit's fonts and
 * writer. pdfkit writes the whole document into its stream by `end()`, so it is read at once.
 */
function letterPdf(pdf: TDemoPdf, author: string): Uint8Array {
  // Drawn once per process: every seed of the tests imports the same letters.
  const key = `${author}\n${pdf.title[0]}`;
  const drawn = LETTERS.get(key) ?? drawLetter(pdf, author);
  LETTERS.set(key, drawn);
  return drawn;
}

const LETTERS = new Map<string, Uint8Array>();

function drawLetter(pdf: TDemoPdf, author: string): Uint8Array {
  const doc = new PDFDocument({ size: 'A4', margin: 0, info: { Title: pdf.title[0], Author: author } });
  const fonts = fontBuffers();
  for (const key of Object.keys(FONT_NAMES) as (keyof typeof FONT_NAMES)[])
    doc.registerFont(FONT_NAMES[key], fonts[key]);
  let y = 90;
  for (const [index, direction] of (['ltr', 'rtl'] as const).entries()) {
    const writer = new PageWriter(doc, direction, 56);
    const span = { start: 0, width: writer.contentWidth };
    writer.text(pdf.title[index]!, span, y, { size: 17, bold: true });
    y += 34;
    for (const line of pdf.lines) y = writer.paragraph(line[index]!, span, y, { size: 11 }) + 8;
    y += 40;
  }
  doc.end();
  const chunks: Buffer[] = [];
  for (let chunk = doc.read() as Buffer | null; chunk !== null; chunk = doc.read() as Buffer | null)
    chunks.push(chunk);
  return new Uint8Array(Buffer.concat(chunks));
}

/** The files this part adds to a demo school's bundle (file name to text or bytes). */
export function demoCircularFiles(school: TDemoSchool, seedDay: string): Map<string, string | Uint8Array> {
  const list = circularsOf(school);
  const files = new Map<string, string | Uint8Array>();
  files.set(
    'circulars.csv',
    csvText(
      headerOf(circularsFile),
      list.map((circular) => ({
        sourcedId: circular.id,
        status: 'active',
        title_en: circular.title[0],
        title_ar: circular.title[1],
        body_en: circular.body[0],
        body_ar: circular.body[1],
        grades: (circular.grades ?? []).join(';'),
        sections: (circular.sections ?? []).join(';'),
        requiresAck: circular.requiresAck ? 'true' : 'false',
        ackBy: circular.ackIn === undefined ? '' : addDays(seedDay, circular.ackIn),
        files: (circular.files ?? []).join(';'),
        publishedAt: `${addDays(seedDay, -circular.daysAgo)}T07:30:00+04:00`,
      })),
    ),
  );
  for (const name of new Set(list.flatMap((circular) => circular.files ?? []))) {
    const pdf = PDFS[name];
    if (pdf) files.set(name, letterPdf(pdf, school.nameEn));
  }
  return files;
}

/** What the family did at mogra: circular id, the children who acknowledged, hours after publication. */
const MOGRA_ACKS: [circularId: string, enrollNumbers: string[], hoursAfter: number][] = [
  ['circ-mg-winter-uniform', ['MG1001', 'MG1002', 'MG1003'], 5],
  ['circ-mg-exam-timetable', ['MG1001'], 30],
];
const BCD_ACKS: typeof MOGRA_ACKS = [['circ-bd-library', ['BD4102'], 20]];

/**
 * After the import: the family's acknowledgements (the uniform for every child, the exams for
 * Omar and not yet for Layla), timed after each circular went out; and the notices the circulars
 * gave are history, counted as mailed (only what happens from now on is mailed), those of more
 * than a week read.
 */
export async function seedDemoCircularActivity(
  db: TDatabase,
  school: TDemoSchool,
  seedDay: string,
): Promise<void> {
  const acks = school.schoolId === 'mogra' ? MOGRA_ACKS : school.schoolId === 'bcd' ? BCD_ACKS : [];
  const parentId = school.parents[0]?.parentId;
  for (const [circularId, enrollNumbers, hoursAfter] of parentId ? acks : []) {
    const subject = { schoolId: school.schoolId, subjectKind: CIRCULAR_ACK_SUBJECT, subjectId: circularId };
    await acknowledge(db, subject, parentId!, enrollNumbers);
    await db.execute(sql`
      update ${acknowledgements} a set at = c.published_at + make_interval(hours => ${hoursAfter})
      from ${circulars} c
      where a.school_id = ${school.schoolId} and a.subject_kind = ${CIRCULAR_ACK_SUBJECT}
        and a.subject_id = ${circularId} and c.school_id = a.school_id and c.circular_id = a.subject_id`);
  }
  const weekAgo = `${addDays(seedDay, -7)}T00:00:00Z`;
  await db
    .update(notifications)
    .set({
      mailState: 'sent',
      mailedAt: sql`${notifications.createdAt}`,
      readAt: sql`case when ${notifications.createdAt} < ${weekAgo}::timestamptz then ${notifications.createdAt} end`,
    })
    .where(
      and(
        eq(notifications.schoolId, school.schoolId),
        like(notifications.dedupeKey, `${circularNoticeKey('')}%`),
      ),
    );
}
