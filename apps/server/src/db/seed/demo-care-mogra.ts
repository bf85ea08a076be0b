// mogra's care records (docs/modules.md section 6): Omar's merits, an incident to acknowledge and a
// maths improvement plan; Layla's peanut allergy, clinic visits and wellbeing check-ins;
// Yousef's merits, wellbeing and a note the counsellor shares; Nour only two older records (so
// her pages show how little there is). Days count back from the seed day, in school days.

type TText = [en: string, ar: string];

/** A demo care record; `daysAgo` counts school days back from the seed day. */
export type TDemoCareRecord = {
  id: string;
  child: string;
  kind: string;
  daysAgo: number;
  title: TText;
  detail: TText;
  category?: TText;
  points?: number;
  staff?: string;
  planStatus?: 'open' | 'closed';
  severity?: 'low' | 'medium' | 'high';
  score?: number;
  /** [title, titleAr, status, due in days from the seed day (null: no due day)]. */
  targets?: [string, string, string, number | null][];
  link?: string;
  requiresAck?: boolean;
  /** A draft: not published. */
  draft?: boolean;
};

/** A school comment: the record, school days back, the staff member and the text. */
export type TDemoCareComment = [recordId: string, daysAgo: number, staffId: string, body: string];

const KINDNESS: TText = ['Kindness', 'اللطف'];
const LEADERSHIP: TText = ['Leadership', 'القيادة'];
const HOMEWORK: TText = ['Homework', 'الواجبات'];
const EFFORT: TText = ['Effort', 'الاجتهاد'];
const CLINIC: TText = ['Clinic visit', 'زيارة العيادة'];
const LINKS = 'https://portfolio.mogra.example';

/** A merit (points above 0) or a demerit (below). */
const merit = (
  id: string,
  daysAgo: number,
  category: TText,
  points: number,
  staff: string,
  title: TText,
  detail: TText,
): TDemoCareRecord => ({
  id,
  child: id.slice(3, 9),
  kind: points > 0 ? 'merit' : 'demerit',
  daysAgo,
  category,
  points,
  staff,
  title,
  detail,
});

/** A weekly wellbeing check-in. */
const checkIn = (
  id: string,
  daysAgo: number,
  score: number,
  staff: string,
  detail: TText,
): TDemoCareRecord => ({
  id,
  child: id.slice(3, 9),
  kind: 'wellbeing',
  daysAgo,
  score,
  staff,
  category: ['Check-in', 'متابعة'],
  title: ['Weekly check-in', 'المتابعة الأسبوعية'],
  detail,
});

/** Any other record. */
const record = (
  id: string,
  kind: string,
  daysAgo: number,
  more: Omit<TDemoCareRecord, 'id' | 'child' | 'kind' | 'daysAgo'>,
): TDemoCareRecord => ({ id, child: id.slice(3, 9), kind, daysAgo, ...more });

