import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
import { formatShare, longMonth, shortMonth } from './insights-format.ts';
import {
  SHARE_TICKS,
  barPath,
  linePath,
  markerPath,
  monthAt,
  monthX,
  plotOf,
  shareY,
  type TMarker,
  type TPlot,
} from './trend-geometry.ts';

/** A series of a trend: a value (a share, 0 to 1) or nothing for each month of the chart. */
export type TTrendSeries = {
  key: string;
  /** Its name as shown (a school's subject name in its own language). */
  name: ReactNode;
  /** A colour, or `currentColor` for the text's colour. */
  colour: string;
  values: readonly (number | null)[];
  marker: TMarker;
  /** Lines only: its width and, after the markers run out, its dashes. */
  lineWidth?: number;
  dash?: string;
};

type TTrendChartProps = {
  title: string;
  description: string;
  /** `2026-09`: the months across the chart, in order. */
  months: readonly string[];
  /** `lines`: a line per series, with its markers and a legend; `bars`: a bar per month of the one series, labelled. */
  kind: 'lines' | 'bars';
  series: readonly TTrendSeries[];
  /** A dashed level across the plot (attendance's 90%), labelled with its share. */
  level?: number;
};

const MARGIN = { top: 24, bottom: 28, start: 48, end: 12 };
const MARKER_RADIUS = 5;
const BAR_WIDTH_SHARE = 0.6;
const BAR_WIDTH_MAX = 56;
const BAR_RADIUS = 4;
const TEXT = { fill: 'currentColor', fontSize: 12 };

/**
 * A trend over the school year, drawn as SVG at the size of its box: the months across (from
 * the right in Arabic), shares up the start side. Pointing at a month, or moving along the
 * months with the arrow keys once the chart has focus, shows that month's figures. The same
 * figures are in the chart's table (insights-chart-frame.tsx).
 */
export function TrendChart({ title, description, months, kind, series, level }: TTrendChartProps) {
  const { i18n } = useTranslation();
  const lng = i18n.language;
  const rtl = i18n.dir(lng) === 'rtl';
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const size = useBoxSize(box);
  const [active, setActive] = useState<number | null>(null);
  const plot = size && months.length > 0 ? plotOf(size.width, size.height, MARGIN, months.length, rtl) : null;

  const point = (event: PointerEvent<SVGSVGElement>) => {
    if (!plot) return;
    const x = event.clientX - event.currentTarget.getBoundingClientRect().left;
    setActive(monthAt(plot, x, months.length));
  };
  const step = (event: KeyboardEvent<SVGSVGElement>) => {
    // The arrows move along the months as they are drawn: left is earlier in English, later in Arabic.
    const later = {
      ArrowRight: rtl ? -1 : 1,
      ArrowLeft: rtl ? 1 : -1,
      Home: -months.length,
      End: months.length,
    };
    const move = later[event.key as keyof typeof later];
    if (move === undefined) return;
    event.preventDefault();
    setActive((current) => Math.min(months.length - 1, Math.max(0, (current ?? 0) + move)));
  };

  return (
    <div className="flex size-full flex-col">
      <div ref={box} className="relative min-h-0 flex-1">
        {plot ? (
          <svg
            role="img"
            aria-labelledby={`${id}-title`}
            aria-describedby={`${id}-desc`}
            tabIndex={0}
            width={plot.width}
            height={plot.height}
            // Positions are computed for the page's direction (trend-geometry.ts): the SVG's own text runs left to right.
            direction="ltr"
            className="block rounded-lg outline-offset-2 focus-visible:outline-2 focus-visible:outline-purple-600"
            onPointerMove={point}
            onPointerLeave={() => setActive(null)}
            onFocus={() => setActive((current) => current ?? months.length - 1)}
            onBlur={() => setActive(null)}
            onKeyDown={step}
          >
            <title id={`${id}-title`}>{title}</title>
            <desc id={`${id}-desc`}>{description}</desc>
            <ShareAxis plot={plot} lng={lng} />
            <MonthAxis plot={plot} months={months} lng={lng} />
            {active !== null ? <ActiveMonth plot={plot} index={active} kind={kind} /> : null}
            {level !== undefined ? <Level plot={plot} share={level} lng={lng} /> : null}
            {kind === 'bars' ? (
              <Bars plot={plot} series={series[0]} lng={lng} />
            ) : (
              series.map((line) => <Line key={line.key} plot={plot} line={line} active={active} />)
            )}
          </svg>
        ) : null}
        {plot && active !== null ? (
          <MonthFigures plot={plot} index={active} month={months[active] ?? ''} series={series} lng={lng} />
        ) : null}
      </div>
      {kind === 'lines' ? <Legend series={series} /> : null}
    </div>
  );
}

