import { createContext, useContext } from 'react';
import dayjs from 'dayjs';
import { DEFAULT_TIME_ZONE } from '@portal/contracts/constants';
import { appConfig } from '../config/app-config.ts';
import { toLanguage } from './i18n.ts';

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

/** The school's time zone, given by the signed-in shell (the profile says it). */
export const TimeZoneContext = createContext<string>(DEFAULT_TIME_ZONE);

/** The time zone the signed-in parent's school shows its dates and times in. */
export function useTimeZone(): string {
  return useContext(TimeZoneContext);
}
