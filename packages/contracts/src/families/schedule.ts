import { z } from 'zod';
import { ZApiResult } from '../api-result.ts';
import { endpoint } from '../endpoint.ts';
import { ZEnrollNumber, ZEnrollQuery } from '../fees.ts';
import { ZDay, ZDayRange, ZInstant, ZMonth, ZTimeOfDay } from '../kits/dates.ts';

/**
 * The schedule family (F1): attendance, timetable, academic calendar, agenda and teachers.
 * School text comes in pairs: the English field, and the Arabic one with the suffix `Ar`
 * ('' when the school gave none: the page shows the English one, marked as English).
 */

export const ATTENDANCE_STATUSES = ['present', 'absent', 'late', 'excused'] as const;
export type TAttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

/** What a day of the month grid shows: a recorded status, or why there is none. */
export const DAY_STATUSES = [...ATTENDANCE_STATUSES, 'holiday', 'weekend', 'none'] as const;
export type TDayStatus = (typeof DAY_STATUSES)[number];

export const ZAttendanceMonthQuery = ZEnrollQuery.extend({ month: ZMonth });

export const ZAttendanceDay = z.object({
  date: ZDay,
  status: z.enum(DAY_STATUSES),
  /** The school's note (a late arrival's time, a reason); '' when none. */
  note: z.string(),
  /** A late arrival's time, when the school gives one. */
  arrivedAt: ZTimeOfDay.nullable(),
  /** An absence the school has no reason for: the parent may explain it. */
  unexplained: z.boolean(),
  /** The holiday's name when `status` is `holiday`. */
  holiday: z.string(),
  holidayAr: z.string(),
});
export type TAttendanceDay = z.infer<typeof ZAttendanceDay>;

export const ZAttendanceSummary = z.object({
  present: z.number().int().nonnegative(),
  absent: z.number().int().nonnegative(),
  late: z.number().int().nonnegative(),
  excused: z.number().int().nonnegative(),
  /** Share of recorded school days attended (present or late), 0..1; null before any is recorded. */
  rate: z.number().min(0).max(1).nullable(),
});

/** GET attendance/month: every day of the month, with the month's counts. */
export const ZAttendanceMonth = ZApiResult.extend({
  month: ZMonth,
  days: z.array(ZAttendanceDay),
  summary: ZAttendanceSummary,
});
export type TAttendanceMonth = z.infer<typeof ZAttendanceMonth>;

export const ZTimetableWeekQuery = ZEnrollQuery.extend({ date: ZDay });

export const ZLesson = z.object({
  /** Stable: the same lesson (period and day) has the same id in every answer and in the feed. */
  id: z.string(),
  date: ZDay,
  periodNo: z.number().int(),
  start: ZTimeOfDay,
  end: ZTimeOfDay,
  subject: z.string(),
  subjectAr: z.string(),
  teacher: z.string(),
  teacherAr: z.string(),
  room: z.string(),
});
export type TLesson = z.infer<typeof ZLesson>;

/** GET timetable/week: the lessons of the school week that holds `date` (holidays left out). */
export const ZTimetableWeek = ZApiResult.extend({
  weekStart: ZDay,
  /** The school's days without lessons, as ISO weekdays (1 Monday .. 7 Sunday). */
  weekendDays: z.array(z.number().int().min(1).max(7)),
  lessons: z.array(ZLesson),
});
export type TTimetableWeek = z.infer<typeof ZTimetableWeek>;

export const CALENDAR_EVENT_KINDS = ['holiday', 'event', 'exam', 'term', 'due'] as const;
export type TCalendarEventKind = (typeof CALENDAR_EVENT_KINDS)[number];

export const ZCalendarEventsQuery = ZDayRange.and(z.object({ enrollNumber: ZEnrollNumber.optional() }));

export const ZCalendarEvent = z.object({
  /** Stable: the same event has the same id in every answer and in the iCalendar feed. */
  id: z.string(),
  kind: z.enum(CALENDAR_EVENT_KINDS),
  title: z.string(),
  titleAr: z.string(),
  detail: z.string(),
  detailAr: z.string(),
  startsOn: ZDay,
  endsOn: ZDay,
  /** Null for an all-day event. */
  startsAt: ZTimeOfDay.nullable(),
  endsAt: ZTimeOfDay.nullable(),
  /** The children it concerns; empty when it concerns the whole school. */
  enrollNumbers: z.array(ZEnrollNumber),
});
export type TCalendarEvent = z.infer<typeof ZCalendarEvent>;

