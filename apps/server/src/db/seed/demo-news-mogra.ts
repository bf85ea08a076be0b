import type { TSceneKind } from './demo-news-pictures.ts';

// mogra's news, albums and class ambassadors (docs/modules.md section 6): six news posts of the
// last weeks, each with its picture; two albums of the whole school and one of each homeroom
// of the Al Mansouri children (Omar 9 A, Layla 6 B, Yousef 2 C), which the Haddads (Nour, 4 A)
// do not see; the ambassadors of those three classes, Sara Al Mansouri among them as the
// deputy of Yousef's class. Days count back from the seed day.

type TText = [en: string, ar: string];

export type TDemoNewsPost = {
  id: string;
  daysAgo: number;
  title: TText;
  summary: TText;
  body: TText;
  scene: TSceneKind;
  banner: TText;
  alt: TText;
};

export type TDemoAlbum = {
  id: string;
  /** The homeroom it is of; null: the whole school. */
  classId: string | null;
  daysAgo: number;
  title: TText;
  description: TText;
  scene: TSceneKind;
  /** Each photo's caption; the photos follow in this order. */
  photos: TText[];
};

export type TDemoAmbassador = {
  id: string;
  classId: string;
  name: TText;
  role: 'ambassador' | 'deputy';
  email: string;
  sinceOn: string;
  /** The portal's parent it is (their `sourcedId` in users.csv). */
  parent?: string;
};

