import { useTranslation } from 'react-i18next';
import type { TCareModule } from '@portal/contracts/families/care';
import {
  ChildModulePage,
  type TChildModulePageProps,
  type TPageChild,
} from '../../../components/module/child-module-page.tsx';
import { QueryState } from '../../../components/module/query-state.tsx';
import { Bone } from '../../../components/ui/skeleton.tsx';
import { RecordTimeline } from '../../../kits/records/record-timeline.tsx';
import { RecordTimelineSkeleton } from '../../../kits/records/record-timeline-skeleton.tsx';
import { useGetCareRecordsQuery } from '../api.ts';
import { CareRequests } from '../components/care-requests.tsx';
import { CareSummary, CareSummarySkeleton } from '../components/care-summary.tsx';
import { useDescribeCareRecord } from '../components/describe-record.tsx';
import { MeritList } from '../components/merit-list.tsx';
import { PortfolioGrid, PortfolioGridSkeleton } from '../components/portfolio-grid.tsx';
import { careViews } from './care-views.tsx';

export type TCarePageProps = Omit<TChildModulePageProps, 'children' | 'noChildMessage'>;

/**
 * A care and conduct page (`/meritDemerit`, `/incidence`, `/medical`...): the child's records of
 * the module with their counts, laid out as the module's view says (./care-views.tsx).
 */
export function CareRecordsPage({ module, ...props }: TCarePageProps & { module: TCareModule }) {
  const { t } = useTranslation('care');
  return (
    <ChildModulePage {...props} noChildMessage={t(`pages.${module}.noChild`)}>
      {(child) => <CareRecords module={module} child={child} />}
    </ChildModulePage>
  );
}

function CareRecords({ module, child }: { module: TCareModule; child: TPageChild }) {
  const { t } = useTranslation('care');
  const view = careViews[module];
  const describe = useDescribeCareRecord();
  const query = useGetCareRecordsQuery({ module, enrollNumber: child.enrollNumber });
  const answer = query.currentData;
  const label = t(`pages.${module}.label`, { child: child.name });
  const empty = t(`pages.${module}.empty`);

  if (query.isError && !answer) {
    return <QueryState isLoading={false} error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (!answer) {
    return (
      <div className="space-y-6">
        <CareSummarySkeleton tiles={view.tiles.length} />
        {view.top ? (
          <Bone className="h-32 w-full animate-pulse rounded-2xl motion-reduce:animate-none" />
        ) : null}
        {view.layout === 'grid' ? (
          <PortfolioGridSkeleton />
        ) : view.layout === 'list' ? (
          <MeritList label={label} records={[]} describe={describe} emptyMessage={empty} isLoading />
        ) : (
          <RecordTimelineSkeleton />
        )}
      </div>
    );
  }

  const records =
    view.layout === 'list' ? (
      <MeritList
        label={label}
        records={answer.items}
        describe={describe}
        emptyMessage={empty}
        isLoading={false}
      />
    ) : view.layout === 'grid' && answer.items.length > 0 ? (
      <PortfolioGrid label={label} records={answer.items} describe={describe} />
    ) : (
      <RecordTimeline
        label={label}
        items={answer.items}
        describe={describe}
        headingLevel={view.recordsHeading ? 'h3' : 'h2'}
        renderBody={view.body ? (record) => view.body?.(record, child) : undefined}
        renderActions={view.actions ? (record) => view.actions?.(record, child) : undefined}
        emptyMessage={<p>{empty}</p>}
      />
    );

  return (
    <div className="space-y-6">
      <CareSummary summary={answer.summary} tiles={view.tiles} />
      {view.top?.(answer, child)}
      {view.requests ? <CareRequests requests={answer.requests ?? []} /> : null}
      {view.recordsHeading ? (
        <section aria-labelledby="care-records" className="space-y-3">
          <h2 id="care-records" className="text-lg font-semibold text-slate-900 dark:text-white">
            {t(view.recordsHeading)}
          </h2>
          {records}
        </section>
      ) : (
        records
      )}
    </div>
  );
}