// prettier-ignore
export const MOGRA_RECORDS: TDemoCareRecord[] = [
  // Omar (Grade 9 A): merits and demerits, and one merit not published yet.
  merit('cr-MG1001-merit-1', 3, KINDNESS, 2, 'stf-01', ['Helped a new classmate settle in', 'ساعد زميلًا جديدًا على التأقلم'],
    ['Omar showed a new student around the school and sat with him at lunch.', 'رافق عمر طالبًا جديدًا في جولة بالمدرسة وجلس معه وقت الغداء.']),
  merit('cr-MG1001-merit-2', 6, LEADERSHIP, 3, 'stf-04', ['Led his group in the science project', 'قاد مجموعته في مشروع العلوم'],
    ['He shared out the tasks fairly and kept the group on time.', 'وزّع المهام بعدل وحافظ على التزام المجموعة بالوقت.']),
  merit('cr-MG1001-merit-3', 10, HOMEWORK, 1, 'stf-01', ['Homework on time all week', 'سلّم الواجبات في موعدها طوال الأسبوع'],
    ['Every piece of homework was on time and complete.', 'جميع الواجبات سُلّمت في موعدها ومكتملة.']),
  merit('cr-MG1001-merit-4', 16, EFFORT, 2, 'stf-02', ['Great effort in the English debate', 'جهد رائع في مناظرة اللغة الإنجليزية'],
    ['He prepared his arguments carefully and listened to the other side.', 'أعدّ حججه بعناية واستمع إلى الفريق الآخر.']),
  merit('cr-MG1001-merit-5', 22, KINDNESS, 1, 'stf-08', ['Helped tidy the art room', 'ساعد في ترتيب غرفة الفنون'],
    ['He stayed after the lesson to help without being asked.', 'بقي بعد الدرس ليساعد دون أن يُطلب منه ذلك.']),
  merit('cr-MG1001-merit-6', 28, LEADERSHIP, 3, 'stf-99', ['Class representative at the student council', 'ممثل الصف في مجلس الطلبة'],
    ["He presented his class's ideas for sports day clearly.", 'عرض أفكار صفه ليوم الرياضة بوضوح.']),
  merit('cr-MG1001-merit-7', 34, HOMEWORK, 2, 'stf-01', ['Excellent maths homework', 'واجب رياضيات ممتاز'],
    ['Neat working, with every answer explained.', 'حل منظم مع شرح كل إجابة.']),
  merit('cr-MG1001-demerit-1', 8, ['Late homework', 'تأخر الواجب'], -1, 'stf-02', ['Late homework: English essay', 'تأخر في تسليم الواجب: مقال اللغة الإنجليزية'],
    ['The essay was handed in two days after the deadline.', 'سُلّم المقال بعد الموعد المحدد بيومين.']),
  merit('cr-MG1001-demerit-2', 26, ['Punctuality', 'الالتزام بالمواعيد'], -1, 'stf-01', ['Late to class after break', 'تأخر عن الحصة بعد الاستراحة'],
    ['He arrived ten minutes late to maths after break.', 'وصل متأخرًا عشر دقائق إلى حصة الرياضيات بعد الاستراحة.']),
  { ...merit('cr-MG1001-draft-1', 1, EFFORT, 2, 'stf-01', ['Sports day volunteer (draft)', 'متطوع يوم الرياضة (مسودة)'],
    ['Not published yet.', 'لم يُنشر بعد.']), draft: true },
  // Omar: incidents, one to acknowledge.
  record('cr-MG1001-incident-1', 'incident', 2, { severity: 'low', requiresAck: true, staff: 'stf-01', category: ['Behaviour', 'السلوك'],
    title: ['Disagreement at break time', 'خلاف في وقت الاستراحة'],
    detail: ['Omar and another student argued over a football game at break. A teacher stepped in and nobody was hurt. Both students talked it through with their form tutor and apologised. Please talk with Omar about staying calm in games.',
      'تجادل عمر وطالب آخر حول مباراة كرة قدم في وقت الاستراحة. تدخّل أحد المعلمين ولم يُصب أحد بأذى. ناقش الطالبان ما حدث مع مربي الصف واعتذر كل منهما للآخر. نرجو التحدث مع عمر عن الهدوء أثناء اللعب.'] }),
  record('cr-MG1001-incident-2', 'incident', 40, { severity: 'low', category: ['Safety', 'السلامة'],
    title: ['Minor injury in PE', 'إصابة بسيطة في حصة التربية البدنية'],
    detail: ['Omar twisted his ankle slightly in a PE lesson. The nurse checked it and he rested for the rest of the lesson.',
      'التوى كاحل عمر قليلًا في حصة التربية البدنية. فحصته الممرضة واستراح بقية الحصة.'] }),
  // Omar: improvement plans and goals.
  record('cr-MG1001-plan-maths', 'improvementPlan', 20, { planStatus: 'open', staff: 'stf-01', category: ['Mathematics', 'الرياضيات'],
    title: ['Maths improvement plan: fractions and equations', 'خطة تحسين في الرياضيات: الكسور والمعادلات'],
    detail: ["Omar's last two maths tests showed gaps in fractions and in solving equations. This plan sets three targets for the term, with practice at home and a support session every Tuesday.",
      'أظهر اختبارا الرياضيات الأخيران لعمر ثغرات في الكسور وفي حل المعادلات. تحدد هذه الخطة ثلاثة أهداف للفصل، مع تمارين في المنزل وحصة دعم كل يوم ثلاثاء.'],
    targets: [['Add and subtract fractions with different denominators', 'جمع الكسور ذات المقامات المختلفة وطرحها', 'met', -5],
      ['Solve two-step equations', 'حل المعادلات ذات الخطوتين', 'inProgress', 14],
      ['Score 70% or more in the next unit test', 'الحصول على 70% أو أكثر في اختبار الوحدة القادم', 'notStarted', 30]] }),
  record('cr-MG1001-plan-reading', 'improvementPlan', 70, { planStatus: 'closed', staff: 'stf-02', category: ['English', 'اللغة الإنجليزية'],
    title: ['Reading plan: twenty minutes a day', 'خطة القراءة: عشرون دقيقة يوميًا'],
    detail: ['Completed: Omar now reads every day and his reading age has gone up a year.', 'اكتملت: يقرأ عمر الآن كل يوم وتقدّم مستواه في القراءة سنة كاملة.'],
    targets: [['Read twenty minutes every day', 'القراءة عشرين دقيقة كل يوم', 'met', -40], ['Keep a reading log', 'الاحتفاظ بسجل للقراءة', 'met', -40]] }),
  record('cr-MG1001-goal-reading', 'goal', 15, { planStatus: 'open', staff: 'stf-01', category: ['Personal', 'شخصي'],
    title: ['Read one book a month', 'قراءة كتاب واحد كل شهر'],
    detail: ['Omar chose this goal with his form tutor. He keeps a reading log and talks about each book in class.', 'اختار عمر هذا الهدف مع مربي صفه. يحتفظ بسجل للقراءة ويتحدث عن كل كتاب في الصف.'],
    targets: [['Finish the first book', 'إنهاء الكتاب الأول', 'met', null], ['Write a short review', 'كتابة مراجعة قصيرة', 'inProgress', 10]] }),
  record('cr-MG1001-goal-football', 'goal', 15, { planStatus: 'open', staff: 'stf-01', category: ['Sport', 'الرياضة'],
    title: ['Join the school football team', 'الانضمام إلى فريق كرة القدم المدرسي'],
    detail: ['Train twice a week and go to the trials next month.', 'التدرب مرتين في الأسبوع وحضور اختبارات الانضمام الشهر القادم.'],
    targets: [['Go to the trials', 'حضور اختبارات الانضمام', 'notStarted', 25]] }),
  // Omar: portfolio, the gifted and talented programme, wellbeing.
  record('cr-MG1001-portfolio-1', 'portfolio', 12, { staff: 'stf-04', category: ['Science', 'العلوم'], link: `${LINKS}/omar/science-fair-poster`,
    title: ['Science fair poster: renewable energy', 'ملصق معرض العلوم: الطاقة المتجددة'],
    detail: ['A poster comparing solar and wind power in the UAE.', 'ملصق يقارن بين الطاقة الشمسية وطاقة الرياح في الإمارات.'] }),
  record('cr-MG1001-portfolio-2', 'portfolio', 24, { staff: 'stf-02', category: ['English', 'اللغة الإنجليزية'], link: `${LINKS}/omar/the-lost-falcon`,
    title: ['Short story: The Lost Falcon', 'قصة قصيرة: الصقر الضائع'],
    detail: ['A story written in English class, with his own illustrations.', 'قصة كتبها في حصة اللغة الإنجليزية مع رسوماته الخاصة.'] }),
  record('cr-MG1001-portfolio-3', 'portfolio', 38, { staff: 'stf-08', category: ['Art', 'الفنون'], link: `${LINKS}/omar/dhow-model`,
    title: ['Clay model of a dhow', 'نموذج صلصال لمركب شراعي'],
    detail: ['Made in art class for heritage week.', 'صُنع في حصة الفنون لأسبوع التراث.'] }),
  record('cr-MG1001-gnt-1', 'gnt', 30, { staff: 'stf-02', category: ['Creative writing', 'الكتابة الإبداعية'], link: `${LINKS}/omar/young-writers`,
    title: ['Gifted and talented: creative writing', 'الموهوبون والمتفوقون: الكتابة الإبداعية'],
    detail: ["Omar joined the gifted and talented programme in creative writing. He takes part in the young writers' club on Wednesdays and will enter the national story competition.",
      'انضم عمر إلى برنامج الموهوبين والمتفوقين في الكتابة الإبداعية. يشارك في نادي الكتّاب الصغار أيام الأربعاء وسيشارك في مسابقة القصة الوطنية.'] }),
  record('cr-MG1001-gnt-2', 'gnt', 5, { staff: 'stf-02', category: ['Creative writing', 'الكتابة الإبداعية'],
    title: ['First poem in the school magazine', 'أول قصيدة في مجلة المدرسة'],
    detail: ['His poem "Desert Night" was chosen for this term\'s school magazine.', 'اختيرت قصيدته «ليلة في الصحراء» لمجلة المدرسة هذا الفصل.'] }),
  checkIn('cr-MG1001-wellbeing-1', 7, 4, 'stf-01', ['Busy but happy; looking forward to the football trials.', 'مشغول لكنه سعيد، ويتطلع إلى اختبارات فريق كرة القدم.']),
  // Layla (Grade 6 B): clinic visits, wellbeing, goals and a merit.
  record('cr-MG1002-visit-1', 'medicalVisit', 9, { category: CLINIC, title: ['Headache after PE', 'صداع بعد حصة التربية البدنية'],
    detail: ['Layla rested in the clinic for twenty minutes with water and went back to class feeling better. No medicine was given.',
      'استراحت ليلى في العيادة عشرين دقيقة وشربت الماء، ثم عادت إلى الصف وهي بحال أفضل. لم يُعطَ لها أي دواء.'] }),
  record('cr-MG1002-visit-2', 'medicalVisit', 45, { category: CLINIC, title: ['Allergy check with the nurse', 'فحص الحساسية مع الممرضة'],
    detail: ["The nurse checked that Layla's adrenaline pen is in date and reminded her class about the nut-free table.",
      'تأكدت الممرضة من صلاحية قلم الأدرينالين الخاص بليلى، وذكّرت صفها بطاولة الغداء الخالية من المكسرات.'] }),
  checkIn('cr-MG1002-wellbeing-1', 3, 4, 'stf-02', ['Happy and settled; enjoying the school play rehearsals.', 'سعيدة ومستقرة، وتستمتع بتدريبات المسرحية المدرسية.']),
  checkIn('cr-MG1002-wellbeing-2', 8, 3, 'stf-02', ['A little worried about the maths test; she talked it through with her tutor.', 'قلقة قليلًا من اختبار الرياضيات، وتحدثت عن ذلك مع مربي صفها.']),
  checkIn('cr-MG1002-wellbeing-3', 13, 4, 'stf-02', ['A good week; she made a new friend in the reading club.', 'أسبوع جيد، وتعرفت إلى صديقة جديدة في نادي القراءة.']),
  checkIn('cr-MG1002-wellbeing-4', 18, 5, 'stf-02', ['Thriving and proud of her science presentation.', 'متألقة وفخورة بعرضها في العلوم.']),
  record('cr-MG1002-goal-speaking', 'goal', 14, { planStatus: 'open', staff: 'stf-02', category: ['Confidence', 'الثقة بالنفس'],
    title: ['Speak up more in class discussions', 'المشاركة أكثر في النقاشات الصفية'],
    detail: ['Layla will share at least one idea in each English discussion.', 'ستشارك ليلى بفكرة واحدة على الأقل في كل نقاش في حصة اللغة الإنجليزية.'],
    targets: [['Share one idea in each discussion', 'مشاركة فكرة في كل نقاش', 'inProgress', 20]] }),
  record('cr-MG1002-goal-tables', 'goal', 50, { planStatus: 'closed', staff: 'stf-02', category: ['Mathematics', 'الرياضيات'],
    title: ['Learn the 7 and 8 times tables', 'حفظ جدولي الضرب 7 و8'],
    detail: ['Done: Layla knows both tables by heart.', 'تحقق الهدف: تحفظ ليلى الجدولين عن ظهر قلب.'],
    targets: [['7 times table', 'جدول الضرب 7', 'met', -30], ['8 times table', 'جدول الضرب 8', 'met', -25]] }),
  merit('cr-MG1002-merit-1', 4, KINDNESS, 2, 'stf-02', ['Helped a classmate in science', 'ساعدت زميلة في درس العلوم'],
    ['She explained the experiment to a classmate who had been absent.', 'شرحت التجربة لزميلة كانت غائبة.']),
  // Yousef (Grade 2 C): merits, wellbeing, a clinic visit and a note the counsellor shares.
  merit('cr-MG1003-merit-1', 3, EFFORT, 3, 'stf-03', ['Star of the week', 'نجم الأسبوع'],
    ['For trying his best in every lesson this week.', 'لأنه بذل قصارى جهده في كل الحصص هذا الأسبوع.']),
  merit('cr-MG1003-merit-2', 11, KINDNESS, 1, 'stf-03', ['Helped tidy the classroom', 'ساعد في ترتيب الصف'],
    ['He put the reading corner back in order without being asked.', 'أعاد ترتيب ركن القراءة دون أن يُطلب منه ذلك.']),
  merit('cr-MG1003-merit-3', 19, HOMEWORK, 2, 'stf-03', ['Reading record complete', 'سجل القراءة مكتمل'],
    ['He read every night this month and his record is signed.', 'قرأ كل ليلة هذا الشهر وسجله موقّع.']),
  checkIn('cr-MG1003-wellbeing-1', 12, 3, 'stf-03', ['Yousef says he sometimes feels lonely at break. His teacher is pairing him with a buddy.',
    'يقول يوسف إنه يشعر أحيانًا بالوحدة وقت الاستراحة، وتعمل معلمته على إقرانه بزميل مرافق.']),
  checkIn('cr-MG1003-wellbeing-2', 5, 4, 'stf-03', ['Happier this week; he enjoys playing with his buddy.', 'أكثر سعادة هذا الأسبوع ويستمتع باللعب مع زميله المرافق.']),
  record('cr-MG1003-counselling-1', 'counselling', 8, { staff: 'stf-90', category: ['Friendships', 'الصداقات'],
    title: ['Making friends: a note from the counsellor', 'تكوين الصداقات: ملاحظة من المرشدة'],
    detail: ['Yousef met the school counsellor twice to talk about making friends at break, and he is settling in well. At home, you could invite a classmate to play and ask him about the best part of his day.',
      'التقى يوسف بالمرشدة المدرسية مرتين للحديث عن تكوين الصداقات وقت الاستراحة، وهو يتأقلم جيدًا. يمكنكم في المنزل دعوة أحد زملائه للعب وسؤاله عن أجمل ما في يومه.'] }),
  record('cr-MG1003-visit-1', 'medicalVisit', 3, { category: CLINIC, title: ['Small graze on the knee', 'خدش بسيط في الركبة'],
    detail: ['A small graze from the playground, cleaned and dressed. He went back to class.', 'خدش بسيط من ساحة اللعب، نُظّف وضُمّد، وعاد إلى الصف.'] }),
  // Nour (Grade 4 A, the Haddads): two older records only, which no notice announces.
  merit('cr-MG2001-merit-1', 22, EFFORT, 1, 'stf-01', ['Beautiful handwriting', 'خط جميل'],
    ['Her handwriting practice book is neat and complete.', 'دفتر تدريب الخط الخاص بها مرتب ومكتمل.']),
  record('cr-MG2001-portfolio-1', 'portfolio', 30, { staff: 'stf-08', category: ['Art', 'الفنون'], link: `${LINKS}/nour/my-family`,
    title: ['Drawing: my family', 'رسم: عائلتي'],
    detail: ['A coloured-pencil drawing from the first art lesson of the year.', 'رسم بالأقلام الملونة من أول حصة فنون في العام.'] }),
  record('cr-MG2001-incident-1', 'incident', 12, { severity: 'low', requiresAck: true, staff: 'stf-01', category: ['Safety', 'السلامة'],
    title: ['Ran in the corridor', 'الركض في الممر'],
    detail: ['Nour slipped while running to the library; she was not hurt. Please remind her to walk indoors.', 'انزلقت نور أثناء ركضها إلى المكتبة ولم تُصب بأذى. يرجى تذكيرها بالمشي داخل المبنى.'] }),
  record('cr-MG2001-goal-1', 'goal', 15, { planStatus: 'open', staff: 'stf-01', title: ['Read a book a week', 'قراءة كتاب كل أسبوع'],
    detail: ['Borrow a library book every Monday and talk about it on Friday.', 'استعارة كتاب من المكتبة كل يوم اثنين والحديث عنه يوم الجمعة.'],
    targets: [['Four books this month', 'أربعة كتب هذا الشهر', 'inProgress', 20]] }),
  record('cr-MG2001-plan-1', 'improvementPlan', 18, { planStatus: 'open', staff: 'stf-01', category: ['English', 'اللغة الإنجليزية'],
    title: ['Spelling plan', 'خطة الإملاء'],
    detail: ['Ten new words a week, practised at home and checked on Thursday.', 'عشر كلمات جديدة كل أسبوع، تُتدرَّب عليها في البيت وتُراجع يوم الخميس.'],
    targets: [['Nine of ten words right in the check', 'تسع كلمات صحيحة من عشر في المراجعة', 'inProgress', 25]] }),
];

