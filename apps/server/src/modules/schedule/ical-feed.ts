import { TZDate } from '@date-fns/tz';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { type ICalEventData } from 'ical-generator';
import type { TLanguage } from '@portal/contracts/constants';
import { addDays } from '@portal/contracts/kits/dates';
import type { TCalendarEvent, TLesson } from '@portal/contracts/families/schedule';

// A parent's calendar as RFC 5545 text (docs/modules.md section 5, "One iCalendar feed"): lessons,
// the school calendar and due dates of all their children, in the parent's language. Timed
// entries carry the school's zone (TZID with its VTIMEZONE), so a phone abroad still shows a
// lesson at the school's hour; every entry's UID is stable, so clients update rather than copy.

/** When an entry is: its start, and its end, zone or all-day flag. */
type TWhen = Pick<ICalEventData, 'start' | 'end' | 'allDay' | 'timezone'> & {
  start: NonNullable<ICalEventData['start']>;
};

export type TFeedChild = { enrollNumber: string; firstName: string };

export type TFeed = {
  schoolId: string;
  schoolName: string;
  timeZone: string;
  language: TLanguage;
  children: TFeedChild[];
  lessons: { enrollNumber: string; lesson: TLesson }[];
  events: TCalendarEvent[];
};

const WORDS: Record<TLanguage, { calendar: string; teacher: string; room: string; due: string }> = {
  en: { calendar: 'School calendar', teacher: 'Teacher', room: 'Room', due: 'Due' },
  ar: { calendar: 'التقويم المدرسي', teacher: 'المعلم', room: 'القاعة', due: 'موعد التسليم' },
};

// The VTIMEZONE of each zone, read once (the library reads a file on each call).
const zoneComponents = new Map<string, string | null>();

function zoneComponentOf(timeZone: string): string | null {
  if (!zoneComponents.has(timeZone)) zoneComponents.set(timeZone, getVtimezoneComponent(timeZone));
  return zoneComponents.get(timeZone) ?? null;
}

/** School text in the parent's language; English when the school gave no Arabic. */
const textOf = (language: TLanguage, en: string, ar: string) => (language === 'ar' && ar ? ar : en);

/** Midnight UTC of a day: how an all-day date is given to the generator (no zone). */
const dateOnly = (day: string) => new Date(`${day}T00:00:00Z`);

/** The feed's text. */
export function icsOf(feed: TFeed): string {
  const words = WORDS[feed.language];
  const zoneKnown = zoneComponentOf(feed.timeZone) !== null;
  const calendar = ical({
    name: `${feed.schoolName}: ${words.calendar}`,
    prodId: { company: 'Parent portal', product: 'school-calendar', language: feed.language.toUpperCase() },
    // No calendar-wide zone: DTSTAMP stays in UTC, as RFC 5545 asks; each timed entry names it.
    timezone: { name: null, generator: zoneComponentOf },
    ttl: 60 * 60 * 6,
  });
  calendar.x([['X-WR-TIMEZONE', feed.timeZone]]);
  const uid = (id: string) => `${id}@${feed.schoolId}.parent-portal`;
  const at = (day: string, time: string) => {
    const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
    const [hours = 0, minutes = 0] = time.split(':').map(Number);
    return new TZDate(year, month - 1, date, hours, minutes, 0, feed.timeZone);
  };
  const timed = (day: string, start: string, endDay: string, end: string | null): TWhen => ({
    start: at(day, start),
    ...(end ? { end: at(endDay, end) } : {}),
    ...(zoneKnown ? { timezone: feed.timeZone } : {}),
  });
  const names = new Map(feed.children.map((child) => [child.enrollNumber, child.firstName]));
  const forWhom = (enrollNumbers: string[]) =>
    enrollNumbers.length === 0 || enrollNumbers.length === feed.children.length
      ? ''
      : ` · ${enrollNumbers.map((enrollNumber) => names.get(enrollNumber) ?? enrollNumber).join(', ')}`;

  for (const { enrollNumber, lesson } of feed.lessons) {
    const teacher = textOf(feed.language, lesson.teacher, lesson.teacherAr);
    calendar.createEvent({
      id: uid(`lesson-${lesson.id}-${enrollNumber}`),
      summary: `${textOf(feed.language, lesson.subject, lesson.subjectAr)} · ${names.get(enrollNumber) ?? enrollNumber}`,
      description: [teacher && `${words.teacher}: ${teacher}`, lesson.room && `${words.room}: ${lesson.room}`]
        .filter(Boolean)
        .join('\n'),
      location: lesson.room,
      ...timed(lesson.date, lesson.start, lesson.date, lesson.end),
    });
  }
  for (const event of feed.events) {
    const title = textOf(feed.language, event.title, event.titleAr);
    const when: TWhen = event.startsAt
      ? timed(event.startsOn, event.startsAt, event.endsOn, event.endsAt)
      : { start: dateOnly(event.startsOn), end: dateOnly(addDays(event.endsOn, 1)), allDay: true };
    calendar.createEvent({
      id: uid(event.id),
      summary: `${event.kind === 'due' ? `${words.due}: ` : ''}${title}${forWhom(event.enrollNumbers)}`,
      description: textOf(feed.language, event.detail, event.detailAr),
      categories: [{ name: event.kind.toUpperCase() }],
      ...when,
    });
  }
  return calendar.toString();
}