/** GET calendar/events: the school calendar and the children's due dates in a range. */
export const ZCalendarEvents = ZApiResult.extend({ items: z.array(ZCalendarEvent) });
export type TCalendarEvents = z.infer<typeof ZCalendarEvents>;

/**
 * GET calendar/feed, POST calendar/feed/rotate: the parent's personal iCalendar address
 * (absolute; a path from `/` when the portal's public address is not configured).
 */
export const ZCalendarFeed = ZApiResult.extend({ url: z.string() });

export const AGENDA_KINDS = ['homework', 'classwork', 'reminder', 'test'] as const;

export const ZAgendaQuery = ZDayRange.and(ZEnrollQuery);

export const ZAgendaItem = z.object({
  id: z.string(),
  dueOn: ZDay,
  kind: z.enum(AGENDA_KINDS),
  subject: z.string(),
  subjectAr: z.string(),
  title: z.string(),
  titleAr: z.string(),
  detail: z.string(),
  detailAr: z.string(),
  /** When the parent ticked it done for this child; null while not done. */
  doneAt: ZInstant.nullable(),
});
export type TAgendaItem = z.infer<typeof ZAgendaItem>;

/** GET agenda: the child's diary items due in the range, by day. */
export const ZAgenda = ZApiResult.extend({ items: z.array(ZAgendaItem) });
export type TAgenda = z.infer<typeof ZAgenda>;

export const ZAgendaDoneParams = z.object({ itemId: z.string().min(1).max(128) });
export const ZAgendaDoneBody = z.object({ enrollNumber: ZEnrollNumber, done: z.boolean() });
export const ZAgendaItemAnswer = ZApiResult.extend({ item: ZAgendaItem });

export const ZTeacher = z.object({
  id: z.string(),
  name: z.string(),
  nameAr: z.string(),
  title: z.string(),
  titleAr: z.string(),
  email: z.string(),
  /** The child's class teacher (homeroom). */
  homeroom: z.boolean(),
  subjects: z.array(z.object({ name: z.string(), nameAr: z.string() })),
});
export type TTeacher = z.infer<typeof ZTeacher>;

/** GET teachers: who teaches the child, class teacher first. */
export const ZTeachers = ZApiResult.extend({ teachers: z.array(ZTeacher) });
export type TTeachers = z.infer<typeof ZTeachers>;

export const scheduleEndpoints = {
  attendanceMonth: endpoint({
    method: 'GET',
    path: '/attendance/month',
    module: 'attendance',
    query: ZAttendanceMonthQuery,
    response: ZAttendanceMonth,
  }),
  timetableWeek: endpoint({
    method: 'GET',
    path: '/timetable/week',
    module: 'timetable',
    query: ZTimetableWeekQuery,
    response: ZTimetableWeek,
  }),
  calendarEvents: endpoint({
    method: 'GET',
    path: '/calendar/events',
    module: 'academicCalendar',
    query: ZCalendarEventsQuery,
    response: ZCalendarEvents,
  }),
  calendarFeed: endpoint({
    method: 'GET',
    path: '/calendar/feed',
    module: 'academicCalendar',
    response: ZCalendarFeed,
  }),
  rotateCalendarFeed: endpoint({
    method: 'POST',
    path: '/calendar/feed/rotate',
    module: 'academicCalendar',
    response: ZCalendarFeed,
  }),
  agenda: endpoint({
    method: 'GET',
    path: '/agenda',
    module: 'agenda',
    query: ZAgendaQuery,
    response: ZAgenda,
  }),
  agendaDone: endpoint({
    method: 'PUT',
    path: '/agenda/:itemId/done',
    module: 'agenda',
    params: ZAgendaDoneParams,
    body: ZAgendaDoneBody,
    response: ZAgendaItemAnswer,
  }),
  teachers: endpoint({
    method: 'GET',
    path: '/teachers',
    module: 'teachers',
    query: ZEnrollQuery,
    response: ZTeachers,
  }),
};
