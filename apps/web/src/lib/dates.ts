import dayjs from 'dayjs';
import { appConfig } from '../config/app-config.ts';
import { toLanguage } from './i18n.ts';

/** Formats an ISO date (`YYYY-MM-DD`) for display, in the given language; '' when invalid. */
export function formatDate(iso: string, lng: string, format: string = appConfig.dateFormat): string {
  const date = dayjs(iso);
  return date.isValid() ? date.locale(toLanguage(lng)).format(format) : '';
}

/** Formats a date-time for display with the spec's time format (`h:mm A`); '' when invalid. */
export function formatTime(iso: string, lng: string): string {
  return formatDate(iso, lng, appConfig.timeFormat);
}

/** The BCP 47 locale the portal formats numbers in: Arabic (UAE) or English (UK). */
export function numberLocaleOf(lng: string): string {
  return toLanguage(lng) === 'ar' ? 'ar-AE' : 'en-GB';
}

/** Formats a number for display in the given language. */
export function formatNumber(value: number, lng: string, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(numberLocaleOf(lng), options).format(value);
}
