import { and, eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { addDays } from '@portal/contracts/kits/dates';
import type { TDatabase } from '../client.ts';
import { acknowledgements, notifications } from '../schema/index.ts';
import { headerOf } from '../../kits/bundle-file.ts';
import { csvText } from '../../modules/school-data/csv-text.ts';
import { examMaterialsFile, policiesFile } from '../../modules/publications/import-policies.ts';
import { POLICY_NOTICE_KIND } from '../../modules/publications/policy-notices.ts';
import { POLICY_ACK_SUBJECT, policySubjectId } from '../../modules/publications/policy-repository.ts';
import type { TDemoSchool } from './demo-schools.ts';

// The demo's policies and exam material (docs/modules.md section 6), through the import like a
// school's (docs/school-data.md, policies.csv and exam_materials.csv), each with a small PDF
// made here (in English, with the standard font: the tests seed many databases). mogra: four
// policies with English and Arabic titles and summaries, two asking for an acknowledgement (the
// behaviour policy at a new version nobody has acknowledged yet, its earlier version
// acknowledged; the mobile phone policy acknowledged by the parent for every child), and exam
// material of Omar's, Layla's and Yousef's grades: a syllabus per subject and term (the third
// term's scheduled for later), revision packs and past papers. Every other school has a policy
// and a material it does not grant, so the tests prove the 403 A001 gate rather than missing data.

/** The demo's terms of the current year (demo-bundle.ts, academicSessions.csv). */
const TERM_IDS = ['term-2026-1', 'term-2026-2', 'term-2026-3'] as const;

type TText = { en: string; ar: string };

type TDemoPolicy = {
  id: string;
  version: string;
  title: TText;
  summary: TText;
  /** The policy's text in its PDF (English), a paragraph each. */
  body: string[];
  requiresAck: boolean;
  /** Days before the seed day it was published (this version). */
  publishedDaysAgo: number;
  /** Days after the seed day it takes effect (negative: before). */
  effectiveInDays: number;
};

const MOGRA_POLICIES: TDemoPolicy[] = [
  {
    id: 'pol-behaviour',
    version: '2026.2',
    title: { en: 'Behaviour and relationships policy', ar: 'سياسة السلوك والعلاقات' },
    summary: {
      en: 'How we expect pupils to behave, how good conduct is recognised and how the school responds when things go wrong. This version adds the rules for online behaviour.',
      ar: 'ما نتوقعه من سلوك الطلاب، وكيف نقدّر السلوك الحسن، وكيف تتصرف المدرسة عند حدوث المشكلات. يضيف هذا الإصدار قواعد السلوك على الإنترنت.',
    },
    body: [
      'Every member of our school community treats others with kindness and respect, in class, at break time, on the bus and online.',
      'Good conduct is recognised with merit points, certificates and a note home. Repeated or serious misbehaviour is recorded and the parents are informed the same day.',
      'New in this version: messages, pictures and posts about other pupils or staff follow the same rules as words spoken at school.',
    ],
    requiresAck: true,
    publishedDaysAgo: 3,
    effectiveInDays: 11,
  },
  {
    id: 'pol-mobile-phones',
    version: '2025.1',
    title: { en: 'Mobile phones and devices policy', ar: 'سياسة الهواتف المحمولة والأجهزة' },
    summary: {
      en: 'Phones stay switched off in lockers from the first bell to the last; devices for learning are used only when the teacher asks.',
      ar: 'تبقى الهواتف مغلقة في الخزائن من الجرس الأول حتى الأخير، ولا تُستخدم أجهزة التعلم إلا بطلب من المعلم.',
    },
    body: [
      'Pupils who bring a phone switch it off and leave it in their locker from the first bell to the last.',
      'A phone seen during the school day is kept at reception until a parent collects it.',
      'Parents who need to reach their child during the day call the school office.',
    ],
    requiresAck: true,
    publishedDaysAgo: 60,
    effectiveInDays: -53,
  },
  {
    id: 'pol-health-safety',
    version: '2024.3',
    title: { en: 'Health and safety policy', ar: 'سياسة الصحة والسلامة' },
    summary: {
      en: 'First aid, medicines at school, fire drills and how visitors are received.',
      ar: 'الإسعافات الأولية، والأدوية في المدرسة، وتمارين الإخلاء، واستقبال الزوار.',
    },
    body: [
      'The school nurse gives medicines only with the written consent of a parent and in their original packaging.',
      'Fire drills take place once a term; pupils learn the routes and the assembly points at the start of the year.',
      'Every visitor signs in at reception and wears a visitor badge while on site.',
    ],
    requiresAck: false,
    publishedDaysAgo: 120,
    effectiveInDays: -110,
  },
  {
    id: 'pol-privacy',
    version: '2026.1',
    title: { en: 'Privacy notice for families', ar: 'إشعار الخصوصية للعائلات' },
    summary: {
      en: 'What the school records about pupils and parents, why, who it is shared with and how long it is kept.',
      ar: 'ما تسجله المدرسة عن الطلاب وأولياء الأمور، ولماذا، ومع من تُشاركه، ومدة الاحتفاظ به.',
    },
    body: [
      'The school keeps the records it needs to teach and care for your child: attendance, marks, reports and health information.',
      'They are shared only with the education authority and with the services you agree to.',
      'You may ask to see the records the school keeps about your family at any time.',
    ],
    requiresAck: false,
    publishedDaysAgo: 85,
    effectiveInDays: -80,
  },
];

/** The behaviour policy's earlier version, which the parent acknowledged for every child. */
const EARLIER_BEHAVIOUR_VERSION = { version: '2025.1', acknowledgedDaysAgo: 200 };
/** When the parent acknowledged the mobile phone policy (days before the seed day). */
const PHONES_ACKNOWLEDGED_DAYS_AGO = 58;

type TSubject = { code: string; name: TText; topics: string[][] };

/** The subjects of each demo grade with material, and their topics for each of the three terms. */
const GRADE_SUBJECTS: Record<string, TSubject[]> = {
  '09': [
    {
      code: 'maths',
      name: { en: 'Mathematics', ar: 'الرياضيات' },
      topics: [
        ['Quadratic equations', 'Simultaneous equations', 'Graphs of functions'],
        ['Trigonometry', 'Vectors', 'Similarity and congruence'],
        ['Probability', 'Statistics and data', 'Revision for the final examination'],
      ],
    },
    {
      code: 'science',
      name: { en: 'Science', ar: 'العلوم' },
      topics: [
        ['Forces and motion', 'Energy transfers', 'Atomic structure'],
        ['Chemical reactions', 'Acids and bases', 'Electric circuits'],
        ['Cells and genetics', 'Ecosystems', 'Revision for the final examination'],
      ],
    },
  ],
  '06': [
    {
      code: 'maths',
      name: { en: 'Mathematics', ar: 'الرياضيات' },
      topics: [
        ['Fractions and decimals', 'Percentages', 'Order of operations'],
        ['Ratio and proportion', 'Area and perimeter', 'Angles'],
        ['Volume', 'Data handling', 'Revision for the final examination'],
      ],
    },
    {
      code: 'arabic',
      name: { en: 'Arabic language', ar: 'اللغة العربية' },
      topics: [
        ['Reading comprehension', 'Nominal sentences', 'Letter writing'],
        ['Poetry recital', 'Verbal sentences', 'Story writing'],
        ['Spelling and dictation', 'Report writing', 'Revision for the final examination'],
      ],
    },
  ],
  '02': [
    {
      code: 'english',
      name: { en: 'English', ar: 'اللغة الإنجليزية' },
      topics: [
        ['Phonics: long vowels', 'Reading aloud', 'Capital letters and full stops'],
        ['Story sequencing', 'Describing words', 'Writing a recount'],
        ['Poems and rhymes', 'Questions and answers', 'Writing instructions'],
      ],
    },
    {
      code: 'maths',
      name: { en: 'Mathematics', ar: 'الرياضيات' },
      topics: [
        ['Counting to 100', 'Addition within 20', 'Shapes'],
        ['Subtraction within 20', 'Measuring length', 'Telling the time'],
        ['Multiplication as groups', 'Money', 'Halves and quarters'],
      ],
    },
  ],
};

/** When each term's syllabus is published (days after the seed day): the third one is scheduled. */
const SYLLABUS_PUBLISHED_IN_DAYS = [-80, -20, 30];

const TERM_NAMES: TText[] = [
  { en: 'Term 1', ar: 'الفصل الأول' },
  { en: 'Term 2', ar: 'الفصل الثاني' },
  { en: 'Term 3', ar: 'الفصل الثالث' },
];

// ---------------------------------------------------------------- the PDFs

/**
 * The bytes of a finished pdfkit document, read at once: with no `data` listener the whole
 * document stays in the stream's buffer when it ends, so the seed builds its bundle synchronously.
 */
function bytesOf(doc: PDFKit.PDFDocument): Uint8Array {
  doc.end();
  const chunks: Buffer[] = [];
  for (let chunk = doc.read() as Buffer | null; chunk !== null; chunk = doc.read() as Buffer | null)
    chunks.push(chunk);
  return new Uint8Array(Buffer.concat(chunks));
}

// The same document is made once per process (the tests seed many databases).
const made = new Map<string, Uint8Array>();
function once(key: string, make: () => Uint8Array): Uint8Array {
  let pdf = made.get(key);
  if (!pdf) {
    pdf = make();
    made.set(key, pdf);
  }
  return pdf;
}

/**
 * A policy's PDF, as the school wrote it in English (its Arabic title and summary come with the
 * row). The standard font keeps the seed quick: the tests seed many databases.
 */
function policyPdf(schoolName: TText, policy: TDemoPolicy): Uint8Array {
  return once(`${schoolName.en}:${policy.id}@${policy.version}`, () => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      info: { Title: policy.title.en, Author: schoolName.en },
    });
    doc.font('Helvetica').fontSize(10).fillColor('#6b7280').text(schoolName.en);
    doc.moveDown(0.5).font('Helvetica-Bold').fontSize(18).fillColor('#5b21b6').text(policy.title.en);
    doc.font('Helvetica').fontSize(10).fillColor('#6b7280').text(`Version ${policy.version}`);
    doc.moveDown().fontSize(11).fillColor('#1f2937');
    for (const paragraph of policy.body) doc.text(paragraph).moveDown(0.6);
    return bytesOf(doc);
  });
}

