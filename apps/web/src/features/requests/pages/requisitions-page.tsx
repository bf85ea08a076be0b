import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ClipboardList } from 'lucide-react';
import type { TRequestItem } from '@portal/contracts/families/requests';
import type { TRequestStatus } from '@portal/contracts/kits/requests';
import { EmptyState } from '../../../components/module/empty-state.tsx';
import { LoadMore } from '../../../components/module/load-more.tsx';
import { formatNumber } from '../../../lib/numbers.ts';
import { PageHeader } from '../../../components/module/page-header.tsx';
import { QueryState } from '../../../components/module/query-state.tsx';
import { CardGroup, RequestListSkeleton } from '../components/list-states.tsx';
import { RequestCard, cancelOf } from '../components/request-card.tsx';
import { useCancelFamilyRequestMutation, useGetFamilyRequestsInfiniteQuery } from '../leave-api.ts';
import type { TRequestsPageProps } from './leave-page.tsx';

/** A photocopy's summary is `<document> × <copies>` (modules/requests/help-requests.ts): said in words. */
const PHOTOCOPY_SUMMARY = /^([A-Za-z]+) × (\d+)$/;

export type TRequisitionsPageProps = TRequestsPageProps & {
  /** What other families add to the hub (bookings, consents), shown before the requests. */
  extra?: { ready: boolean; count: number; content: ReactNode };
};

/** The hub's groups, in the order the page shows them, and the states each holds. */
const GROUPS: { key: 'drafts' | 'waiting' | 'decided' | 'cancelled'; statuses: readonly TRequestStatus[] }[] =
  [
    { key: 'drafts', statuses: ['draft'] },
    { key: 'waiting', statuses: ['submitted', 'in_review'] },
    { key: 'decided', statuses: ['approved', 'rejected'] },
    { key: 'cancelled', statuses: ['cancelled'] },
  ];

/**
 * `/view-requisition`: every request, booking and consent of the family: trips waiting for
 * consent first, then appointments and consents, then the requests of every kind the school
 * offers, newest first, grouped by where they stand (drafts not sent, waiting on the school,
 * decided, cancelled); each names its children and shows its history, and one the school has not
 * decided may be cancelled here.
 */
export function RequisitionsPage({ title, icon, extra }: TRequisitionsPageProps) {
  const { t, i18n } = useTranslation(['requisitions', 'photocopy']);
  const query = useGetFamilyRequestsInfiniteQuery({});
  const summaryOf = (item: TRequestItem) => {
    const photocopy = item.kind === 'photocopy' ? PHOTOCOPY_SUMMARY.exec(item.summary) : null;
    if (!photocopy?.[1] || !photocopy[2]) return item.summary;
    const copies = Number(photocopy[2]);
    const document = t(`photocopy:documents.${photocopy[1]}`, { defaultValue: photocopy[1] });
    return `${document} · ${t('photocopy:copies', { count: copies, formatted: formatNumber(copies, i18n.language) })}`;
  };
  const cancelMutation = useCancelFamilyRequestMutation();
  const pages = query.currentData?.pages;
  const items = pages?.flatMap((page) => page.items) ?? [];
  const card = (item: TRequestItem) => (
    <li key={item.id}>
      <RequestCard
        item={item}
        title={t(`kinds.${item.kind}`)}
        summary={summaryOf(item)}
        cancel={cancelOf(cancelMutation, item.id)}
      />
    </li>
  );
  return (
    <div className="space-y-6">
      <PageHeader title={title} icon={icon} />
      <p className="max-w-prose text-slate-700 dark:text-slate-300">{t('intro')}</p>
      {query.isError && !pages ? (
        <QueryState isLoading={false} error={query.error} onRetry={() => void query.refetch()} />
      ) : !pages || (extra && !extra.ready) ? (
        <RequestListSkeleton testId="requests-skeleton" />
      ) : items.length === 0 && (extra?.count ?? 0) === 0 ? (
        <EmptyState icon={ClipboardList} iconTone="muted">
          {t('empty')}
        </EmptyState>
      ) : (
        <div className="space-y-8">
          {extra?.content}
          {GROUPS.map((group) => {
            const inGroup = items.filter((item) => group.statuses.includes(item.status));
            if (inGroup.length === 0) return null;
            return (
              <CardGroup key={group.key} id={`requests-${group.key}`} title={t(`groups.${group.key}`)}>
                {inGroup.map(card)}
              </CardGroup>
            );
          })}
          <LoadMore query={query} />
        </div>
      )}
    </div>
  );
}
