import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CircleCheck, CircleX, Clock, CircleDashed } from 'lucide-react';
import type { TPayment } from '@portal/contracts/fees';
import { Button, focusRing, primaryLink } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { apiPaths, paths } from '../../../config/paths.ts';
import { toApiFailure } from '../../../lib/api-error.ts';
import { cx } from '../../../lib/class-names.ts';
import { formatDateTime, useTimeZone } from '../../../lib/dates.ts';
import { useGetPaymentQuery } from '../api.ts';
import { DownloadButton } from '../../../components/module/download-button.tsx';
import { FailureAlert } from '../../../components/module/failure-alert.tsx';
import { PageHeader } from '../../../components/module/page-header.tsx';
import { receiptFileName } from '../components/paid-history.tsx';
import { formatMoney, localName } from '../../../lib/money-format.ts';
import { payPathOf } from '../pay-paths.ts';

/** How often the page asks for the payment's state while it is pending. */
export const POLL_INTERVAL_MS = 1_500;
/** How long it keeps asking before it says the answer is late. */
export const POLL_LIMIT_MS = 120_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const secondaryLink = cx(
  'inline-flex min-h-11 items-center justify-center rounded-xl border border-slate-300 bg-white px-5 text-sm font-semibold text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700',
  focusRing,
);

/**
 * Where the payment provider sends the parent back (`?payment=<id>`): the payment's true state
 * from the server, asked again every 1.5 s until it is final (for up to two minutes, then an
 * honest word that the answer is late), with the receipt when it succeeded.
 */
export function PaymentReturnPage({
  paymentId,
  cancelled,
  title,
}: {
  paymentId: string | null;
  /** The provider's cancel address (`&cancelled=1`): the parent left its page without paying. */
  cancelled: boolean;
  title: string;
}) {
  const { t } = useTranslation('fees');
  const valid = paymentId !== null && UUID.test(paymentId);
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <PageHeader title={title} />
      {valid ? (
        <PaymentState key={paymentId} paymentId={paymentId} cancelled={cancelled} />
      ) : (
        <Outcome
          tone="neutral"
          icon={<CircleDashed aria-hidden="true" className="size-7" />}
          heading={t('return.missingTitle')}
        >
          <p>{t('return.missingBody')}</p>
          <div className="flex flex-wrap gap-3">
            <Link to={paths.dashboard} className={secondaryLink}>
              {t('return.home')}
            </Link>
          </div>
        </Outcome>
      )}
    </div>
  );
}

function PaymentState({ paymentId, cancelled }: { paymentId: string; cancelled: boolean }) {
  const { t } = useTranslation(['fees', 'messages']);
  const [late, setLate] = useState(false);
  const [round, setRound] = useState(0);
  const [polling, setPolling] = useState(true);
  // The fee, wallet and link pages load their lists afresh when opened, so they show the outcome.
  const {
    data: payment,
    error,
    refetch,
  } = useGetPaymentQuery(paymentId, {
    pollingInterval: polling ? POLL_INTERVAL_MS : 0,
    skipPollingIfUnfocused: false,
    refetchOnMountOrArgChange: true,
  });
  const status = payment?.status;
  const final = status !== undefined && status !== 'pending';
  // Left without paying: a provider may keep its page open for a day, so do not wait for it.
  const left = cancelled && status === 'pending';
  // An answer with a status (404, 403) will not change by asking again; a lost connection may.
  const refused = error !== undefined && 'status' in error && typeof error.status === 'number';
  const keepAsking = !final && !refused && !late && !left;

  // Follows the answer during render (the hook reads it on the next one).
  if (polling !== keepAsking) setPolling(keepAsking);
  useEffect(() => {
    if (final || refused) return;
    const timer = window.setTimeout(() => setLate(true), POLL_LIMIT_MS);
    return () => window.clearTimeout(timer);
  }, [final, refused, round]);

  const checkAgain = () => {
    setLate(false);
    setRound((value) => value + 1);
    void refetch();
  };

  let announcement = t('return.checking');
  let body: ReactNode;
  if (refused && !payment) {
    announcement = t('return.notFoundTitle');
    body = <FailureAlert failure={toApiFailure(error)} />;
  } else if (!payment) {
    body = <Checking title={t('return.checking')} />;
  } else if (status === 'succeeded') {
    announcement = t('return.succeededTitle');
    body = <Succeeded payment={payment} />;
  } else if (status === 'declined' || status === 'abandoned' || left) {
    announcement = t(status === 'declined' ? 'return.declinedTitle' : 'return.abandonedTitle');
    body = <NotCharged payment={payment} />;
  } else if (late) {
    announcement = t('return.lateTitle');
    body = <Late payment={payment} onCheckAgain={checkAgain} />;
  } else {
    announcement = t('return.pendingTitle');
    body = <Checking title={t('return.pendingTitle')} />;
  }

  return (
    <>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {body}
      {error !== undefined && !refused && !final ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('return.connectionTrouble')}</p>
      ) : null}
    </>
  );
}