/** An exam material's PDF: a page in the school's words (English, with the standard font). */
function materialPdf(key: string, lines: { title: string; heading: string; items: string[] }): Uint8Array {
  return once(key, () => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: lines.title } });
    doc.font('Helvetica-Bold').fontSize(18).fillColor('#1f2937').text(lines.title);
    doc.moveDown(0.5).font('Helvetica').fontSize(11).fillColor('#6b7280').text(lines.heading);
    doc.moveDown().fillColor('#1f2937');
    lines.items.forEach((item, index) => doc.text(`${index + 1}. ${item}`).moveDown(0.3));
    return bytesOf(doc);
  });
}

// ---------------------------------------------------------------- the files

const at = (seedDay: string, days: number, time = '08:00') => `${addDays(seedDay, days)}T${time}:00+04:00`;

type TMaterial = {
  sourcedId: string;
  grade: string;
  kind: 'syllabus' | 'revision' | 'pastPaper';
  termSourcedId: string;
  subject: TText;
  title: TText;
  file: string;
  pdf: Uint8Array;
  publishedAt: string;
};

/** mogra's material for a grade: a syllabus per subject and term, revision packs and past papers. */
function gradeMaterials(school: TDemoSchool, grade: string, seedDay: string): TMaterial[] {
  const gradeName = `Grade ${Number(grade)}`;
  return (GRADE_SUBJECTS[grade] ?? []).flatMap((subject, subjectIndex) => {
    const id = (suffix: string) => `em-g${grade}-${subject.code}-${suffix}`;
    const file = (suffix: string) => `exam-materials/${id(suffix)}.pdf`;
    const syllabi = TERM_IDS.map((termId, term): TMaterial => {
      const title = {
        en: `${TERM_NAMES[term]?.en} syllabus`,
        ar: `منهج ${TERM_NAMES[term]?.ar}`,
      };
      return {
        sourcedId: id(`t${term + 1}-syllabus`),
        grade,
        kind: 'syllabus',
        termSourcedId: termId,
        subject: subject.name,
        title,
        file: file(`t${term + 1}-syllabus`),
        pdf: materialPdf(`${school.schoolId}:${id(`t${term + 1}`)}`, {
          title: `${gradeName} ${subject.name.en}: ${title.en}`,
          heading: `${school.nameEn} · What is taught and assessed this term`,
          items: subject.topics[term] ?? [],
        }),
        publishedAt: at(seedDay, SYLLABUS_PUBLISHED_IN_DAYS[term] ?? 0),
      };
    });
    const revision: TMaterial = {
      sourcedId: id('t1-revision'),
      grade,
      kind: 'revision',
      termSourcedId: TERM_IDS[0],
      subject: subject.name,
      title: { en: 'Term 1 revision pack', ar: 'ملف مراجعة الفصل الأول' },
      file: file('t1-revision'),
      pdf: materialPdf(`${school.schoolId}:${id('t1-revision')}`, {
        title: `${gradeName} ${subject.name.en}: Term 1 revision pack`,
        heading: `${school.nameEn} · Practise each topic before the end-of-term assessment`,
        items: (subject.topics[0] ?? []).map(
          (topic) => `${topic}: worked examples and ten practice questions`,
        ),
      }),
      publishedAt: at(seedDay, -10 - subjectIndex),
    };
    // The youngest grade sits no papers.
    const pastPaper: TMaterial[] =
      Number(grade) < 3
        ? []
        : [
            {
              sourcedId: id('past-2025'),
              grade,
              kind: 'pastPaper',
              termSourcedId: '',
              subject: subject.name,
              title: { en: 'Final examination 2025-2026', ar: 'الامتحان النهائي 2025-2026' },
              file: file('past-2025'),
              pdf: materialPdf(`${school.schoolId}:${id('past-2025')}`, {
                title: `${gradeName} ${subject.name.en}: final examination 2025-2026`,
                heading: `${school.nameEn} · Time allowed: 90 minutes · Answer every question`,
                items: subject.topics
                  .flat()
                  .filter((topic) => !topic.startsWith('Revision'))
                  .slice(0, 6)
                  .map((topic) => `A question on ${topic.toLowerCase()}`),
              }),
              publishedAt: at(seedDay, -75),
            },
          ];
    return [...syllabi, revision, ...pastPaper];
  });
}