/** The box's size, kept up to date as it changes (a turned phone, a wider window). */
function useBoxSize(box: RefObject<HTMLDivElement | null>) {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = (width: number, height: number) =>
      setSize(width > 0 && height > 0 ? { width: Math.floor(width), height: Math.floor(height) } : null);
    const rect = element.getBoundingClientRect();
    measure(rect.width, rect.height);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) measure(entry.contentRect.width, entry.contentRect.height);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [box]);
  return size;
}

/** Where the shares are written: just outside the plot on the start side. */
function shareLabelX(plot: TPlot): number {
  return plot.rtl ? plot.right + 8 : plot.left - 8;
}

/** The grid lines, and the shares written on the start side. */
function ShareAxis({ plot, lng }: { plot: TPlot; lng: string }) {
  const labelX = shareLabelX(plot);
  return (
    <g aria-hidden="true">
      {SHARE_TICKS.map((share) => (
        <g key={share}>
          <line
            x1={plot.left}
            x2={plot.right}
            y1={shareY(plot, share)}
            y2={shareY(plot, share)}
            stroke="currentColor"
            strokeOpacity={share === 0 ? 0.4 : 0.15}
          />
          <text
            {...TEXT}
            x={labelX}
            y={shareY(plot, share)}
            dominantBaseline="middle"
            textAnchor={plot.rtl ? 'start' : 'end'}
          >
            {formatShare(share, lng)}
          </text>
        </g>
      ))}
    </g>
  );
}

/** Each month's short name under its slice. */
function MonthAxis({ plot, months, lng }: { plot: TPlot; months: readonly string[]; lng: string }) {
  return (
    <g aria-hidden="true">
      {months.map((month, index) => (
        <text key={month} {...TEXT} x={monthX(plot, index)} y={plot.bottom + 18} textAnchor="middle">
          {shortMonth(month, lng)}
        </text>
      ))}
    </g>
  );
}

/** The month pointed at: a light band behind its bar, or a line through its points. */
function ActiveMonth({ plot, index, kind }: { plot: TPlot; index: number; kind: 'lines' | 'bars' }) {
  const x = monthX(plot, index);
  return kind === 'bars' ? (
    <rect
      aria-hidden="true"
      x={x - plot.band / 2}
      y={plot.top}
      width={plot.band}
      height={plot.bottom - plot.top}
      fill="currentColor"
      fillOpacity={0.08}
    />
  ) : (
    <line
      aria-hidden="true"
      x1={x}
      x2={x}
      y1={plot.top}
      y2={plot.bottom}
      stroke="currentColor"
      strokeOpacity={0.3}
    />
  );
}

/** A dashed level across the plot, its share written on the share axis, clear of the bars' labels. */
function Level({ plot, share, lng }: { plot: TPlot; share: number; lng: string }) {
  const y = shareY(plot, share);
  return (
    <g aria-hidden="true">
      <line
        x1={plot.left}
        x2={plot.right}
        y1={y}
        y2={y}
        stroke="currentColor"
        strokeOpacity={0.6}
        strokeDasharray="4 4"
      />
      <text
        {...TEXT}
        x={shareLabelX(plot)}
        y={y}
        dominantBaseline="middle"
        textAnchor={plot.rtl ? 'start' : 'end'}
        fontWeight={600}
      >
        {formatShare(share, lng)}
      </text>
    </g>
  );
}

