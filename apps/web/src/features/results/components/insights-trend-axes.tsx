import { useTranslation } from 'react-i18next';
import { CartesianGrid, XAxis, YAxis } from 'recharts';
import { formatShare, shortMonth } from './insights-format.ts';

const SHARE_TICKS = [0, 0.25, 0.5, 0.75, 1];

/**
 * The grid and axes of every insights chart: the months along the bottom (from the right in
 * Arabic) and shares from 0 to 100% up the start side, in the page's language and colours.
 */
export function TrendAxes() {
  const { i18n } = useTranslation();
  const lng = i18n.language;
  const rtl = i18n.dir(lng) === 'rtl';
  return (
    <>
      <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.15} />
      <XAxis
        dataKey="month"
        reversed={rtl}
        tickFormatter={(month: string) => shortMonth(month, lng)}
        tick={{ fill: 'currentColor', fontSize: 12 }}
        stroke="currentColor"
        strokeOpacity={0.4}
      />
      <YAxis
        domain={[0, 1]}
        ticks={SHARE_TICKS}
        orientation={rtl ? 'right' : 'left'}
        tickFormatter={(value: number) => formatShare(value, lng)}
        tick={{ fill: 'currentColor', fontSize: 12 }}
        stroke="currentColor"
        strokeOpacity={0.4}
        width={48}
      />
    </>
  );
}