export const MOGRA_NEWS: TDemoNewsPost[] = [
  {
    id: 'news-sports-day',
    daysAgo: 2,
    title: ['Sports Day: a record-breaking morning', 'اليوم الرياضي: صباح حافل بالأرقام القياسية'],
    summary: [
      'Four houses, twenty-six races and two new school records on the athletics track.',
      'أربعة فرق، وستّ وعشرون سباقًا، ورقمان قياسيان جديدان للمدرسة في مضمار ألعاب القوى.',
    ],
    body: [
      'Thank you to every family who came to cheer on Thursday. Falcon House won the day with 312 points, and Grade 9 set new school records in the 400 m and the relay. Photos are in the gallery.',
      'شكرًا لكل الأسر التي حضرت للتشجيع يوم الخميس. فاز فريق الصقور باليوم بـ312 نقطة، وسجّل طلاب الصف التاسع رقمين قياسيين جديدين في سباق 400 متر والتتابع. الصور متاحة في معرض الصور.',
    ],
    scene: 'sports',
    banner: ['Sports Day 2026', 'اليوم الرياضي 2026'],
    alt: [
      'Pupils racing on the red running track in front of the school, under a Sports Day banner',
      'طلاب يتسابقون على مضمار الجري الأحمر أمام المدرسة تحت لافتة اليوم الرياضي',
    ],
  },
  {
    id: 'news-science-fair',
    daysAgo: 5,
    title: ['Science fair winners announced', 'إعلان الفائزين في معرض العلوم'],
    summary: [
      'Forty projects, from water filters to a solar oven: meet this year’s winners.',
      'أربعون مشروعًا، من فلاتر المياه إلى فرن شمسي: تعرّفوا إلى فائزي هذا العام.',
    ],
    body: [
      'Our judges from Dubai’s universities visited every stand. First prize went to a Grade 9 team for a low-cost water filter; the solar oven of Grade 6 took the prize of the public vote.',
      'زار محكّمونا من جامعات دبي كل الأجنحة. فاز بالجائزة الأولى فريق من الصف التاسع عن فلتر مياه منخفض التكلفة، ونال الفرن الشمسي للصف السادس جائزة تصويت الجمهور.',
    ],
    scene: 'science',
    banner: ['Science Fair', 'معرض العلوم'],
    alt: [
      'Project posters and experiments on tables in the school hall, visitors walking between them',
      'ملصقات المشاريع والتجارب على الطاولات في قاعة المدرسة والزوار يتجولون بينها',
    ],
  },
  {
    id: 'news-robotics',
    daysAgo: 9,
    title: ['Robotics team through to the national final', 'فريق الروبوتات يتأهل إلى النهائي الوطني'],
    summary: [
      'Our robot cleared every obstacle of the regional round in under two minutes.',
      'اجتاز روبوتنا كل عقبات الجولة الإقليمية في أقل من دقيقتين.',
    ],
    body: [
      'The six students of the robotics club built and programmed their robot in eight weeks. They compete in the national final in Abu Dhabi next month; wish them luck!',
      'صمّم طلاب نادي الروبوتات الستة روبوتهم وبرمجوه في ثمانية أسابيع. يشاركون في النهائي الوطني في أبوظبي الشهر المقبل، فتمنّوا لهم التوفيق!',
    ],
    scene: 'robotics',
    banner: ['Robotics Club', 'نادي الروبوتات'],
    alt: [
      'Two robots on the competition table, students cheering around them',
      'روبوتان على طاولة المسابقة والطلاب يهتفون حولهما',
    ],
  },
  {
    id: 'news-library-week',
    daysAgo: 13,
    title: ['Library week: 2,000 books borrowed', 'أسبوع المكتبة: استعارة ألفي كتاب'],
    summary: [
      'Authors’ visits, a book swap and a reading marathon filled the library all week.',
      'زيارات المؤلفين وتبادل الكتب وماراثون القراءة ملأت المكتبة طوال الأسبوع.',
    ],
    body: [
      'Children borrowed more than 2,000 books during library week, twice as many as last year. The book swap stays open every Wednesday after school.',
      'استعار الأطفال أكثر من ألفي كتاب خلال أسبوع المكتبة، أي ضعف العام الماضي. ويبقى ركن تبادل الكتب مفتوحًا كل أربعاء بعد الدوام.',
    ],
    scene: 'library',
    banner: ['Library Week', 'أسبوع المكتبة'],
    alt: [
      'Shelves of colourful books in the school library, children gathered on the rug',
      'رفوف كتب ملوّنة في مكتبة المدرسة والأطفال مجتمعون على السجادة',
    ],
  },
  {
    id: 'news-national-day',
    daysAgo: 20,
    title: ['Celebrating National Day together', 'نحتفل معًا باليوم الوطني'],
    summary: [
      'A morning of songs, traditional dress and the flag raised by our youngest pupils.',
      'صباح من الأناشيد والأزياء التراثية ورفع العلم بأيدي أصغر طلابنا.',
    ],
    body: [
      'Families joined us for the flag ceremony, the heritage village and the Grade 2 choir. Thank you to the parents who brought traditional dishes to share.',
      'شاركتنا الأسر في مراسم رفع العلم والقرية التراثية وأداء جوقة الصف الثاني. شكرًا لأولياء الأمور الذين أحضروا الأطباق الشعبية للمشاركة.',
    ],
    scene: 'nationalDay',
    banner: ['National Day', 'اليوم الوطني'],
    alt: [
      'UAE flags and fireworks over the school, pupils cheering on the field',
      'أعلام الإمارات والألعاب النارية فوق المدرسة والطلاب يهتفون في الساحة',
    ],
  },
  {
    id: 'news-parents-evening',
    daysAgo: 30,
    title: ['Thank you for coming to parents’ evening', 'شكرًا لحضوركم أمسية أولياء الأمور'],
    summary: [
      'More than 600 meetings with teachers in one evening.',
      'أكثر من 600 لقاء مع المعلمين في أمسية واحدة.',
    ],
    body: [
      'Teachers met the families of nearly every child. If you could not come, book a meeting with your child’s teachers from the appointments page.',
      'التقى المعلمون بأسر جميع الطلاب تقريبًا. إن لم تتمكنوا من الحضور، احجزوا موعدًا مع معلمي أبنائكم من صفحة المواعيد.',
    ],
    scene: 'parentsEvening',
    banner: ['Parents’ Evening', 'أمسية أولياء الأمور'],
    alt: [
      'Parents and teachers talking at desks in a classroom lit for the evening',
      'أولياء أمور ومعلمون يتحدثون عند المكاتب في فصل مضاء للأمسية',
    ],
  },
];

