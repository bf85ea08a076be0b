import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Ban, ChevronDown, DoorOpen, UserRound } from 'lucide-react';
import type { TExitSlip } from '@portal/contracts/families/exit-slips';
import { FailureAlert } from '../../../components/module/failure-alert.tsx';
import { Button, focusRing } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { RequestHistory } from '../../../kits/requests/request-history.tsx';
import { RequestStatusChip } from '../../../kits/requests/status-chip.tsx';
import { toApiFailure } from '../../../lib/api-error.ts';
import { cx } from '../../../lib/class-names.ts';
import { formatFullDateTime, useTimeZone } from '../../../lib/dates.ts';
import { useCancelExitSlipMutation } from '../exit-slips-api.ts';

/** One slip in the family's list: the child, when, who collects, its state and history, and cancel. */
export function ExitSlipItem({ slip }: { slip: TExitSlip }) {
  const { t, i18n } = useTranslation('exitSlips');
  const timeZone = useTimeZone();
  const [confirming, setConfirming] = useState(false);
  const [cancel, { isLoading, error, reset }] = useCancelExitSlipMutation();
  const failure = error ? toApiFailure(error) : null;
  const when = (iso: string) => formatFullDateTime(iso, i18n.language, timeZone);
  const titleId = `exit-slip-${slip.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
        <div className="min-w-0 flex-1 basis-56">
          <h3 id={titleId} className="font-semibold text-slate-900 dark:text-white">
            <bdi>{slip.childName}</bdi>
          </h3>
          <p className="mt-0.5 flex items-center gap-1.5 text-sm text-slate-700 dark:text-slate-300">
            <DoorOpen aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
            {t('list.leaves', { time: when(slip.leaveAt) })}
          </p>
          <p className="mt-0.5 flex items-center gap-1.5 text-sm text-slate-700 dark:text-slate-300">
            <UserRound aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
            <span>
              {t('list.collector')} <bdi dir="auto">{slip.collector.name}</bdi> (
              <bdi dir="auto">{slip.collector.relation}</bdi>) ·{' '}
              <bdi dir="ltr" className="whitespace-nowrap">
                {slip.collector.phone}
              </bdi>
            </span>
          </p>
        </div>
        <RequestStatusChip status={slip.status} />
      </div>
      {slip.gate.handedOverAt ? (
        <p className="text-sm font-medium text-emerald-800 dark:text-emerald-200">
          {t('list.handedOver', { time: when(slip.gate.handedOverAt) })}
        </p>
      ) : slip.gate.verifiedAt ? (
        <p className="text-sm font-medium text-emerald-800 dark:text-emerald-200">
          {t('list.verified', { time: when(slip.gate.verifiedAt) })}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <details className="group min-w-0 flex-1 basis-64">
          <summary
            className={cx(
              'inline-flex min-h-11 cursor-pointer list-none items-center gap-1.5 rounded-lg text-sm font-semibold text-purple-700 dark:text-purple-300 [&::-webkit-details-marker]:hidden',
              focusRing,
            )}
          >
            <ChevronDown aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" />
            {t('list.history')}
          </summary>
          <div className="mt-3">
            <RequestHistory events={slip.history} title={t('list.historyTitle')} level="h4" />
          </div>
        </details>
        {slip.canCancel ? (
          <Button
            variant="secondary"
            onClick={() => {
              reset();
              setConfirming(true);
            }}
          >
            <Ban aria-hidden="true" className="size-4" />
            {t('list.cancel')}
          </Button>
        ) : null}
      </div>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('cancel.title')}
        icon={<Ban aria-hidden="true" className="size-5" />}
        actions={
          <>
            <Button
              aria-disabled={isLoading}
              aria-busy={isLoading}
              onClick={() => {
                if (isLoading) return;
                void cancel(slip.id).then((answer) => {
                  if ('data' in answer) setConfirming(false);
                });
              }}
            >
              {isLoading ? <Spinner /> : null}
              {isLoading ? t('cancel.sending') : t('cancel.confirm')}
            </Button>
            <Button variant="secondary" data-autofocus onClick={() => setConfirming(false)}>
              {t('cancel.keep')}
            </Button>
          </>
        }
      >
        <p>{t('cancel.body', { name: slip.childName, time: when(slip.leaveAt) })}</p>
        {failure ? <FailureAlert failure={failure} /> : null}
      </Dialog>
    </article>
  );
}
