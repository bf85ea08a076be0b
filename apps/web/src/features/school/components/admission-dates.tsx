import { CalendarDays } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/dates.ts';

/** The final admission period: the earliest start and the latest end, as DD-MM-YYYY. */
export function AdmissionDates({ period }: { period: { start: string; end: string } | null }) {
  const { t, i18n } = useTranslation('school');
  if (!period) return null;
  return (
    <section
      aria-labelledby="admission-title"
      className="max-w-md rounded-2xl bg-white/10 p-4 ring-1 ring-white/20 backdrop-blur-sm"
    >
      <h2 id="admission-title" className="flex items-center gap-2 text-sm font-semibold text-white">
        <CalendarDays aria-hidden="true" className="size-5" />
        {t('admission.title')}
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-white/80">{t('admission.start')}</dt>
          <dd className="mt-0.5 font-semibold tabular-nums text-white">
            <time dateTime={period.start}>{formatDate(period.start, i18n.language)}</time>
          </dd>
        </div>
        <div>
          <dt className="text-white/80">{t('admission.end')}</dt>
          <dd className="mt-0.5 font-semibold tabular-nums text-white">
            <time dateTime={period.end}>{formatDate(period.end, i18n.language)}</time>
          </dd>
        </div>
      </dl>
    </section>
  );
}