export const MOGRA_ALBUMS: TDemoAlbum[] = [
  {
    id: 'album-sports-day',
    classId: null,
    daysAgo: 2,
    title: ['Sports Day 2026', 'اليوم الرياضي 2026'],
    description: ['The races, the relay and the prize-giving.', 'السباقات والتتابع وتوزيع الجوائز.'],
    scene: 'sports',
    photos: [
      ['The start of the Grade 9 400 m', 'انطلاق سباق 400 متر للصف التاسع'],
      ['Falcon House cheering from the stand', 'فريق الصقور يشجّع من المدرّج'],
      ['The last bend of the relay', 'المنعطف الأخير في سباق التتابع'],
      ['Parents on the finishing line', 'أولياء الأمور عند خط النهاية'],
      ['The winning house with the cup', 'الفريق الفائز مع الكأس'],
    ],
  },
  {
    id: 'album-national-day',
    classId: null,
    daysAgo: 20,
    title: ['National Day', 'اليوم الوطني'],
    description: ['Flags, songs and the heritage village.', 'الأعلام والأناشيد والقرية التراثية.'],
    scene: 'nationalDay',
    photos: [
      ['Raising the flag', 'رفع العلم'],
      ['The Grade 2 choir', 'جوقة الصف الثاني'],
      ['Fireworks over the school', 'الألعاب النارية فوق المدرسة'],
      ['Families in the heritage village', 'الأسر في القرية التراثية'],
    ],
  },
  {
    id: 'album-hr-09-A-lab',
    classId: 'hr-09-A',
    daysAgo: 6,
    title: ['Grade 9 A: chemistry practical', 'الصف التاسع أ: تجربة الكيمياء'],
    description: ['Titrations and colour changes in the lab.', 'المعايرة وتغيّر الألوان في المختبر.'],
    scene: 'lab',
    photos: [
      ['Setting up the burettes', 'تجهيز السحّاحات'],
      ['The moment the colour changes', 'لحظة تغيّر اللون'],
      ['Recording the results', 'تسجيل النتائج'],
      ['Comparing with the other groups', 'المقارنة مع المجموعات الأخرى'],
      ['Cleaning up the lab', 'ترتيب المختبر'],
    ],
  },
  {
    id: 'album-hr-06-B-art',
    classId: 'hr-06-B',
    daysAgo: 8,
    title: ['Grade 6 B: colour week in the art studio', 'الصف السادس ب: أسبوع الألوان في مرسم الفنون'],
    description: ['Painting with primary colours only.', 'الرسم بالألوان الأساسية فقط.'],
    scene: 'art',
    photos: [
      ['Mixing the first colours', 'مزج الألوان الأولى'],
      ['Three easels, three styles', 'ثلاثة حوامل وثلاثة أساليب'],
      ['The finished paintings', 'اللوحات المكتملة'],
      ['Our class exhibition', 'معرض الصف'],
    ],
  },
  {
    id: 'album-hr-02-C-reading',
    classId: 'hr-02-C',
    daysAgo: 4,
    title: ['Grade 2 C: story time', 'الصف الثاني ج: وقت القصة'],
    description: ['Our new reading corner and its cushions.', 'ركن القراءة الجديد ووسائده.'],
    scene: 'reading',
    photos: [
      ['Choosing a book', 'اختيار كتاب'],
      ['Story time on the rug', 'وقت القصة على السجادة'],
      ['Reading to a friend', 'القراءة لصديق'],
      ['The class favourite', 'الكتاب المفضّل للصف'],
      ['Drawing the story’s ending', 'رسم نهاية القصة'],
    ],
  },
];

export const MOGRA_AMBASSADORS: TDemoAmbassador[] = [
  {
    id: 'amb-09-A-1',
    classId: 'hr-09-A',
    name: ['Huda Al Falasi', 'هدى الفلاسي'],
    role: 'ambassador',
    email: 'huda.alfalasi@parents.mogra.example',
    sinceOn: '2026-09-10',
  },
  {
    id: 'amb-09-A-2',
    classId: 'hr-09-A',
    name: ['Daniel Novak', 'دانيال نوفاك'],
    role: 'deputy',
    email: 'daniel.novak@parents.mogra.example',
    sinceOn: '2026-09-10',
  },
  {
    id: 'amb-06-B-1',
    classId: 'hr-06-B',
    name: ['Aisha Rahman', 'عائشة رحمن'],
    role: 'ambassador',
    email: 'aisha.rahman@parents.mogra.example',
    sinceOn: '2026-09-15',
  },
  {
    id: 'amb-02-C-1',
    classId: 'hr-02-C',
    name: ['Mona Saleh', 'منى صالح'],
    role: 'ambassador',
    email: 'mona.saleh@parents.mogra.example',
    sinceOn: '2026-09-08',
  },
  {
    id: 'amb-02-C-2',
    classId: 'hr-02-C',
    name: ['Sara Al Mansouri', 'سارة المنصوري'],
    role: 'deputy',
    email: 'parent@mogra.demo',
    sinceOn: '2026-10-01',
    parent: 'MG-P001',
  },
];

/** Sara Al Mansouri's application to represent Layla's class, waiting for the school. */
export const MOGRA_APPLICATION = {
  parentId: 'MG-P001',
  enrollNumber: 'MG1002',
  motivation:
    'I would love to help the class teacher organise the class trips and keep the other parents informed. I am at school most mornings and speak English and Arabic.',
};
