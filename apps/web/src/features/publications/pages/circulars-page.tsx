import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Megaphone } from 'lucide-react';
import type { TCircular } from '@portal/contracts/families/publications';
import { DownloadButton } from '../../../components/module/download-button.tsx';
import { EmptyState } from '../../../components/module/empty-state.tsx';
import { LoadMore } from '../../../components/module/load-more.tsx';
import { PageHeader } from '../../../components/module/page-header.tsx';
import { QueryState } from '../../../components/module/query-state.tsx';
import { isWaiting, useGetCircularsInfiniteQuery, type TCircularsFilter } from '../api.ts';
import { CardListSkeleton } from '../components/card-list-skeleton.tsx';
import { CardSection } from '../components/card-section.tsx';
import { CircularCard } from '../components/circular-card.tsx';
import { ToggleChip } from '../components/toggle-chip.tsx';
import { useChildFilter } from '../components/use-child-filter.ts';
import { WaitingNotice } from '../components/waiting-notice.tsx';
import { acknowledgementHistoryUrl } from '../files.ts';
import type { TPublicationPageProps } from './page-props.ts';

/**
 * `/circular`: the family's circulars, those waiting for an acknowledgement first, each naming
 * the children it is about (docs/decisions/021-publications-and-inbox.md). The header's child
 * (a link's `?enrollNumber=` chooses it) narrows it to one child; the parent can widen it again.
 */
export function CircularsPage({ title, icon, child, search, family }: TPublicationPageProps) {
  const { t } = useTranslation('circulars');
  const childFilter = useChildFilter(child, family);
  const [waitingOnly, setWaitingOnly] = useState(search?.get('unacknowledged') === '1');
  // A link's child becomes the header's in a moment (app/routes/shell.tsx): wait for it.
  const linked = search?.get('enrollNumber');
  const settling = Boolean(linked) && linked !== child?.enrollNumber;
  const filter: TCircularsFilter = {
    unacknowledged: waitingOnly,
    ...(childFilter.child ? { enrollNumber: childFilter.child.enrollNumber } : {}),
  };
  return (
    <div className="space-y-6">
      <PageHeader
        title={title}
        icon={icon}
        actions={
          <DownloadButton
            variant="button"
            url={acknowledgementHistoryUrl}
            fallbackName="acknowledgement-history.pdf"
            label={t('history')}
          />
        }
      />
      <div role="group" aria-label={t('filters.label')} className="flex flex-wrap gap-2">
        {childFilter.offered ? (
          <ToggleChip pressed={childFilter.child !== null} onToggle={childFilter.toggle}>
            {t('filters.onlyChild', { name: childFilter.offered.name })}
          </ToggleChip>
        ) : null}
        <ToggleChip pressed={waitingOnly} onToggle={() => setWaitingOnly((value) => !value)}>
          {t('filters.waitingOnly')}
        </ToggleChip>
      </div>
      <Circulars
        filter={filter}
        skip={settling}
        childName={childFilter.child?.name ?? null}
        onWaitingOnly={() => setWaitingOnly(true)}
      />
    </div>
  );
}

function Circulars({
  filter,
  skip,
  childName,
  onWaitingOnly,
}: {
  filter: TCircularsFilter;
  skip: boolean;
  childName: string | null;
  onWaitingOnly: () => void;
}) {
  const { t } = useTranslation('circulars');
  const query = useGetCircularsInfiniteQuery(filter, { skip });
  const pages = query.currentData?.pages;
  const items = pages?.flatMap((page) => page.items) ?? [];
  const keptWaiting = useKeptWaiting(items);

  if (query.isError && !pages) {
    return <QueryState isLoading={false} error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (!pages) return <CardListSkeleton testId="circular-skeleton" />;

  const toAcknowledge = pages[0]?.toAcknowledge ?? 0;
  const waiting = items.filter(keptWaiting);
  const others = items.filter((item) => !keptWaiting(item));
  const card = (circular: TCircular) => (
    <li key={circular.id}>
      <CircularCard circular={circular} />
    </li>
  );
  return (
    <div className="space-y-6">
      <WaitingNotice count={toAcknowledge} onShowOnly={filter.unacknowledged ? undefined : onWaitingOnly} />
      {items.length === 0 ? (
        <EmptyState icon={Megaphone}>
          {filter.unacknowledged
            ? t('empty.waiting')
            : childName
              ? t('empty.child', { name: childName })
              : t('empty.all')}
        </EmptyState>
      ) : null}
      {waiting.length > 0 ? (
        <CardSection title={t('sections.toAcknowledge')}>{waiting.map(card)}</CardSection>
      ) : null}
      {others.length > 0 ? (
        <CardSection title={waiting.length > 0 ? t('sections.others') : t('sections.all')}>
          {others.map(card)}
        </CardSection>
      ) : null}
      <LoadMore query={query} />
    </div>
  );
}

/**
 * Whether a circular belongs with those to acknowledge: it waits, or it waited when the page
 * showed it (so a circular just acknowledged stays where the parent is, showing who did it).
 */
function useKeptWaiting(items: readonly TCircular[]) {
  const [kept, setKept] = useState<readonly string[]>([]);
  const missing = items.filter((item) => isWaiting(item) && !kept.includes(item.id)).map((item) => item.id);
  if (missing.length > 0) setKept([...kept, ...missing]);
  return (item: TCircular) => isWaiting(item) || kept.includes(item.id);
}