function Outcome({
  tone,
  icon,
  heading,
  children,
}: {
  tone: 'good' | 'bad' | 'neutral' | 'wait';
  icon: ReactNode;
  heading: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby="outcome-title"
      className="space-y-4 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-center gap-3">
        <span
          className={cx(
            'inline-flex size-12 shrink-0 items-center justify-center rounded-2xl',
            tone === 'good' && 'bg-emerald-100 text-emerald-700 dark:bg-emerald-900/60 dark:text-emerald-200',
            tone === 'bad' && 'bg-red-100 text-red-700 dark:bg-red-900/60 dark:text-red-200',
            tone === 'neutral' && 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
            tone === 'wait' && 'bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-200',
          )}
        >
          {icon}
        </span>
        <h2 id="outcome-title" className="text-xl font-bold text-slate-900 dark:text-white">
          {heading}
        </h2>
      </div>
      <div className="space-y-4 text-slate-700 dark:text-slate-200">{children}</div>
    </section>
  );
}

function Checking({ title }: { title: string }) {
  const { t } = useTranslation('fees');
  return (
    <Outcome
      tone="wait"
      icon={
        <Spinner className="size-6 border-amber-200 border-t-amber-700 dark:border-amber-900 dark:border-t-amber-300" />
      }
      heading={title}
    >
      <p>{t('return.pendingBody')}</p>
    </Outcome>
  );
}

function Late({ payment, onCheckAgain }: { payment: TPayment; onCheckAgain: () => void }) {
  const { t } = useTranslation('fees');
  return (
    <Outcome
      tone="wait"
      icon={<Clock aria-hidden="true" className="size-7" />}
      heading={t('return.lateTitle')}
    >
      <p>{t('return.lateBody')}</p>
      <div className="flex flex-wrap gap-3">
        <Button onClick={onCheckAgain}>{t('return.checkAgain')}</Button>
        <Link to={payPathOf[payment.kind]} className={secondaryLink}>
          {t(`return.back.${payment.kind}`)}
        </Link>
      </div>
    </Outcome>
  );
}

function NotCharged({ payment }: { payment: TPayment }) {
  const { t } = useTranslation('fees');
  const declined = payment.status === 'declined';
  return (
    <Outcome
      tone={declined ? 'bad' : 'neutral'}
      icon={
        declined ? (
          <CircleX aria-hidden="true" className="size-7" />
        ) : (
          <CircleDashed aria-hidden="true" className="size-7" />
        )
      }
      heading={t(declined ? 'return.declinedTitle' : 'return.abandonedTitle')}
    >
      <p className="font-semibold text-slate-900 dark:text-white">{t('return.nothingCharged')}</p>
      <p>{t(declined ? 'return.declinedBody' : 'return.abandonedBody')}</p>
      <div className="flex flex-wrap gap-3">
        <Link to={payPathOf[payment.kind]} className={primaryLink}>
          {t('return.tryAgain')}
        </Link>
        <Link to={paths.dashboard} className={secondaryLink}>
          {t('return.home')}
        </Link>
      </div>
    </Outcome>
  );
}

function Succeeded({ payment }: { payment: TPayment }) {
  const { t, i18n } = useTranslation('fees');
  const lng = i18n.language;
  const timeZone = useTimeZone();
  const money = (minor: number) => formatMoney(minor, payment.currency, lng);
  const at = payment.completedAt ?? payment.createdAt;
  return (
    <Outcome
      tone="good"
      icon={<CircleCheck aria-hidden="true" className="size-7" />}
      heading={t('return.succeededTitle')}
    >
      <p>{t(`return.updated.${payment.kind}`)}</p>
      <dl className="grid gap-3 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-300">{t('return.receiptNo')}</dt>
          <dd className="text-lg font-bold text-slate-900 dark:text-white">
            <bdi>{payment.receiptNo ?? '—'}</bdi>
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-300">{t('return.amount')}</dt>
          <dd className="text-lg font-bold text-slate-900 tabular-nums dark:text-white">
            {money(payment.amountMinor)}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-300">{t('return.paidOn')}</dt>
          <dd className="text-slate-900 dark:text-white">
            <time dateTime={at}>{formatDateTime(at, lng, timeZone)}</time>
          </dd>
        </div>
      </dl>
      {payment.allocations.length > 0 ? (
        <div>
          <h3 className="text-sm font-semibold text-slate-900 dark:text-white">{t('return.paidFor')}</h3>
          <ul className="mt-2 divide-y divide-slate-100 rounded-2xl border border-slate-200 text-sm dark:divide-slate-800 dark:border-slate-800">
            {payment.allocations.map((allocation, index) => (
              <li
                key={`${allocation.feeItemId ?? 'x'}-${index}`}
                className="flex items-baseline justify-between gap-4 px-4 py-2"
              >
                <span>{localName(allocation, lng)}</span>
                <span className="text-slate-900 tabular-nums dark:text-white">
                  {money(allocation.amountMinor)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <DownloadButton
          variant="button"
          url={apiPaths.receiptPdf(payment.id)}
          fallbackName={receiptFileName(payment)}
          label={t('return.downloadReceipt')}
        />
        <Link to={payPathOf[payment.kind]} className={secondaryLink}>
          {t(`return.back.${payment.kind}`)}
        </Link>
      </div>
    </Outcome>
  );
}
