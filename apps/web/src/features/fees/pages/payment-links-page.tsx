import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarClock } from 'lucide-react';
import type { TPaymentLink } from '@portal/contracts/fees';
import { StatusNotice } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { appConfig } from '../../../config/app-config.ts';
import { apiPaths } from '../../../config/paths.ts';
import { cx } from '../../../lib/class-names.ts';
import { formatDate } from '../../../lib/dates.ts';
import { useGetPaymentLinkQuery, useGetPaymentLinksQuery } from '../api.ts';
import { DownloadButton } from '../../../components/module/download-button.tsx';
import { FailureAlert } from '../../../components/module/failure-alert.tsx';
import { PageHeader } from '../../../components/module/page-header.tsx';
import { QueryState } from '../../../components/module/query-state.tsx';
import { LinkStatusBadge } from '../components/status-badge.tsx';
import { formatMoney, localDescription } from '../../../lib/money-format.ts';
import { useStartPayment } from '../use-start-payment.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface TPaymentLinksPageProps {
  title: string;
  icon?: ReactNode;
  /** `?id=`: the link a school's message points at, shown first. */
  search: URLSearchParams;
}

/** `/payment-link`: amounts the school asks the parent to pay, for every child; an open one can be paid. */
export function PaymentLinksPage({ title, icon, search }: TPaymentLinksPageProps) {
  const { t } = useTranslation('fees');
  const linkId = search.get('id');
  const requested = linkId !== null && UUID.test(linkId) ? linkId : null;
  const list = useGetPaymentLinksQuery(undefined, { refetchOnMountOrArgChange: true });
  const others = (list.data ?? []).filter((link) => link.id !== requested);
  return (
    <div className="space-y-6">
      <PageHeader title={title} icon={icon} />
      {linkId !== null && requested === null ? <FailureAlert failure={notFound} /> : null}
      {requested ? <RequestedLink linkId={requested} /> : null}
      <section aria-labelledby="links-title" className="space-y-3">
        <h2 id="links-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          {requested ? t('links.otherTitle') : t('links.title')}
        </h2>
        {list.data ? (
          others.length === 0 ? (
            <p className="text-slate-600 dark:text-slate-300">{t('links.none')}</p>
          ) : (
            <ul className="grid gap-4 lg:grid-cols-2">
              {others.map((link) => (
                <li key={link.id}>
                  <LinkCard link={link} />
                </li>
              ))}
            </ul>
          )
        ) : (
          <QueryState
            isLoading={list.isLoading || list.isFetching}
            error={list.error}
            onRetry={() => void list.refetch()}
          />
        )}
      </section>
    </div>
  );
}

const notFound = { key: 'messages:N404', messageId: 'N404', status: 404, retryAfterSeconds: null } as const;

function RequestedLink({ linkId }: { linkId: string }) {
  const { t } = useTranslation('fees');
  const query = useGetPaymentLinkQuery(linkId, { refetchOnMountOrArgChange: true });
  return (
    <section aria-labelledby="requested-link-title" className="space-y-3">
      <h2 id="requested-link-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        {t('links.requestedTitle')}
      </h2>
      {query.data ? (
        <LinkCard link={query.data} highlighted />
      ) : (
        <QueryState
          isLoading={query.isLoading || query.isFetching}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      )}
    </section>
  );
}

function LinkCard({ link, highlighted = false }: { link: TPaymentLink; highlighted?: boolean }) {
  const { t, i18n } = useTranslation('fees');
  const lng = i18n.language;
  const { start, state, failure } = useStartPayment();
  const busy = state !== 'idle';
  const amount = formatMoney(link.amountMinor, link.currency, lng);
  const description = localDescription(link, lng);
  return (
    <article
      aria-label={description}
      className={cx(
        'flex h-full flex-col gap-3 rounded-3xl border bg-white p-5 dark:bg-slate-900',
        highlighted
          ? 'border-2 border-purple-400 shadow-md dark:border-purple-600'
          : 'border-slate-200 dark:border-slate-800',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold text-slate-900 dark:text-white">{description}</h3>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            <bdi>{link.studentName}</bdi>
          </p>
        </div>
        <LinkStatusBadge status={link.status} />
      </div>
      <p className="text-2xl font-bold text-slate-900 tabular-nums dark:text-white">{amount}</p>
      {link.status === 'paid' ? (
        link.paymentId ? (
          <div className="mt-auto">
            <DownloadButton
              url={apiPaths.receiptPdf(link.paymentId)}
              fallbackName={`receipt-${link.paymentId}.pdf`}
              label={t('links.receipt')}
              hiddenLabel={t('links.receiptFor', { description })}
            />
          </div>
        ) : null
      ) : (
        <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
          <CalendarClock aria-hidden="true" className="size-4" />
          {t(link.status === 'expired' ? 'links.expiredOn' : 'links.expiresOn', {
            date: formatDate(link.expiresOn, lng, appConfig.dateFormats.long),
          })}
        </p>
      )}
      {link.status === 'open' ? (
        <>
          <p className="text-xs text-slate-600 dark:text-slate-300">{t('links.noCharges')}</p>
          {failure ? <FailureAlert failure={failure} /> : null}
          {state === 'leaving' ? <StatusNotice>{t('pay.leaving')}</StatusNotice> : null}
          <Button
            className="mt-auto w-full sm:w-auto sm:self-end"
            disabled={busy}
            aria-busy={busy}
            onClick={() => void start({ kind: 'link', linkId: link.id })}
          >
            {busy ? <Spinner /> : null}
            {t('links.pay', { amount })}
          </Button>
        </>
      ) : null}
    </article>
  );
}
