import { createContext, useContext } from 'react';
import dayjs from 'dayjs';
import { DEFAULT_TIME_ZONE } from '@portal/contracts/constants';
import { appConfig } from '../config/app-config.ts';
import { toLanguage } from './i18n.ts';
import { numberLocaleOf } from './numbers.ts';

/**
 * Formats a calendar day (`YYYY-MM-DD`, a due date or an issue date: the same day everywhere)
 * for display, in the given language; '' when invalid.
 */
export function formatDate(iso: string, lng: string, format: string = appConfig.dateFormat): string {
  const date = dayjs(iso);
  return date.isValid() ? date.locale(toLanguage(lng)).format(format) : '';
}

/**
 * The wall-clock date and time of an instant (ISO 8601) in a time zone, as `YYYY-MM-DDTHH:mm:ss`
 * (no zone): what a clock in that zone shows. null when the instant is invalid.
 */
function wallClock(iso: string, timeZone: string): string | null {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return null;
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((one) => one.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:${part('second')}`;
}

/**
 * Formats an instant (a payment, a purchase) with the spec's date and time formats
 * (`DD-MM-YYYY h:mm A`) as the school's clock shows it, in its time zone: 23:30 UTC is the
 * next morning in Dubai. '' when invalid.
 */
export function formatDateTime(iso: string, lng: string, timeZone: string): string {
  const local = wallClock(iso, timeZone);
  return local ? formatDate(local, lng, `${appConfig.dateFormat} ${appConfig.timeFormat}`) : '';
}

/**
 * An instant in words ("12 March 2026 at 9:05 am": a message sent, a notice acknowledged), on
 * the school's clock, in the page's language. '' when invalid.
 */
export function formatFullDateTime(iso: string, lng: string, timeZone: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return '';
  return new Intl.DateTimeFormat(numberLocaleOf(lng), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone,
  }).format(instant);
}

/** The school's time zone, given by the signed-in shell (the profile says it). */
export const TimeZoneContext = createContext<string>(DEFAULT_TIME_ZONE);

/** The time zone the signed-in parent's school shows its dates and times in. */
export function useTimeZone(): string {
  return useContext(TimeZoneContext);
}

// Calendar days as ISO strings (`YYYY-MM-DD`, months `YYYY-MM`): the arithmetic runs on UTC
// midnights, so no time zone or daylight-saving change can move a day.

const DAY_MS = 86_400_000;

function utcOf(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

function dayOf(utc: number): string {
  return new Date(utc).toISOString().slice(0, 10);
}

/** The day `count` days after `day` (before it when negative). */
export function addDays(day: string, count: number): string {
  return dayOf(utcOf(day) + count * DAY_MS);
}

/** The ISO weekday of a day: 1 Monday .. 7 Sunday. */
export function isoWeekday(day: string): number {
  return new Date(utcOf(day)).getUTCDay() || 7;
}

/** The month `count` months after `month` (before it when negative). */
export function addMonths(month: string, count: number): string {
  const [year = 0, index = 1] = month.split('-').map(Number);
  return new Date(Date.UTC(year, index - 1 + count, 1)).toISOString().slice(0, 7);
}

/** Every day of a month, in order. */
export function daysOfMonth(month: string): string[] {
  const first = `${month}-01`;
  const next = utcOf(`${addMonths(month, 1)}-01`);
  const days: string[] = [];
  for (let utc = utcOf(first); utc < next; utc += DAY_MS) days.push(dayOf(utc));
  return days;
}

/** The first day of the week that holds `day`, weeks starting on `firstDay` (ISO weekday). */
export function weekStartOf(day: string, firstDay: number): string {
  return addDays(day, -((isoWeekday(day) - firstDay + 7) % 7));
}

/**
 * The weekday a school's week starts on: the first school day after its weekend (Monday after
 * Saturday-Sunday, Sunday after Friday-Saturday); null when the weekend is not known.
 */
export function firstSchoolDay(weekendDays: readonly number[]): number | null {
  if (weekendDays.length === 0 || weekendDays.length >= 7) return null;
  for (let weekday = 1; weekday <= 7; weekday += 1) {
    const before = weekday === 1 ? 7 : weekday - 1;
    if (!weekendDays.includes(weekday) && weekendDays.includes(before)) return weekday;
  }
  return null;
}

type TWeekInfo = { firstDay?: number };

/** The weekday the weeks of the language's locale start on (ISO weekday), Monday if unknown. */
export function localeFirstDay(lng: string): number {
  const locale = new Intl.Locale(numberLocaleOf(lng)) as Intl.Locale & {
    getWeekInfo?: () => TWeekInfo;
    weekInfo?: TWeekInfo;
  };
  const info = locale.getWeekInfo?.() ?? locale.weekInfo;
  return info?.firstDay ?? 1;
}

/** Formats a calendar day with Intl in the language's locale (digits and names as it writes them). */
export function formatDay(day: string, lng: string, options: Intl.DateTimeFormatOptions): string {
  const utc = utcOf(day);
  if (Number.isNaN(utc)) return '';
  return new Intl.DateTimeFormat(numberLocaleOf(lng), { ...options, timeZone: 'UTC' }).format(utc);
}

/** A month's name and year ("March 2026", "مارس 2026"). */
export function formatMonth(month: string, lng: string): string {
  return formatDay(`${month}-01`, lng, { month: 'long', year: 'numeric' });
}

/** A time of day (`HH:MM`) as the language writes it, on a twelve-hour clock ("8:05 am", "8:05 ص"). */
export function formatTimeOfDay(time: string, lng: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Intl.DateTimeFormat(numberLocaleOf(lng), {
    hour: 'numeric',
    minute: '2-digit',
    // The portal's clock has twelve hours (`TIME_FORMAT`, h:mm A), in either language.
    hour12: true,
    timeZone: 'UTC',
  }).format(Date.UTC(2000, 0, 1, hours, minutes));
}

/** Whether an instant (ISO 8601) has passed. */
export function hasEnded(iso: string, now: Date = new Date()): boolean {
  return Date.parse(iso) <= now.getTime();
}

/** Today's date in a time zone (the school's), `YYYY-MM-DD`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return (wallClock(now.toISOString(), timeZone) ?? now.toISOString()).slice(0, 10);
}

/** The weekday a school's weeks start on: after its weekend when known, else the locale's. */
export function firstDayOfWeek(weekendDays: readonly number[], lng: string): number {
  return firstSchoolDay(weekendDays) ?? localeFirstDay(lng);
}

/** A range of days ("2–6 March 2026", "30 March – 3 April 2026") as the language writes it. */
export function formatDayRange(from: string, to: string, lng: string): string {
  const format = new Intl.DateTimeFormat(numberLocaleOf(lng), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return format.formatRange(utcOf(from), utcOf(to));
}
