import { useTranslation } from 'react-i18next';
import { ScrollText } from 'lucide-react';
import { EmptyState } from '../../../components/module/empty-state.tsx';
import { PageHeader } from '../../../components/module/page-header.tsx';
import { QueryState } from '../../../components/module/query-state.tsx';
import { isWaiting, useGetPoliciesQuery } from '../api.ts';
import { CardListSkeleton } from '../components/card-list-skeleton.tsx';
import { PolicyCard } from '../components/policy-card.tsx';
import { WaitingNotice } from '../components/waiting-notice.tsx';
import type { TPublicationPageProps } from './page-props.ts';

/**
 * `/school-policies`: the school's policies in their current versions, each with its PDF; a
 * policy the school asks to acknowledge is acknowledged per child, and a new version asks again
 * (docs/decisions/021-publications-and-inbox.md).
 */
export function PoliciesPage({ title, icon }: TPublicationPageProps) {
  const { t } = useTranslation('circulars');
  const query = useGetPoliciesQuery();
  const answer = query.currentData;
  const body = () => {
    if (query.isError && !answer) {
      return <QueryState isLoading={false} error={query.error} onRetry={() => void query.refetch()} />;
    }
    if (!answer) return <CardListSkeleton testId="policy-skeleton" />;
    if (answer.items.length === 0) return <EmptyState icon={ScrollText}>{t('policies.empty')}</EmptyState>;
    return (
      <div className="space-y-4">
        <WaitingNotice count={answer.items.filter(isWaiting).length} kind="policies" />
        <ul className="space-y-4">
          {answer.items.map((policy) => (
            <li key={policy.id}>
              <PolicyCard policy={policy} />
            </li>
          ))}
        </ul>
      </div>
    );
  };
  return (
    <div className="space-y-6">
      <PageHeader title={title} icon={icon} />
      {body()}
    </div>
  );
}
