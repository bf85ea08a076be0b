import { z } from 'zod';

/** A calendar day, `YYYY-MM-DD`, that exists (2026-02-30 does not). */
export const ZDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'not a calendar day');

/** A month, `YYYY-MM`. */
export const ZMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);

/** A time of day, `HH:MM` (24 h), in the school's time zone. */
export const ZTimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/** An instant, ISO 8601 in UTC. */
export const ZInstant = z.string();

/** How a client writes an instant: ISO 8601 with its offset (`2026-11-20T08:00:00+04:00`). */
export const INSTANT_INPUT_PATTERN =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/** An instant a client sends, one that exists (2026-02-31 does not). */
export const ZInstantInput = z
  .string()
  .regex(INSTANT_INPUT_PATTERN)
  .refine((value) => {
    const day = value.slice(0, 10);
    const midnight = new Date(`${day}T00:00:00Z`);
    return (
      !Number.isNaN(midnight.getTime()) &&
      midnight.toISOString().startsWith(day) &&
      !Number.isNaN(Date.parse(value))
    );
  }, 'not a time');

/** Days of a `from`..`to` range (both included), at most this many. */
export const MAX_RANGE_DAYS = 366;

/** `?from&to`: a range of days, `to` not before `from`, at most MAX_RANGE_DAYS long. */
export const ZDayRange = z
  .object({ from: ZDay, to: ZDay })
  .refine(({ from, to }) => from <= to, { message: '`to` is before `from`', path: ['to'] })
  .refine(
    ({ from, to }) =>
      (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 < MAX_RANGE_DAYS,
    { message: `a range is at most ${MAX_RANGE_DAYS} days`, path: ['to'] },
  );

const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The calendar day `days` after `day` (before it when negative). */
export function addDays(day: string, days: number): string {
  return new Date(dayMs(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((dayMs(to) - dayMs(from)) / DAY_MS);
}

/** The ISO weekday of a day: 1 Monday .. 7 Sunday. */
export function isoWeekdayOf(day: string): number {
  return new Date(dayMs(day)).getUTCDay() || 7;
}
