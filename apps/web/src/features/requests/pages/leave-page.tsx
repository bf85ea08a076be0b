import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarX, Pencil, Send } from 'lucide-react';
import type { TLeaveRequest } from '@portal/contracts/families/requests';
import type { TPageChild } from '../../../components/module/child-module-page.tsx';
import { EmptyState } from '../../../components/module/empty-state.tsx';
import { LoadMore } from '../../../components/module/load-more.tsx';
import { NoChild } from '../../../components/module/no-child.tsx';
import { PageHeader } from '../../../components/module/page-header.tsx';
import { QueryState } from '../../../components/module/query-state.tsx';
import { cardBox } from '../../../components/module/styles.ts';
import { Bone, Skeleton } from '../../../components/ui/skeleton.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { FailureAlert } from '../../../components/module/failure-alert.tsx';
import { toApiFailure } from '../../../lib/api-error.ts';
import { formatDay, formatDayRange } from '../../../lib/dates.ts';
import { formatNumber } from '../../../lib/numbers.ts';
import { CardGroup, RequestListSkeleton } from '../components/list-states.tsx';
import { LeaveForm } from '../components/leave-form.tsx';
import { RequestCard, cancelOf } from '../components/request-card.tsx';
import {
  useCancelLeaveRequestMutation,
  useGetLeavePrefillQuery,
  useGetLeaveRequestsInfiniteQuery,
  useSubmitLeaveRequestMutation,
} from '../leave-api.ts';

/** What the shell gives a requests page: its title and icon, the header's child, the family, the link's query. */
export type TRequestsPageProps = {
  title: string;
  icon?: ReactNode;
  child: TPageChild | null;
  search?: URLSearchParams;
  family?: readonly TPageChild[];
  /** Whether the school grants a module (the hub shows granted modules' items only). */
  canOpen?: (moduleKey: string) => boolean;
};

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `/student-leave`: ask for leave for one or several of the children in one request, and the
 * family's leave requests with where each stands and its history. A link from an unexplained
 * absence (`?child=&absentOn=`, the attendance page's "Explain") fills the form with the child,
 * the day and the siblings absent that day.
 */
export function LeavePage({ title, icon, child, search, family = [] }: TRequestsPageProps) {
  const { t } = useTranslation('leave');
  const children = family.length > 0 ? family : child ? [child] : [];
  const absentChild = search?.get('child') ?? '';
  const absentOn = search?.get('absentOn') ?? '';
  const explaining = absentChild !== '' && DAY_PATTERN.test(absentOn);
  const prefill = useGetLeavePrefillQuery(
    { enrollNumber: absentChild, absentOn },
    { skip: !explaining || children.length === 0 },
  );
  const waiting = explaining && prefill.isLoading;
  const [editing, setEditing] = useState<TLeaveRequest | null>(null);
  // The form starts again (a new key) when a draft is opened or put aside; saved or sent, it
  // stays, showing what it did.
  const [formKey, setFormKey] = useState('');
  return (
    <div className="space-y-6">
      <PageHeader title={title} icon={icon} />
      <p className="max-w-prose text-slate-700 dark:text-slate-300">{t('intro')}</p>
      {children.length === 0 ? (
        <NoChild message={t('noChild')} />
      ) : (
        <>
          {waiting ? (
            <FormSkeleton />
          ) : (
            <LeaveForm
              key={formKey || (prefill.currentData ? `${absentChild}-${absentOn}` : 'blank')}
              family={children}
              child={child}
              prefill={explaining && !editing ? (prefill.currentData ?? null) : null}
              draft={editing}
              onDraftDone={(cleared) => {
                setEditing(null);
                if (!cleared) setFormKey(`blank-${Date.now()}`);
              }}
            />
          )}
          <LeaveRequests
            onEdit={(draft) => {
              setEditing(draft);
              setFormKey(`draft-${draft.id}-${Date.now()}`);
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }}
          />
        </>
      )}
    </div>
  );
}

function FormSkeleton() {
  return (
    <Skeleton className={`${cardBox} space-y-4`}>
      <span data-testid="leave-form-skeleton" className="sr-only" />
      <Bone className="h-6 w-40" />
      <div className="flex gap-2">
        <Bone className="h-11 w-32 rounded-xl" />
        <Bone className="h-11 w-32 rounded-xl" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Bone className="h-12 w-full rounded-xl" />
        <Bone className="h-12 w-full rounded-xl" />
      </div>
      <Bone className="h-24 w-full rounded-xl" />
      <Bone className="h-11 w-36 rounded-xl" />
    </Skeleton>
  );
}

/** A draft's own buttons: rewrite it in the form, or send it to the school as it is. */
function DraftActions({ item, onEdit }: { item: TLeaveRequest; onEdit: (draft: TLeaveRequest) => void }) {
  const { t } = useTranslation('leave');
  const [send, sending] = useSubmitLeaveRequestMutation();
  const failure = sending.error ? toApiFailure(sending.error) : null;
  return (
    <>
      <Button variant="secondary" onClick={() => onEdit(item)}>
        <Pencil aria-hidden="true" className="size-4" />
        {t('draft.edit')}
      </Button>
      <Button
        aria-disabled={sending.isLoading}
        aria-busy={sending.isLoading}
        onClick={() => {
          if (!sending.isLoading) void send(item.id);
        }}
      >
        {sending.isLoading ? <Spinner /> : <Send aria-hidden="true" className="size-4 rtl:-scale-x-100" />}
        {sending.isLoading ? t('form.sending') : t('draft.send')}
      </Button>
      {failure ? (
        <div className="basis-full">
          <FailureAlert failure={failure} />
        </div>
      ) : null}
    </>
  );
}

function LeaveRequests({ onEdit }: { onEdit: (draft: TLeaveRequest) => void }) {
  const { t, i18n } = useTranslation('leave');
  const query = useGetLeaveRequestsInfiniteQuery();
  const cancelMutation = useCancelLeaveRequestMutation();
  const pages = query.currentData?.pages;
  if (query.isError && !pages) {
    return <QueryState isLoading={false} error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (!pages) return <RequestListSkeleton testId="leave-skeleton" />;
  const items = pages.flatMap((page) => page.items);
  if (items.length === 0)
    return (
      <EmptyState icon={CalendarX} iconTone="muted">
        {t('empty')}
      </EmptyState>
    );
  const lng = i18n.language;
  const days = (item: TLeaveRequest) => (
    <p className="text-sm font-medium text-slate-800 dark:text-slate-100">
      <span dir="auto">
        {item.from === item.to
          ? formatDay(item.from, lng, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
          : formatDayRange(item.from, item.to, lng)}
      </span>
      <span className="text-slate-600 dark:text-slate-400">
        {' · '}
        {t('schoolDays', { count: item.days, formatted: formatNumber(item.days, lng) })}
      </span>
    </p>
  );
  return (
    <div className="space-y-4">
      <CardGroup id="leave-requests" title={t('list')}>
        {items.map((item) => (
          <li key={item.id}>
            <RequestCard
              item={item}
              title={t('cardTitle')}
              details={days(item)}
              actions={item.status === 'draft' ? <DraftActions item={item} onEdit={onEdit} /> : undefined}
              cancel={cancelOf(cancelMutation, item.id)}
            />
          </li>
        ))}
      </CardGroup>
      <LoadMore query={query} />
    </div>
  );
}