/** The school's comments on Omar's maths plan and Layla's goal. */
// prettier-ignore
export const MOGRA_COMMENTS: TDemoCareComment[] = [
  ['cr-MG1001-plan-maths', 18, 'stf-01', 'Omar came to his first Tuesday session and worked hard. Please ask him to show you the fractions sheet he brought home.'],
  ['cr-MG1001-plan-maths', 9, 'stf-01', 'Good progress: he now adds and subtracts fractions confidently. Next we move on to equations.'],
  ['cr-MG1002-goal-speaking', 6, 'stf-02', 'شاركت ليلى بفكرتين في نقاش اليوم. أحسنتِ يا ليلى!'],
];

/** The parent's own comment on Omar's maths plan (portal activity, not school data). */
export const MOGRA_PARENT_COMMENT = {
  recordId: 'cr-MG1001-plan-maths',
  parentId: 'MG-P001',
  daysAgo: 12,
  body: 'Thank you. We practise fractions at home on weekend mornings, and he says the Tuesday sessions help.',
};

/** Medical profiles: child, blood group, allergies, conditions, medications (list cells), diet, reviewed school days ago. */
// prettier-ignore
export const MOGRA_PROFILES: [string, string, string, string, string, TText, number][] = [
  ['MG1001', 'O+', '',
    'Mild asthma|ربو خفيف|Uses an inhaler before PE. The clinic keeps a spare.|يستخدم بخاخًا قبل حصة التربية البدنية، وتحتفظ العيادة ببخاخ احتياطي.',
    'Salbutamol inhaler|بخاخ سالبوتامول|Two puffs before exercise when needed.|بختان قبل التمرين عند الحاجة.', ['', ''], 60],
  ['MG1002', 'A+',
    'Peanuts|الفول السوداني|Severe: carries an adrenaline pen. The clinic keeps a second one.|شديدة: تحمل قلم أدرينالين، وتحتفظ العيادة بقلم ثانٍ.', '',
    'Adrenaline pen (EpiPen Jr)|قلم الأدرينالين (EpiPen Jr)|For an allergic reaction. Staff are trained to use it.|لحالات التحسس الشديد، والموظفون مدرَّبون على استخدامه.',
    ['No peanuts or tree nuts; she sits at the nut-free table at lunch.', 'لا فول سوداني ولا مكسرات؛ تجلس إلى الطاولة الخالية من المكسرات وقت الغداء.'], 30],
];
