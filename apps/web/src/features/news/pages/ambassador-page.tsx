import { Trans, useTranslation } from 'react-i18next';
import { Award, Users } from 'lucide-react';
import {
  ChildModulePage,
  type TChildModulePageProps,
  type TPageChild,
} from '../../../components/module/child-module-page.tsx';
import { QueryState } from '../../../components/module/query-state.tsx';
import { schoolText } from '../../../components/module/school-text.tsx';
import { Bone, Skeleton } from '../../../components/ui/skeleton.tsx';
import { useGetAmbassadorsQuery } from '../api.ts';
import { AmbassadorApplications, hasPendingApplication } from '../components/ambassador-applications.tsx';
import { AmbassadorApply } from '../components/ambassador-apply.tsx';
import { AmbassadorCard } from '../components/ambassador-card.tsx';
import { EmptyState } from '../components/empty-state.tsx';

const cardsGrid = 'grid gap-4 sm:grid-cols-2';

/**
 * `/ambassador`: the parents who represent the header's child's class, and the parent's own
 * application to be one, with where it stands.
 */
export function AmbassadorPage(props: Omit<TChildModulePageProps, 'children' | 'noChildMessage'>) {
  const { t } = useTranslation('news');
  return (
    <ChildModulePage
      {...props}
      noChildMessage={t('ambassador.noChild')}
      intro={<p className="max-w-prose text-slate-600 dark:text-slate-300">{t('ambassador.intro')}</p>}
    >
      {(child) => <ClassAmbassadors child={child} />}
    </ChildModulePage>
  );
}

function ClassAmbassadors({ child }: { child: TPageChild }) {
  const { t, i18n } = useTranslation('news');
  const query = useGetAmbassadorsQuery(child.enrollNumber);
  const answer = query.currentData;
  if (query.isError && !answer) {
    return <QueryState isLoading={false} error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (!answer) return <AmbassadorsSkeleton />;
  if (answer.className === null) {
    return <EmptyState icon={Users}>{t('ambassador.noClass', { child: child.name })}</EmptyState>;
  }
  const className = schoolText(answer.className, answer.classNameAr ?? '', i18n.language);
  const youAreOne = answer.items.some((one) => one.isYou);
  // Ambassadors first, their deputies after.
  const ordered = [...answer.items].sort((a, b) => Number(a.role === 'deputy') - Number(b.role === 'deputy'));
  return (
    <div className="space-y-8">
      <section aria-labelledby="ambassadors-title" className="space-y-3">
        <h2 id="ambassadors-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          <Trans
            t={t}
            i18nKey="ambassador.title"
            values={{ className: className.text }}
            components={{ cls: <bdi lang={className.lang} /> }}
          />
        </h2>
        {ordered.length === 0 ? (
          <EmptyState icon={Award}>{t('ambassador.empty')}</EmptyState>
        ) : (
          <ul className={cardsGrid}>
            {ordered.map((ambassador) => (
              <li key={ambassador.id}>
                <AmbassadorCard ambassador={ambassador} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {youAreOne ? null : (
        <AmbassadorApply
          enrollNumber={child.enrollNumber}
          className={className}
          pending={hasPendingApplication(answer.applications)}
        />
      )}
      <AmbassadorApplications applications={answer.applications} />
    </div>
  );
}

function AmbassadorsSkeleton() {
  return (
    <Skeleton className="space-y-4">
      <Bone className="h-6 w-64 max-w-full" />
      <div className={cardsGrid}>
        {[0, 1].map((index) => (
          <div
            key={index}
            data-testid="ambassador-skeleton"
            className="flex gap-4 rounded-3xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
          >
            <Bone className="size-12 shrink-0 rounded-full" />
            <div className="flex-1 space-y-2">
              <Bone className="h-5 w-1/2" />
              <Bone className="h-4 w-2/3" />
              <Bone className="h-4 w-1/3" />
            </div>
          </div>
        ))}
      </div>
      <Bone className="h-20 w-full rounded-2xl" />
    </Skeleton>
  );
}
