import { useTranslation } from 'react-i18next';
import { formatDay, todayIn, useTimeZone } from '../../../lib/dates.ts';

const long: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' };

/** Days as the page's language writes them ("12 March 2026"): of a day, or of an instant at school. */
export function useDayText() {
  const { i18n } = useTranslation();
  const timeZone = useTimeZone();
  return {
    day: (day: string) => formatDay(day, i18n.language, long),
    dayOf: (instant: string) => formatDay(todayIn(timeZone, new Date(instant)), i18n.language, long),
    /** The day (`YYYY-MM-DD`) of an instant on the school's clock, for `<time dateTime>`. */
    isoDayOf: (instant: string) => todayIn(timeZone, new Date(instant)),
  };
}
