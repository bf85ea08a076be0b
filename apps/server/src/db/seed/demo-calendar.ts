import { addDays, isoWeekdayOf } from '@portal/contracts/kits/dates';

// The demo schools' calendar (calendar.csv of the demo bundle; docs/school-data.md), dated from
// the seed day: two terms, a past and a coming holiday, the winter break, exams, events, one
// draft and one scheduled for later (neither shows to parents yet).

export type TDemoCalendarRow = {
  sourcedId: string;
  kind: 'holiday' | 'event' | 'exam' | 'term';
  titleEn: string;
  titleAr: string;
  detailEn: string;
  detailAr: string;
  startDate: string;
  endDate: string;
  startTime: string;
  endTime: string;
  grades: string[];
  publishedAt: string;
};

/** The first school day of the demo term: ten weeks before the seed day, on a Monday. */
export function demoTermStart(seedDay: string): string {
  const back = addDays(seedDay, -70);
  return addDays(back, 1 - isoWeekdayOf(back));
}

/** The day itself on a weekday, else the Monday after. */
const weekdayFrom = (day: string) => (isoWeekdayOf(day) <= 5 ? day : addDays(day, 8 - isoWeekdayOf(day)));
/** The Friday of the day's week (Monday to Sunday). */
const fridayOf = (day: string) => addDays(day, 5 - isoWeekdayOf(day));

/** The calendar of a demo school: all of it (`full`), or its terms and holidays (`few`). */
export function demoCalendar(schoolId: string, seedDay: string, holds: 'full' | 'few'): TDemoCalendarRow[] {
  const published = `${addDays(seedDay, -60)}T08:00:00+04:00`;
  const termStart = demoTermStart(seedDay);
  const termEnd = fridayOf(addDays(seedDay, 35));
  const winterEnd = addDays(termEnd, 23);
  const nationalDay = addDays(seedDay, 14 - isoWeekdayOf(seedDay) + 1);
  const row = (
    sourcedId: string,
    kind: TDemoCalendarRow['kind'],
    [titleEn, titleAr, detailEn, detailAr]: [string, string, string, string],
    startDate: string,
    endDate: string,
    more: Partial<TDemoCalendarRow> = {},
  ): TDemoCalendarRow => ({
    sourcedId: `cal-${schoolId}-${sourcedId}`,
    kind,
    titleEn,
    titleAr,
    detailEn,
    detailAr,
    startDate,
    endDate,
    startTime: '',
    endTime: '',
    grades: [],
    publishedAt: published,
    ...more,
  });
  const essentials = [
    row('term-1', 'term', ['Term 1', 'الفصل الأول', '', ''], termStart, termEnd),
    row(
      'mid-term-break',
      'holiday',
      ['Mid-term break', 'عطلة منتصف الفصل', 'School is closed.', 'المدرسة مغلقة.'],
      addDays(termStart, 38),
      addDays(termStart, 39),
    ),
    row(
      'national-day',
      'holiday',
      ['National Day holiday', 'عطلة اليوم الوطني', 'School is closed.', 'المدرسة مغلقة.'],
      nationalDay,
      addDays(nationalDay, 1),
    ),
  ];
  if (holds === 'few') return essentials;
  return [
    ...essentials,
    row(
      'term-2',
      'term',
      ['Term 2', 'الفصل الثاني', '', ''],
      addDays(winterEnd, 1),
      fridayOf(addDays(winterEnd, 95)),
    ),
    row(
      'winter-break',
      'holiday',
      [
        'Winter break',
        'العطلة الشتوية',
        'Back to school on the Monday after.',
        'العودة إلى المدرسة يوم الاثنين التالي.',
      ],
      addDays(termEnd, 3),
      winterEnd,
    ),
    row(
      'maths-mid-term',
      'exam',
      [
        'Mid-term mathematics exam',
        'اختبار منتصف الفصل في الرياضيات',
        'Chapters 1 to 3.',
        'الفصول من 1 إلى 3.',
      ],
      addDays(termStart, 30),
      addDays(termStart, 30),
      { startTime: '08:00', endTime: '09:30', grades: ['09'] },
    ),
    row(
      'end-of-term-exams',
      'exam',
      [
        'End-of-term exams',
        'اختبارات نهاية الفصل',
        'The timetable of each grade is in the circulars.',
        'جدول كل صف في التعاميم.',
      ],
      addDays(termEnd, -11),
      addDays(termEnd, -7),
    ),
    row(
      'parent-teacher',
      'event',
      [
        'Parent-teacher meetings',
        'لقاءات أولياء الأمور والمعلمين',
        'Book a slot with each teacher.',
        'احجز موعدًا مع كل معلم.',
      ],
      weekdayFrom(addDays(seedDay, 8)),
      weekdayFrom(addDays(seedDay, 8)),
      { startTime: '15:00', endTime: '18:00' },
    ),
    row(
      'sports-day',
      'event',
      ['Sports day', 'اليوم الرياضي', 'Come in sports kit.', 'يحضر الطلاب بالزي الرياضي.'],
      weekdayFrom(addDays(seedDay, 17)),
      weekdayFrom(addDays(seedDay, 17)),
    ),
    row(
      'science-fair',
      'event',
      ['Science fair', 'معرض العلوم', 'Projects of grades 6 and 9.', 'مشاريع الصفين السادس والتاسع.'],
      weekdayFrom(addDays(seedDay, -10)),
      weekdayFrom(addDays(seedDay, -10)),
      { grades: ['06', '09'] },
    ),
    row(
      'open-day-draft',
      'event',
      ['Open day (draft)', 'اليوم المفتوح (مسودة)', 'Not published yet.', 'لم يُنشر بعد.'],
      weekdayFrom(addDays(seedDay, 20)),
      weekdayFrom(addDays(seedDay, 20)),
      { publishedAt: '' },
    ),
    row(
      'book-week',
      'event',
      [
        'Book week',
        'أسبوع الكتاب',
        'Shown to parents from next week.',
        'يظهر لأولياء الأمور من الأسبوع القادم.',
      ],
      weekdayFrom(addDays(seedDay, 24)),
      addDays(weekdayFrom(addDays(seedDay, 24)), 4),
      { publishedAt: `${addDays(seedDay, 5)}T08:00:00+04:00` },
    ),
  ];
}

/** The school days of the demo week (the schema's default weekend is Saturday and Sunday). */
export const SCHOOL_WEEKDAYS = [1, 2, 3, 4, 5];

/** A demo school day: a weekday that no holiday of the calendar covers. */
export const isSchoolDay = (day: string, holidays: TDemoCalendarRow[]) =>
  SCHOOL_WEEKDAYS.includes(isoWeekdayOf(day)) &&
  !holidays.some((row) => row.kind === 'holiday' && row.startDate <= day && row.endDate >= day);

/**
 * The `count`-th school day after `day` (`isSchoolDay`): a leave or an exit slip on a day the
 * school is closed would ask for nothing.
 */
export function demoSchoolDaysAhead(schoolId: string, day: string, count: number): string {
  const calendar = demoCalendar(schoolId, day, 'full');
  let current = day;
  for (let left = count; left > 0;) {
    current = addDays(current, 1);
    if (isSchoolDay(current, calendar)) left -= 1;
  }
  return current;
}
