import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DoorOpen } from 'lucide-react';
import type { TExitSlip } from '@portal/contracts/families/exit-slips';
import type { TPageChild } from '../../../components/module/child-module-page.tsx';
import { EmptyState } from '../../../components/module/empty-state.tsx';
import { LoadMore } from '../../../components/module/load-more.tsx';
import { NoChild } from '../../../components/module/no-child.tsx';
import { PageHeader } from '../../../components/module/page-header.tsx';
import { QueryState } from '../../../components/module/query-state.tsx';
import { Bone, Skeleton } from '../../../components/ui/skeleton.tsx';
import { hasEnded } from '../../../lib/dates.ts';
import { ExitSlipCodeCard } from '../components/exit-slip-code-card.tsx';
import { ExitSlipForm } from '../components/exit-slip-form.tsx';
import { ExitSlipItem } from '../components/exit-slip-item.tsx';
import { useGetExitSlipsInfiniteQuery } from '../exit-slips-api.ts';

interface TExitSlipsPageProps {
  title: string;
  icon?: ReactNode;
  /** The child chosen in the header: the form's first choice. */
  child: TPageChild | null;
  /** Every child of the parent: the form offers each. */
  family?: readonly TPageChild[];
}

/** An approved slip whose code the gate may still take: not used, its time not past. */
const showsCode = (slip: TExitSlip) =>
  slip.status === 'approved' && slip.gate.verifiedAt === null && !hasEnded(slip.window.until);

/**
 * `/exit-slip-request`: ask for a child to leave school early with someone named, see where
 * each of the family's slips stands (and its history), cancel one the school has not decided,
 * and show the gate code of an approved one, printable (docs/modules.md F5, "Exit slip").
 */
export function ExitSlipsPage({ title, icon, child, family }: TExitSlipsPageProps) {
  const { t } = useTranslation('exitSlips');
  const children = family && family.length > 0 ? family : child ? [child] : [];
  return (
    <div className="space-y-6">
      <PageHeader title={title} icon={icon} />
      <p className="max-w-prose text-slate-600 dark:text-slate-300 print:hidden">{t('intro')}</p>
      {children.length === 0 ? (
        <NoChild message={t('noChild')} />
      ) : (
        <ExitSlips form={<ExitSlipForm key="form" family={children} child={child} />} />
      )}
    </div>
  );
}

/** The gate codes to show first, then the form, then the family's slips. */
function ExitSlips({ form }: { form: ReactNode }) {
  const { t } = useTranslation('exitSlips');
  const query = useGetExitSlipsInfiniteQuery();
  const pages = query.currentData?.pages;
  if (query.isError && !pages) {
    return (
      <>
        {form}
        <QueryState isLoading={false} error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  }
  if (!pages) {
    return (
      <>
        {form}
        <ExitSlipsSkeleton />
      </>
    );
  }
  const items = pages.flatMap((page) => page.items);
  const codes = items.filter(showsCode);
  return (
    <>
      {codes.length > 0 ? (
        <section aria-labelledby="exit-slip-codes" className="space-y-3">
          <h2
            id="exit-slip-codes"
            className="text-lg font-semibold text-slate-900 dark:text-white print:hidden"
          >
            {t('code.sectionTitle')}
          </h2>
          <ul className="grid gap-4 lg:grid-cols-2">
            {codes.map((slip) => (
              <li key={slip.id}>
                <ExitSlipCodeCard slip={slip} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {form}
      <section aria-labelledby="exit-slip-list" className="space-y-3 print:hidden">
        <h2 id="exit-slip-list" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t('list.title')}
        </h2>
        {items.length === 0 ? (
          <EmptyState icon={DoorOpen}>{t('list.empty')}</EmptyState>
        ) : (
          <ul className="space-y-3">
            {items.map((slip) => (
              <li key={slip.id}>
                <ExitSlipItem slip={slip} />
              </li>
            ))}
          </ul>
        )}
        <LoadMore query={query} />
      </section>
    </>
  );
}

function ExitSlipsSkeleton() {
  return (
    <Skeleton className="space-y-3">
      <Bone className="h-6 w-48 max-w-full" />
      {[0, 1].map((index) => (
        <div
          key={index}
          data-testid="exit-slip-skeleton"
          className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900"
        >
          <div className="flex justify-between gap-3">
            <Bone className="h-5 w-1/3" />
            <Bone className="h-5 w-20 rounded-full" />
          </div>
          <Bone className="h-4 w-2/3" />
          <Bone className="h-4 w-1/2" />
        </div>
      ))}
    </Skeleton>
  );
}
