// What the demo schools' teachers grade (demo-results.ts): tests and quizzes, homework and
// projects, and activities graded without marks, each with its English and Arabic title.

/** A graded piece of work of a subject: its id part, titles, category, maximum and how many days before the seed day it was due. */
export type TDemoTest = {
  slug: string;
  en: string;
  ar: string;
  category: 'cat-tests' | 'cat-quizzes';
  max: number;
  daysAgo: number;
};

const test = (slug: string, en: string, ar: string, max: number, daysAgo: number): TDemoTest => ({
  slug,
  en,
  ar,
  category: slug.startsWith('quiz') ? 'cat-quizzes' : 'cat-tests',
  max,
  daysAgo,
});

/** Each subject's assessments of term 1, by subject code, oldest first. */
export const DEMO_TESTS: Record<string, TDemoTest[]> = {
  MATH: [
    test('test1', 'Unit test 1: numbers and operations', 'اختبار الوحدة الأولى: الأعداد والعمليات', 40, 70),
    test('quiz1', 'Quiz: equations', 'اختبار قصير: المعادلات', 20, 52),
    test('test2', 'Unit test 2: geometry', 'اختبار الوحدة الثانية: الهندسة', 40, 30),
  ],
  ENG: [
    test('test1', 'Reading comprehension test', 'اختبار الفهم القرائي', 50, 63),
    test('quiz1', 'Grammar quiz', 'اختبار قصير في القواعد', 20, 40),
  ],
  ARA: [
    test('test1', 'Reading and expression test', 'اختبار القراءة والتعبير', 50, 66),
    test('quiz1', 'Dictation quiz', 'اختبار قصير في الإملاء', 20, 38),
  ],
  SCI: [
    test('test1', 'Science unit test 1', 'اختبار العلوم: الوحدة الأولى', 20, 68),
    test('test2', 'Science unit test 2', 'اختبار العلوم: الوحدة الثانية', 20, 45),
    test('test3', 'Science unit test 3', 'اختبار العلوم: الوحدة الثالثة', 20, 4),
  ],
  ISL: [
    test('test1', 'Recitation assessment', 'تقييم التلاوة', 30, 58),
    test('test2', 'Unit test: the pillars of Islam', 'اختبار الوحدة: أركان الإسلام', 40, 33),
  ],
  SOC: [
    test('test1', 'Map skills test', 'اختبار مهارات الخرائط', 30, 55),
    test('test2', 'Unit test: the seven emirates', 'اختبار الوحدة: الإمارات السبع', 40, 26),
  ],
};

/** Each subject's homework project, by subject code. */
export const DEMO_ASSIGNMENTS: Record<string, [string, string]> = {
  MATH: ['Project: data and graphs', 'مشروع: البيانات والرسوم البيانية'],
  ENG: ['Book review: a story I enjoyed', 'مراجعة كتاب: قصة استمتعت بها'],
  ARA: ['Essay: my family', 'موضوع تعبير: عائلتي'],
  SCI: ['Lab report: how plants grow', 'تقرير مختبر: كيف تنمو النباتات'],
  SOC: ['Poster: the heritage of the Emirates', 'ملصق: تراث الإمارات'],
  ISL: ['Research: the Hijra', 'بحث: الهجرة النبوية'],
  ICT: ['Slides: staying safe online', 'عرض تقديمي: الأمان على الإنترنت'],
};

/** Activities and skills graded without marks: id part, titles, the class (a subject code, or the homeroom). */
export const DEMO_ACTIVITIES: { slug: string; en: string; ar: string; code: string | null }[] = [
  { slug: 'art', en: 'Art: creativity and expression', ar: 'الفنون: الإبداع والتعبير', code: 'ART' },
  { slug: 'music', en: 'Music: performance', ar: 'الموسيقى: الأداء', code: null },
  {
    slug: 'pe',
    en: 'Physical education: fitness and skills',
    ar: 'التربية البدنية: اللياقة والمهارات',
    code: 'PE',
  },
  { slug: 'teamwork', en: 'Teamwork and cooperation', ar: 'العمل الجماعي والتعاون', code: null },
];

/** The teachers' comments on some results (the school's system sends one language). */
export const DEMO_COMMENTS = [
  'Careful, well organised work.',
  'Good effort; check your working on the longer questions.',
  'Excellent understanding of the topic.',
  'Keep practising: the basics are there.',
];

/** The categories of graded work: id, English and Arabic title, the page that lists it, weight. */
export const DEMO_CATEGORIES = [
  { sourcedId: 'cat-tests', title: 'Unit tests', ar: 'اختبارات الوحدات', kind: 'assessment', weight: 0.6 },
  { sourcedId: 'cat-quizzes', title: 'Quizzes', ar: 'اختبارات قصيرة', kind: 'assessment', weight: 0.4 },
  {
    sourcedId: 'cat-homework',
    title: 'Homework and projects',
    ar: 'الواجبات والمشاريع',
    kind: 'assignment',
    weight: '',
  },
  {
    sourcedId: 'cat-activities',
    title: 'Activities and skills',
    ar: 'الأنشطة والمهارات',
    kind: 'coScholastic',
    weight: '',
  },
];

/** The score scales: a percentage letter scale and the activities' levels, with what each grade means. */
export const DEMO_SCALES = [
  {
    sourcedId: 'scale-letters',
    title: 'Letter grades',
    'metadata.titleAr': 'التقديرات بالحروف',
    type: 'letter',
    scoreScaleValue: '{90-100:A*},{80-89:A},{70-79:B},{60-69:C},{50-59:D},{0-49:E}',
    'metadata.descriptors':
      '{A*:Outstanding},{A:Excellent},{B:Very good},{C:Good},{D:Satisfactory},{E:Needs improvement}',
    'metadata.descriptorsAr': '{A*:متميز},{A:ممتاز},{B:جيد جدًا},{C:جيد},{D:مقبول},{E:يحتاج إلى تحسين}',
  },
  {
    sourcedId: 'scale-levels',
    title: 'Activity levels',
    'metadata.titleAr': 'مستويات الأنشطة',
    type: 'level',
    scoreScaleValue: '{A:A},{B:B},{C:C}',
    'metadata.descriptors':
      '{A:Outstanding: goes beyond what is expected},{B:Secure: meets what is expected},{C:Developing: working towards what is expected}',
    'metadata.descriptorsAr':
      '{A:متميز: يتجاوز المتوقع},{B:متمكن: يحقق المتوقع},{C:نامٍ: يعمل على تحقيق المتوقع}',
  },
];
