import { todayIn } from '../../../lib/dates.ts';
import { numberLocaleOf } from '../../../lib/numbers.ts';

/**
 * When a message or mail came, as a list shows it: the time on the day it came ("9:05 am"),
 * the day and month in the same year ("12 Mar"), else the full date; on the school's clock,
 * in the page's language. '' when the instant is not valid.
 */
export function formatWhen(iso: string, lng: string, timeZone: string, now: Date = new Date()): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return '';
  const locale = numberLocaleOf(lng);
  const day = todayIn(timeZone, instant);
  const today = todayIn(timeZone, now);
  const options: Intl.DateTimeFormatOptions =
    day === today
      ? { hour: 'numeric', minute: '2-digit', hour12: true }
      : day.slice(0, 4) === today.slice(0, 4)
        ? { day: 'numeric', month: 'short' }
        : { day: 'numeric', month: 'short', year: 'numeric' };
  return new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(instant);
}