/** One syllabus of a child's grade: what a family whose grade has no other material sees. */
function oneSyllabus(
  school: TDemoSchool,
  child: { gradeCode: string; gradeNameEn: string },
  seedDay: string,
): TMaterial {
  return {
    sourcedId: `em-g${child.gradeCode}-maths-t1-syllabus`,
    grade: child.gradeCode,
    kind: 'syllabus',
    termSourcedId: TERM_IDS[0],
    subject: { en: 'Mathematics', ar: 'الرياضيات' },
    title: { en: 'Term 1 syllabus', ar: 'منهج الفصل الأول' },
    file: `exam-materials/g${child.gradeCode}-maths-t1.pdf`,
    pdf: materialPdf(`${school.schoolId}:g${child.gradeCode}-maths-t1`, {
      title: `${child.gradeNameEn} Mathematics: Term 1 syllabus`,
      heading: school.nameEn,
      items: ['Number', 'Algebra', 'Geometry'],
    }),
    publishedAt: at(seedDay, -30),
  };
}

/** A school that does not grant these modules: one policy and one material of its first child's grade. */
function ungrantedRows(school: TDemoSchool, seedDay: string) {
  const child = school.parents[0]?.children[0];
  const policy: TDemoPolicy = {
    id: 'pol-uniform',
    version: '2025.1',
    title: { en: 'Uniform policy', ar: 'سياسة الزي المدرسي' },
    summary: { en: 'The uniform for every day and for sport.', ar: 'الزي المدرسي اليومي والرياضي.' },
    body: [
      'Every day: the school shirt, grey trousers or skirt, and black shoes.',
      'Sport days: the house T-shirt, shorts and trainers.',
    ],
    requiresAck: true,
    publishedDaysAgo: 30,
    effectiveInDays: -20,
  };
  const materials = child ? [oneSyllabus(school, child, seedDay)] : [];
  return { policies: [policy], materials };
}

