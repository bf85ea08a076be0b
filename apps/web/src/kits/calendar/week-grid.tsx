import { useId, useRef, useState, type ReactNode, type TouchEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { focusRing } from '../../components/ui/button.tsx';
import { cx } from '../../lib/class-names.ts';
import { formatDay } from '../../lib/dates.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { isRightToLeft } from './direction.ts';

/** A row of the week: a period, a slot of the day. */
export interface TWeekRow {
  key: string;
  /** What names the row (a period's number and times). */
  header: ReactNode;
}

interface TWeekGridProps {
  /** The days shown, in order, `YYYY-MM-DD` (a school week leaves its weekend out). */
  days: readonly string[];
  rows: readonly TWeekRow[];
  /** What a row shows on a day; null for nothing. */
  renderCell: (date: string, rowKey: string) => ReactNode;
  /** Names the table for assistive technology ("Timetable, week of 2 March 2026"). */
  caption: string;
  /** Today, `YYYY-MM-DD`: its column is marked, and a phone opens on it. */
  today?: string;
  /** On a phone, moving past the week's first or last day asks for the week before or after. */
  onStepOut?: (direction: -1 | 1) => void;
}

/** Wide enough for every day side by side; narrower (a phone), one day at a time. */
const WIDE = '(min-width: 48rem)';

/**
 * A week: on a wide screen the days are columns and the rows (periods) run down; on a phone
 * one day at a time, changed with the previous and next day buttons, a swipe or the day
 * buttons. Columns, buttons and swipes follow the reading direction (mirrored in Arabic).
 */
export function WeekGrid(props: TWeekGridProps) {
  const wide = useMediaQuery(WIDE, true);
  return wide ? <WholeWeek {...props} /> : <OneDay {...props} />;
}

const tableBox =
  'overflow-x-auto rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900';
const headCell = 'px-3 py-2 text-start text-xs font-semibold text-slate-600 dark:text-slate-300';
const rowHead =
  'bg-slate-50 px-3 py-2 text-start align-top text-xs font-medium text-slate-700 dark:bg-slate-800/60 dark:text-slate-200';
const cell = 'border-s border-slate-200 p-2 align-top dark:border-slate-800';

function WholeWeek({ days, rows, renderCell, caption, today }: TWeekGridProps) {
  const { i18n } = useTranslation();
  const lng = i18n.language;
  return (
    <div className={tableBox}>
      <table className="w-full table-fixed border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <colgroup>
          <col className="w-40" />
          {days.map((day) => (
            <col key={day} />
          ))}
        </colgroup>
        <thead className="bg-slate-50 dark:bg-slate-800">
          <tr>
            <td />
            {days.map((day) => (
              <th
                key={day}
                scope="col"
                aria-current={day === today ? 'date' : undefined}
                className={cx(headCell, day === today && 'text-purple-800 dark:text-purple-200')}
              >
                <span className="block text-sm text-slate-900 dark:text-white">
                  {formatDay(day, lng, { weekday: 'long' })}
                </span>{' '}
                <span className="block font-normal tabular-nums">
                  {formatDay(day, lng, { day: 'numeric', month: 'short' })}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-t border-slate-200 dark:border-slate-800">
              <th scope="row" className={rowHead}>
                {row.header}
              </th>
              {days.map((day) => (
                <td key={day} className={cx(cell, day === today && 'bg-purple-50/60 dark:bg-purple-950/20')}>
                  {renderCell(day, row.key)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The day shown: one chosen, else the first or last when a step went past the week, else today. */
type TChoice = { date: string } | { edge: 'first' | 'last'; weekOf: string };

const dayButton = cx(
  'inline-flex size-11 shrink-0 items-center justify-center rounded-xl border border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
  'disabled:cursor-not-allowed disabled:opacity-40 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700',
  focusRing,
);

function OneDay({ days, rows, renderCell, caption, today, onStepOut }: TWeekGridProps) {
  const { t, i18n } = useTranslation('module');
  const lng = i18n.language;
  const titleId = useId();
  const [choice, setChoice] = useState<TChoice | null>(null);
  const touch = useRef<{ x: number; y: number } | null>(null);
  const first = days[0] ?? '';

  let index = days.findIndex((day) => day === today);
  if (choice && 'date' in choice && days.includes(choice.date)) index = days.indexOf(choice.date);
  else if (choice && 'edge' in choice) {
    // Until the other week arrives, the day shown stays the edge the step went past.
    const stillThisWeek = choice.weekOf === first;
    const edge = stillThisWeek ? (choice.edge === 'first' ? 'last' : 'first') : choice.edge;
    index = edge === 'first' ? 0 : days.length - 1;
  }
  if (index < 0) index = 0;
  const day = days[index] ?? '';

  const step = (direction: -1 | 1) => {
    const next = index + direction;
    if (next >= 0 && next < days.length) setChoice({ date: days[next] ?? '' });
    else if (onStepOut) {
      setChoice({ edge: direction === 1 ? 'first' : 'last', weekOf: first });
      onStepOut(direction);
    }
  };
  const canStep = (direction: -1 | 1) =>
    Boolean(onStepOut) || (index + direction >= 0 && index + direction < days.length);

  const onTouchStart = (event: TouchEvent<HTMLDivElement>) => {
    const point = event.touches[0];
    touch.current = point ? { x: point.clientX, y: point.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent<HTMLDivElement>) => {
    const start = touch.current;
    const point = event.changedTouches[0];
    touch.current = null;
    if (!start || !point) return;
    const dx = point.clientX - start.x;
    const dy = point.clientY - start.y;
    if (Math.abs(dx) < 50 || Math.abs(dx) < Math.abs(dy) * 1.5) return;
    // A swipe towards the start edge brings the next day in.
    const towardsStart = isRightToLeft(event.currentTarget) ? dx > 0 : dx < 0;
    const direction = towardsStart ? 1 : -1;
    if (canStep(direction)) step(direction);
  };

  const dayLabel = formatDay(day, lng, { weekday: 'long', day: 'numeric', month: 'long' });
  return (
    <div className="space-y-3" onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
      <div role="group" aria-label={t('calendar.days')} className="flex gap-1 overflow-x-auto">
        {days.map((one) => (
          <button
            key={one}
            type="button"
            aria-pressed={one === day}
            onClick={() => setChoice({ date: one })}
            className={cx(
              'flex min-h-11 min-w-11 flex-1 flex-col items-center justify-center rounded-xl px-1 text-xs font-semibold tabular-nums',
              one === day
                ? 'bg-purple-700 text-white dark:bg-purple-600'
                : 'bg-slate-100 text-slate-700 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-slate-700',
              focusRing,
            )}
          >
            <span>{formatDay(one, lng, { weekday: 'short' })}</span>
            <span>{formatDay(one, lng, { day: 'numeric' })}</span>
          </button>
        ))}
      </div>
      <div className="flex items-center justify-between gap-3">
        <button
          type="button"
          className={dayButton}
          onClick={() => step(-1)}
          disabled={!canStep(-1)}
          aria-label={t('calendar.previousDay')}
          title={t('calendar.previousDay')}
        >
          <ChevronLeft aria-hidden="true" className="size-5 rtl:-scale-x-100" />
        </button>
        <h3
          id={titleId}
          aria-live="polite"
          aria-current={day === today ? 'date' : undefined}
          className="min-w-0 flex-1 text-center text-base font-semibold text-slate-900 dark:text-white"
        >
          {dayLabel}
        </h3>
        <button
          type="button"
          className={dayButton}
          onClick={() => step(1)}
          disabled={!canStep(1)}
          aria-label={t('calendar.nextDay')}
          title={t('calendar.nextDay')}
        >
          <ChevronRight aria-hidden="true" className="size-5 rtl:-scale-x-100" />
        </button>
      </div>
      <div className={tableBox}>
        <table className="w-full table-fixed border-collapse text-sm">
          <caption className="sr-only">{`${caption}: ${dayLabel}`}</caption>
          <colgroup>
            <col className="w-28" />
            <col />
          </colgroup>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="border-t border-slate-200 first:border-t-0 dark:border-slate-800">
                <th scope="row" className={rowHead}>
                  {row.header}
                </th>
                <td className={cell}>{renderCell(day, row.key)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
