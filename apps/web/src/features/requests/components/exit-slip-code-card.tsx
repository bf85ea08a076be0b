import { useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Printer, QrCode as QrCodeIcon } from 'lucide-react';
import type { TExitSlip } from '@portal/contracts/families/exit-slips';
import { QueryState } from '../../../components/module/query-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Bone, Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatFullDateTime, hasEnded, useTimeZone } from '../../../lib/dates.ts';
import { useGetExitSlipCodeQuery } from '../exit-slips-api.ts';
import { QrCode } from '../../../components/ui/qr-code.tsx';

/** A time on the school's clock, in the page's language ("2:30 pm", "2:30 م"). */
function useClock() {
  const { i18n } = useTranslation();
  const timeZone = useTimeZone();
  return (iso: string) =>
    new Intl.DateTimeFormat(i18n.language === 'ar' ? 'ar-u-nu-latn' : 'en-GB', {
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
      timeZone,
    }).format(new Date(iso));
}

/**
 * The gate code of an approved slip: the QR the gate scans, the code to read out, the child,
 * the collector and when it is valid. "Print" puts this card alone on paper.
 */
export function ExitSlipCodeCard({ slip }: { slip: TExitSlip }) {
  const { t, i18n } = useTranslation('exitSlips');
  const timeZone = useTimeZone();
  const clock = useClock();
  const query = useGetExitSlipCodeQuery(slip.id);
  const [printing, setPrinting] = useState(false);
  // The card is marked to print alone before the browser's print dialog opens, unmarked after.
  const print = () => {
    flushSync(() => setPrinting(true));
    window.print();
    setPrinting(false);
  };
  const answer = query.currentData;
  const opensLater = !hasEnded(slip.window.from);
  const titleId = `exit-slip-code-${slip.id}`;
  return (
    <article
      aria-labelledby={titleId}
      data-print-only={printing ? 'true' : undefined}
      className="rounded-3xl border-2 border-emerald-300 bg-white p-5 sm:p-6 dark:border-emerald-800 dark:bg-slate-900 print:border-black print:text-black"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="text-lg font-semibold text-slate-900 dark:text-white print:text-black">
            {t('code.title', { name: slip.childName })}
          </h3>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300 print:text-black">
            {t('code.leaves', { time: formatFullDateTime(slip.leaveAt, i18n.language, timeZone) })}
          </p>
        </div>
        {answer ? (
          <Button variant="secondary" className="print:hidden" onClick={print}>
            <Printer aria-hidden="true" className="size-4" />
            {t('code.print')}
          </Button>
        ) : null}
      </div>
      <div className="mt-4 flex flex-col items-center gap-5 sm:flex-row sm:items-start">
        {answer ? (
          <QrCode
            value={answer.code.replaceAll('-', '')}
            label={t('code.qrAlt', { name: slip.childName })}
            className="size-52 shrink-0 rounded-xl bg-white ring-1 ring-slate-200 dark:ring-slate-700"
          />
        ) : query.isError ? null : (
          <Skeleton className="shrink-0">
            <Bone className="size-52 rounded-xl" />
          </Skeleton>
        )}
        <div className="w-full min-w-0 flex-1 space-y-3 text-sm">
          {answer ? (
            <p>
              <span className="block text-slate-600 dark:text-slate-400 print:text-black">
                {t('code.code')}
              </span>
              <span className="mt-0.5 block font-mono text-lg font-semibold tracking-wider text-slate-900 dark:text-white print:text-black">
                <bdi dir="ltr">{answer.code}</bdi>
              </span>
            </p>
          ) : null}
          {query.isError && !answer ? (
            <QueryState isLoading={false} error={query.error} onRetry={() => void query.refetch()} />
          ) : null}
          <dl className="grid gap-2">
            <div>
              <dt className="text-slate-600 dark:text-slate-400 print:text-black">{t('code.collector')}</dt>
              <dd className="font-medium text-slate-900 dark:text-white print:text-black">
                <bdi dir="auto">{slip.collector.name}</bdi> · <bdi dir="auto">{slip.collector.relation}</bdi>
                <span className="block font-normal">
                  <bdi dir="ltr" className="whitespace-nowrap">
                    {slip.collector.phone}
                  </bdi>
                </span>
              </dd>
            </div>
            <div>
              <dt className="text-slate-600 dark:text-slate-400 print:text-black">{t('code.valid')}</dt>
              <dd className="font-medium text-slate-900 dark:text-white print:text-black">
                {t('code.window', { from: clock(slip.window.from), until: clock(slip.window.until) })}
              </dd>
            </div>
          </dl>
          <p className="rounded-xl bg-emerald-50 p-3 text-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-100 print:bg-white print:p-0 print:text-black">
            <QrCodeIcon aria-hidden="true" className="me-1.5 inline size-4 align-[-0.2em]" />
            {opensLater ? t('code.opensLater', { from: clock(slip.window.from) }) : t('code.openNow')}
          </p>
        </div>
      </div>
    </article>
  );
}
