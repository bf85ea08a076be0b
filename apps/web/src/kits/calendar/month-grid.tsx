import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../components/ui/button.tsx';
import { cx } from '../../lib/class-names.ts';
import { addDays, addMonths, daysOfMonth, formatDay, isoWeekday, weekStartOf } from '../../lib/dates.ts';
import { isRightToLeft } from './direction.ts';

/** One day of the grid, as its cell is drawn. */
export interface TGridDay {
  /** `YYYY-MM-DD`. */
  date: string;
  /** ISO weekday, 1 Monday .. 7 Sunday. */
  weekday: number;
  isToday: boolean;
}

interface TMonthGridProps {
  /** `YYYY-MM`. */
  month: string;
  /** The weekday the weeks start on (ISO: 1 Monday .. 7 Sunday). */
  firstDay: number;
  /** Names the grid for assistive technology ("Attendance, March 2026"). */
  caption: string;
  /** What a day's cell shows under its number; its text should say it all without colour. */
  renderDay: (day: TGridDay) => ReactNode;
  /** Extra classes of a day's cell (a background per state). */
  dayClassName?: (day: TGridDay) => string | undefined;
  /** Today, `YYYY-MM-DD`, marked in the grid. */
  today?: string;
  /** The chosen day; with `onSelect`, days can be chosen (click, Enter or Space). */
  selected?: string | null;
  onSelect?: (date: string) => void;
  /** Page Up and Page Down, and moving past the month's ends, ask for another month. */
  onMonthChange?: (month: string) => void;
  /** Explains the marks, below the grid. */
  legend?: ReactNode;
}

/** The month's days in weeks of seven, `null` where a week runs outside the month. */
function weeksOf(month: string, firstDay: number): (string | null)[][] {
  const days = daysOfMonth(month);
  const first = days[0] ?? `${month}-01`;
  const weeks: (string | null)[][] = [];
  for (let start = weekStartOf(first, firstDay); start.slice(0, 7) <= month; start = addDays(start, 7)) {
    weeks.push(
      Array.from({ length: 7 }, (_, index) => {
        const day = addDays(start, index);
        return day.startsWith(month) ? day : null;
      }),
    );
  }
  return weeks;
}

/** The day a key moves to from `from`, or null for a key the grid does not use. */
function targetOf(key: string, from: string, firstDay: number, rtl: boolean): string | null {
  const weekStart = weekStartOf(from, firstDay);
  switch (key) {
    case 'ArrowRight':
      return addDays(from, rtl ? -1 : 1);
    case 'ArrowLeft':
      return addDays(from, rtl ? 1 : -1);
    case 'ArrowDown':
      return addDays(from, 7);
    case 'ArrowUp':
      return addDays(from, -7);
    case 'Home':
      return weekStart;
    case 'End':
      return addDays(weekStart, 6);
    case 'PageDown':
    case 'PageUp': {
      const month = addMonths(from.slice(0, 7), key === 'PageDown' ? 1 : -1);
      const days = daysOfMonth(month);
      return days[Math.min(Number(from.slice(8)), days.length) - 1] ?? `${month}-01`;
    }
    default:
      return null;
  }
}

/**
 * A month of days in weeks (the WAI-ARIA grid pattern on a real table): weekday column
 * headers, one week a row, each day's cell drawn by the caller under its number. One day is in
 * the Tab order; the arrow keys move by day (mirrored in RTL, where the weeks run right to
 * left) and week, Home and End to the week's ends, Page Up and Page Down by month.
 */