/** The grades of parent@mogra.demo's children, which have every kind of material. */
const MOGRA_GRADES = ['09', '06', '02'];

/** The files this part adds to a demo school's bundle (file name to text or bytes). */
export function demoPolicyFiles(school: TDemoSchool, seedDay: string): Map<string, string | Uint8Array> {
  const mogra = school.schoolId === 'mogra';
  const schoolName = { en: school.nameEn, ar: school.nameAr };
  const { policies, materials } = mogra
    ? {
        policies: MOGRA_POLICIES,
        materials: [
          ...MOGRA_GRADES.flatMap((grade) => gradeMaterials(school, grade, seedDay)),
          // The other families' grades: one syllabus each.
          ...new Map(
            school.parents
              .flatMap((parent) => parent.children)
              .filter((child) => !MOGRA_GRADES.includes(child.gradeCode))
              .map((child) => [child.gradeCode, oneSyllabus(school, child, seedDay)]),
          ).values(),
        ],
      }
    : ungrantedRows(school, seedDay);
  const files = new Map<string, string | Uint8Array>();
  files.set(
    'policies.csv',
    csvText(
      headerOf(policiesFile),
      policies.map((policy) => {
        const file = policy.body.length > 0 ? `policies/${policy.id}-${policy.version}.pdf` : '';
        if (file) files.set(file, policyPdf(schoolName, policy));
        return {
          sourcedId: policy.id,
          status: 'active',
          version: policy.version,
          title_en: policy.title.en,
          title_ar: policy.title.ar,
          summary_en: policy.summary.en,
          summary_ar: policy.summary.ar,
          file,
          requiresAck: policy.requiresAck,
          effectiveOn: addDays(seedDay, policy.effectiveInDays),
          publishedAt: at(seedDay, -policy.publishedDaysAgo),
        };
      }),
    ),
  );
  files.set(
    'exam_materials.csv',
    csvText(
      headerOf(examMaterialsFile),
      materials.map((material) => {
        files.set(material.file, material.pdf);
        return {
          sourcedId: material.sourcedId,
          status: 'active',
          grade: material.grade,
          kind: material.kind,
          termSourcedId: material.termSourcedId,
          subject_en: material.subject.en,
          subject_ar: material.subject.ar,
          title_en: material.title.en,
          title_ar: material.title.ar,
          file: material.file,
          publishedAt: material.publishedAt,
        };
      }),
    ),
  );
  return files;
}

