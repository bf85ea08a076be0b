import { addDays } from '@portal/contracts/kits/dates';
import type { TDemoClass } from './demo-roster.ts';
import { isSchoolDay, type TDemoCalendarRow } from './demo-calendar.ts';
import { csvText } from '../../modules/school-data/csv-text.ts';

// agenda.csv of a demo school's bundle (docs/school-data.md): two weeks of diary entries around
// the seed day, one a school day per section (a few for the Haddads' class and the schools that
// do not grant the agenda), and at mogra one entry the teacher has not published.

/** Diary entries by subject code: English and Arabic title, and the detail. */
const DIARY: Record<string, [string, string, string, string]> = {
  MATH: [
    'Worksheet: fractions',
    'ورقة عمل: الكسور',
    'Questions 1 to 12 on page 48.',
    'الأسئلة من 1 إلى 12 في الصفحة 48.',
  ],
  ENG: [
    'Read chapter 4',
    'قراءة الفصل الرابع',
    'Write three questions about the story.',
    'اكتب ثلاثة أسئلة عن القصة.',
  ],
  ARA: [
    'Dictation practice',
    'تدريب على الإملاء',
    'Learn the ten words on the list.',
    'احفظ الكلمات العشر في القائمة.',
  ],
  SCI: [
    'Plant cells diagram',
    'رسم الخلية النباتية',
    'Label the parts and colour them.',
    'سمِّ الأجزاء ولوّنها.',
  ],
  ISL: [
    'Memorise the verses',
    'حفظ الآيات',
    'Recite them in class on the due day.',
    'تُسمَّع في الصف يوم التسليم.',
  ],
  SOC: [
    'Map of the Emirates',
    'خريطة الإمارات',
    'Mark the seven emirates and their capitals.',
    'حدّد الإمارات السبع وعواصمها.',
  ],
  ICT: [
    'Typing practice',
    'تدريب على الكتابة',
    '15 minutes on the typing site.',
    '15 دقيقة على موقع الكتابة.',
  ],
  ART: ['Bring an old magazine', 'إحضار مجلة قديمة', 'For the collage lesson.', 'لدرس الكولاج.'],
  PE: ['Sports kit', 'الزي الرياضي', 'Bring trainers and a water bottle.', 'أحضر حذاءً رياضيًا وقارورة ماء.'],
};
const DIARY_KINDS = ['homework', 'classwork', 'reminder', 'homework', 'test'];

/** The agenda file of the demo classes. */
export function agendaCsv(
  schoolId: string,
  classes: TDemoClass[],
  seedDay: string,
  calendar: TDemoCalendarRow[],
  holds: 'full' | 'few',
): string {
  const days = Array.from({ length: 15 }, (_unused, index) => addDays(seedDay, index - 7)).filter((day) =>
    isSchoolDay(day, calendar),
  );
  const rows: Record<string, string>[] = [];
  const scheduled = classes.filter((item) => item.classType === 'scheduled');
  const sections = [...new Set(scheduled.map((item) => `${item.gradeCode}-${item.sectionCode}`))];
  sections.forEach((section, sectionIndex) => {
    const ofSection = scheduled.filter((item) => `${item.gradeCode}-${item.sectionCode}` === section);
    // The Haddads' class (and the schools that do not grant the agenda) get only a few entries.
    const few = holds === 'few' || (schoolId === 'mogra' && section === '04-A');
    const dueDays = few ? days.filter((_day, index) => index % 4 === 0) : days;
    dueDays.forEach((due, dayIndex) => {
      const item = ofSection[(dayIndex + sectionIndex) % ofSection.length];
      if (!item) return;
      const code = item.classId.split('-').at(-1)?.toUpperCase() ?? 'MATH';
      const [titleEn, titleAr, detailEn, detailAr] = DIARY[code] ?? DIARY.MATH ?? ['', '', '', ''];
      const shownFrom = [addDays(due, -5), addDays(seedDay, -1)].sort()[0];
      rows.push({
        sourcedId: `ag-${item.classId}-${due}`,
        status: 'active',
        classSourcedId: item.classId,
        dueDate: due,
        kind: DIARY_KINDS[dayIndex % DIARY_KINDS.length] ?? 'homework',
        title_en: titleEn,
        title_ar: titleAr,
        detail_en: detailEn,
        detail_ar: detailAr,
        publishedAt: `${shownFrom}T07:00:00+04:00`,
      });
    });
    // One entry the teacher has not published yet: parents do not see it.
    const draft = ofSection[0];
    if (schoolId === 'mogra' && sectionIndex === 0 && draft) {
      rows.push({
        sourcedId: `ag-${draft.classId}-draft`,
        status: 'active',
        classSourcedId: draft.classId,
        dueDate: addDays(seedDay, 6),
        kind: 'test',
        title_en: 'Unit test (draft)',
        title_ar: 'اختبار الوحدة (مسودة)',
        detail_en: 'Not published yet.',
        detail_ar: 'لم يُنشر بعد.',
        publishedAt: '',
      });
    }
  });
  return csvText(
    [
      'sourcedId',
      'status',
      'dateLastModified',
      'classSourcedId',
      'dueDate',
      'kind',
      'title_en',
      'title_ar',
      'detail_en',
      'detail_ar',
      'publishedAt',
    ],
    rows,
  );
}
