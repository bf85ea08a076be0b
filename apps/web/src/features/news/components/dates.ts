import { useTranslation } from 'react-i18next';
import { formatDay, todayIn, useTimeZone } from '../../../lib/dates.ts';

const longDay: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' };

/**
 * Days as the pages write them ("10 March 2026", "١٠ مارس ٢٠٢٦"): `day` of a calendar day,
 * `dayOfInstant` of an instant, on the school's clock (23:30 UTC is the next morning in Dubai).
 */
export function useLongDays() {
  const { i18n } = useTranslation();
  const timeZone = useTimeZone();
  const day = (iso: string) => formatDay(iso, i18n.language, longDay);
  const dayOfInstant = (instant: string) => day(todayIn(timeZone, new Date(instant)));
  return { day, dayOfInstant };
}
