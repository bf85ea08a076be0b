import dayjs from 'dayjs';
import { appConfig } from '../config/app-config.ts';
import { toLanguage } from './i18n.ts';

/** Formats an ISO date (`YYYY-MM-DD`) for display, in the given language; '' when invalid. */
export function formatDate(iso: string, lng: string, format: string = appConfig.dateFormat): string {
  const date = dayjs(iso);
  return date.isValid() ? date.locale(toLanguage(lng)).format(format) : '';
}
