import { addDays } from '@portal/contracts/kits/dates';
import type { TLesson } from '@portal/contracts/families/schedule';
import { MAX_GLANCE_LESSONS, type THomeGlanceLessons } from '@portal/contracts/home';
import type { THomeGlanceProviders } from '../../kits/home-glance.ts';
import { attendanceMonth } from './attendance.ts';
import { lessonsOf } from './timetable.ts';

// What the schedule family shows of each child on Home (docs/modules.md section 5): the month's
// attendance as the attendance page counts it (attendance.ts), and the next lessons from the
// timetable's own lessons (timetable.ts: the weekend, holidays and enrolment left out).

/** How many days ahead the next school day is looked for (a long holiday leaves none). */
export const NEXT_LESSONS_LOOKAHEAD_DAYS = 14;

/**
 * The lessons still to come today, one under way included (its end is after `time`), or else
 * the first ones of the next day that has lessons; at most MAX_GLANCE_LESSONS. `lessons` are
 * in order of day and start, as `lessonsOf` gives them.
 */
export function nextLessonsOf(lessons: readonly TLesson[], today: string, time: string): THomeGlanceLessons {
  const ahead = lessons.filter(
    (lesson) => lesson.date > today || (lesson.date === today && lesson.end > time),
  );
  const day = ahead[0]?.date ?? null;
  return { day, lessons: ahead.filter((lesson) => lesson.date === day).slice(0, MAX_GLANCE_LESSONS) };
}

/** The schedule family's parts of a child's glance. */
export const scheduleHomeGlance: THomeGlanceProviders = {
  async attendance({ db, today }, child) {
    const month = today.slice(0, 7);
    const { summary } = await attendanceMonth(db, child, month);
    return { month, summary };
  },
  async nextLessons({ db, today, time }, child) {
    const lessons = await lessonsOf(db, child, today, addDays(today, NEXT_LESSONS_LOOKAHEAD_DAYS));
    return nextLessonsOf(lessons, today, time);
  },
};