/**
 * After a demo school's bundle is imported: the policy notices are history (counted as mailed;
 * only what happens from now on is mailed); and at mogra, what the parent acknowledged: the
 * behaviour policy's earlier version and the mobile phone policy, for every child.
 */
export async function seedDemoPolicyActivity(
  db: TDatabase,
  school: TDemoSchool,
  seedDay: string,
): Promise<void> {
  await db
    .update(notifications)
    .set({ mailState: 'sent', mailedAt: notifications.createdAt })
    .where(and(eq(notifications.schoolId, school.schoolId), eq(notifications.kind, POLICY_NOTICE_KIND)));
  if (school.schoolId !== 'mogra') return;
  const parent = school.parents[0];
  if (!parent) return;
  const phones = MOGRA_POLICIES.find((policy) => policy.id === 'pol-mobile-phones');
  const given = [
    {
      subjectId: policySubjectId('pol-behaviour', EARLIER_BEHAVIOUR_VERSION.version),
      at: new Date(at(seedDay, -EARLIER_BEHAVIOUR_VERSION.acknowledgedDaysAgo, '20:15')),
    },
    ...(phones
      ? [
          {
            subjectId: policySubjectId(phones.id, phones.version),
            at: new Date(at(seedDay, -PHONES_ACKNOWLEDGED_DAYS_AGO, '19:40')),
          },
        ]
      : []),
  ];
  await db.insert(acknowledgements).values(
    given.flatMap(({ subjectId, at: when }) =>
      parent.children.map((child, index) => ({
        schoolId: school.schoolId,
        subjectKind: POLICY_ACK_SUBJECT,
        subjectId,
        enrollNumber: child.enrollNumber,
        parentId: parent.parentId,
        // One press for every child: the same minute.
        at: new Date(when.getTime() + index * 1_000),
      })),
    ),
  );
}