export function MonthGrid({
  month,
  firstDay,
  caption,
  renderDay,
  dayClassName,
  today,
  selected,
  onSelect,
  onMonthChange,
  legend,
}: TMonthGridProps) {
  const { i18n } = useTranslation();
  const lng = i18n.language;
  const captionId = useId();
  const table = useRef<HTMLTableElement>(null);
  const moveFocus = useRef(false);
  const [focused, setFocused] = useState<string | null>(null);
  const weeks = weeksOf(month, firstDay);
  const days = daysOfMonth(month);
  const inMonth = (day: string | null | undefined) => Boolean(day?.startsWith(month));
  const active = [focused, selected, today].find(inMonth) ?? days[0] ?? '';
  const headers = (weeks[0] ?? []).map((_, index) => addDays(weekStartOf(days[0] ?? '', firstDay), index));

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    table.current?.querySelector<HTMLElement>(`[data-date="${active}"]`)?.focus();
  }, [active]);

  const goTo = (day: string) => {
    if (!inMonth(day)) {
      if (!onMonthChange) return;
      onMonthChange(day.slice(0, 7));
    }
    setFocused(day);
    moveFocus.current = true;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    if ((event.key === 'Enter' || event.key === ' ') && onSelect) {
      event.preventDefault();
      onSelect(active);
      return;
    }
    const target = targetOf(event.key, active, firstDay, isRightToLeft(event.currentTarget));
    if (!target) return;
    event.preventDefault();
    goTo(target);
  };

  return (
    <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <table
        ref={table}
        role="grid"
        aria-labelledby={captionId}
        onKeyDown={onKeyDown}
        className="w-full table-fixed border-collapse"
      >
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        <thead className="bg-slate-50 text-xs font-semibold text-slate-600 dark:bg-slate-800 dark:text-slate-300">
          <tr>
            {headers.map((day) => (
              <th key={day} scope="col" abbr={formatDay(day, lng, { weekday: 'long' })} className="px-1 py-2">
                <span aria-hidden="true" className="sm:hidden">
                  {formatDay(day, lng, { weekday: 'narrow' })}
                </span>
                <span aria-hidden="true" className="max-sm:hidden">
                  {formatDay(day, lng, { weekday: 'short' })}
                </span>
                <span className="sr-only">{formatDay(day, lng, { weekday: 'long' })}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find(Boolean) ?? ''} className="border-t border-slate-200 dark:border-slate-800">
              {week.map((date, index) => {
                if (!date)
                  return <td key={`empty-${index}`} className="bg-slate-50/60 dark:bg-slate-950/40" />;
                const day: TGridDay = { date, weekday: isoWeekday(date), isToday: date === today };
                const isSelected = onSelect ? date === selected : undefined;
                return (
                  <td
                    key={date}
                    role="gridcell"
                    data-date={date}
                    tabIndex={date === active ? 0 : -1}
                    aria-selected={isSelected}
                    aria-current={day.isToday ? 'date' : undefined}
                    onClick={() => {
                      setFocused(date);
                      onSelect?.(date);
                    }}
                    className={cx(
                      'relative h-14 border-s border-slate-200 p-1 align-top first:border-s-0 sm:h-20 sm:p-1.5 dark:border-slate-800',
                      onSelect && 'cursor-pointer',
                      isSelected && 'ring-2 ring-purple-600 ring-inset dark:ring-purple-400',
                      focusRing,
                      'focus-visible:ring-inset focus-visible:ring-offset-0',
                      dayClassName?.(day),
                    )}
                  >
                    <span
                      aria-hidden="true"
                      className={cx(
                        'inline-flex size-6 items-center justify-center rounded-full text-xs font-semibold tabular-nums',
                        day.isToday ? 'bg-purple-600 text-white dark:bg-purple-400 dark:text-slate-950' : '',
                      )}
                    >
                      {formatDay(date, lng, { day: 'numeric' })}
                    </span>
                    <span className="sr-only">
                      {formatDay(date, lng, { weekday: 'long', day: 'numeric', month: 'long' })}
                    </span>
                    {renderDay(day)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {legend ? (
        <div className="border-t border-slate-200 px-3 py-3 dark:border-slate-800">{legend}</div>
      ) : null}
    </div>
  );
}