/** A bar per month with its share written above it. */
function Bars({ plot, series, lng }: { plot: TPlot; series: TTrendSeries | undefined; lng: string }) {
  if (!series) return null;
  const width = Math.min(BAR_WIDTH_MAX, plot.band * BAR_WIDTH_SHARE);
  return (
    <g aria-hidden="true">
      {series.values.map((value, index) =>
        value === null ? null : (
          <g key={index}>
            <path data-bar={index} d={barPath(plot, index, value, width, BAR_RADIUS)} fill={series.colour} />
            <text {...TEXT} x={monthX(plot, index)} y={shareY(plot, value) - 6} textAnchor="middle">
              {formatShare(value, lng)}
            </text>
          </g>
        ),
      )}
    </g>
  );
}

/** A series' line through its months, with its marker on each, larger on the month pointed at. */
function Line({ plot, line, active }: { plot: TPlot; line: TTrendSeries; active: number | null }) {
  return (
    <g aria-hidden="true" color={line.colour}>
      <path
        d={linePath(plot, line.values)}
        fill="none"
        stroke="currentColor"
        strokeWidth={line.lineWidth ?? 2}
        strokeDasharray={line.dash}
        strokeLinejoin="round"
      />
      {line.values.map((value, index) =>
        value === null ? null : (
          <path
            key={index}
            transform={`translate(${monthX(plot, index)},${shareY(plot, value)})`}
            d={markerPath(line.marker, index === active ? MARKER_RADIUS + 2 : MARKER_RADIUS)}
            fill="currentColor"
          />
        ),
      )}
    </g>
  );
}

/**
 * The figures of the month pointed at, beside it: on its end side in the chart's first half, on
 * its start side in the second, so it stays inside the box. Screen readers hear it as it changes.
 */
function MonthFigures({
  plot,
  index,
  month,
  series,
  lng,
}: {
  plot: TPlot;
  index: number;
  month: string;
  series: readonly TTrendSeries[];
  lng: string;
}) {
  const x = monthX(plot, index);
  // Physical pixels, as the plot's own (trend-geometry.ts), whichever the page's direction.
  const place = x < plot.width / 2 ? { left: x + 12 } : { right: plot.width - x + 12 };
  return (
    <div
      role="status"
      style={{ ...place, top: plot.top }}
      className="pointer-events-none absolute z-10 max-w-64 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-900 shadow-md dark:border-slate-700 dark:bg-slate-900 dark:text-white"
    >
      <p className="font-semibold">{longMonth(month, lng)}</p>
      <ul className="mt-1 space-y-0.5">
        {series.map((item) => {
          const value = item.values[index];
          return (
            <li key={item.key} className="flex items-center gap-2">
              <MarkerSwatch marker={item.marker} colour={item.colour} />
              <span>{item.name}</span>
              <span className="ms-auto ps-3 font-medium tabular-nums">
                {value === null || value === undefined ? '–' : formatShare(value, lng)}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** Which line is which: each series' marker and name. */
function Legend({ series }: { series: readonly TTrendSeries[] }) {
  return (
    <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1 pt-2 text-sm text-slate-800 dark:text-slate-100">
      {series.map((item) => (
        <li key={item.key} className="flex items-center gap-1.5">
          <MarkerSwatch marker={item.marker} colour={item.colour} />
          {item.name}
        </li>
      ))}
    </ul>
  );
}

function MarkerSwatch({ marker, colour }: { marker: TMarker; colour: string }) {
  return (
    <svg aria-hidden="true" width={14} height={14} viewBox="-7 -7 14 14" className="shrink-0" color={colour}>
      <path d={markerPath(marker, 5)} fill="currentColor" />
    </svg>
  );
}
