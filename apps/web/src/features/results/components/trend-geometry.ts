// Where a trend chart draws: months across, shares (0 to 1) up. Pure arithmetic in the SVG's own
// pixels, so each chart draws at the size of its box with text at its real size. In Arabic the
// months run from the right and the share axis stands on the right (docs/decisions/039-own-trend-charts.md).

/** The shares written up the side of every trend chart, with their grid lines. */
export const SHARE_TICKS = [0, 0.25, 0.5, 0.75, 1] as const;

/** Room around the plot: the share labels on the start side, the month labels below. */
export type TPlotMargin = { top: number; bottom: number; start: number; end: number };

export type TPlot = {
  width: number;
  height: number;
  /** The plot's edges, in physical pixels from the SVG's left and top. */
  left: number;
  right: number;
  top: number;
  bottom: number;
  /** Each month's slice of the width. */
  band: number;
  rtl: boolean;
};

export function plotOf(
  width: number,
  height: number,
  margin: TPlotMargin,
  months: number,
  rtl: boolean,
): TPlot {
  const left = rtl ? margin.end : margin.start;
  const right = width - (rtl ? margin.start : margin.end);
  const top = margin.top;
  const bottom = height - margin.bottom;
  return { width, height, left, right, top, bottom, band: (right - left) / Math.max(1, months), rtl };
}

/** The middle of the `index`th month's slice: from the left in English, from the right in Arabic. */
export function monthX(plot: TPlot, index: number): number {
  const offset = (index + 0.5) * plot.band;
  return plot.rtl ? plot.right - offset : plot.left + offset;
}

/** The height of a share, 0 at the plot's bottom and 1 at its top. */
export function shareY(plot: TPlot, share: number): number {
  return plot.bottom - Math.min(1, Math.max(0, share)) * (plot.bottom - plot.top);
}

/** The month nearest a point `x` pixels from the SVG's left. */
export function monthAt(plot: TPlot, x: number, months: number): number {
  const fromStart = plot.rtl ? plot.right - x : x - plot.left;
  return Math.min(months - 1, Math.max(0, Math.floor(fromStart / plot.band)));
}

/** The line through a series' months that have a value; months without one are stepped over. */
export function linePath(plot: TPlot, values: readonly (number | null)[]): string {
  return values
    .flatMap((value, index) => (value === null ? [] : [`${monthX(plot, index)},${shareY(plot, value)}`]))
    .map((point, index) => `${index === 0 ? 'M' : 'L'}${point}`)
    .join('');
}

/** A bar from the plot's bottom up to `share`, its top corners rounded by `radius`. */
export function barPath(plot: TPlot, index: number, share: number, width: number, radius: number): string {
  const x = monthX(plot, index) - width / 2;
  const y = shareY(plot, share);
  const r = Math.min(radius, width / 2, plot.bottom - y);
  return (
    `M${x},${plot.bottom}V${y + r}Q${x},${y} ${x + r},${y}` +
    `H${x + width - r}Q${x + width},${y} ${x + width},${y + r}V${plot.bottom}Z`
  );
}

/** Each series' own marker, so that no line is told apart by its colour alone. */
export type TMarker = 'circle' | 'square' | 'triangle' | 'diamond' | 'star' | 'cross' | 'wye';

/** A marker of radius `r` centred on 0,0, as an SVG path. */
export function markerPath(marker: TMarker, r: number): string {
  const polygon = (points: [number, number][]) =>
    `M${points.map(([x, y]) => `${round(x)},${round(y)}`).join('L')}Z`;
  const around = (count: number, radius: (index: number) => number, turn = -Math.PI / 2) =>
    Array.from({ length: count }, (_, index): [number, number] => {
      const angle = turn + (index * 2 * Math.PI) / count;
      return [radius(index) * Math.cos(angle), radius(index) * Math.sin(angle)];
    });
  switch (marker) {
    case 'circle':
      return `M${-r},0A${r},${r} 0 1,0 ${r},0A${r},${r} 0 1,0 ${-r},0Z`;
    case 'square':
      return polygon([
        [-r * 0.85, -r * 0.85],
        [r * 0.85, -r * 0.85],
        [r * 0.85, r * 0.85],
        [-r * 0.85, r * 0.85],
      ]);
    case 'triangle':
      return polygon(around(3, () => r * 1.15));
    case 'diamond':
      return polygon(around(4, () => r * 1.15));
    case 'star':
      return polygon(around(10, (index) => (index % 2 === 0 ? r * 1.2 : r * 0.5)));
    case 'cross': {
      const a = r * 0.35;
      return polygon([
        [-a, -r],
        [a, -r],
        [a, -a],
        [r, -a],
        [r, a],
        [a, a],
        [a, r],
        [-a, r],
        [-a, a],
        [-r, a],
        [-r, -a],
        [-a, -a],
      ]);
    }
    case 'wye': {
      // Three arms from the centre, each a bar `2a` wide: three shapes, filled as one.
      const a = r * 0.3;
      return around(3, () => r * 1.1, Math.PI / 2)
        .map(([x, y]) => {
          const length = Math.hypot(x, y);
          const [nx, ny] = [(-y / length) * a, (x / length) * a];
          return polygon([
            [nx, ny],
            [x + nx, y + ny],
            [x - nx, y - ny],
            [-nx, -ny],
          ]);
        })
        .join('');
    }
  }
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
