import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BellOff, CheckCheck } from 'lucide-react';
import {
  NOTIFICATION_CATEGORIES,
  type TNotification,
  type TNotificationCategory,
} from '@portal/contracts/kits/inbox';
import type { TPageChild } from '../../../components/module/child-module-page.tsx';
import { PagedListBody } from '../../../components/module/paged-list-body.tsx';
import { schoolText } from '../../../components/module/school-text.tsx';
import { FailureAlert } from '../../../components/module/failure-alert.tsx';
import { Button, focusRing } from '../../../components/ui/button.tsx';
import { NotificationList, NotificationListSkeleton } from '../../../kits/inbox/notification-list.tsx';
import { toApiFailure } from '../../../lib/api-error.ts';
import { cx } from '../../../lib/class-names.ts';
import { formatNumber } from '../../../lib/numbers.ts';
import { useGetInboxInfiniteQuery, useMarkNotificationsReadMutation, type TInboxFilters } from '../api.ts';

const fieldClass = cx(
  'block min-h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-white',
  focusRing,
);

/**
 * The inbox: the parent's notices, filtered by child, category and unread; each names its child
 * and opens what it is about (marking it read); one or all can be marked read.
 */
export function InboxPanel({ family }: { family: readonly TPageChild[] }) {
  const { t, i18n } = useTranslation('inbox');
  const lng = i18n.language;
  const ids = { child: useId(), category: useId(), unread: useId() };
  const [filters, setFilters] = useState<TInboxFilters>({
    enrollNumber: null,
    category: null,
    unreadOnly: false,
  });
  const query = useGetInboxInfiniteQuery(filters);
  const [markRead, marking] = useMarkNotificationsReadMutation();
  const pages = query.currentData?.pages;
  const items = pages?.flatMap((page) => page.items) ?? [];
  // The count of every unread notice, whatever the filters; kept while another filter loads.
  const unread = (query.currentData ?? query.data)?.pages[0]?.unread ?? 0;
  const filtered = filters.enrollNumber !== null || filters.category !== null || filters.unreadOnly;
  const failure = marking.error ? toApiFailure(marking.error) : null;

  const change = (next: Partial<TInboxFilters>) => setFilters((old) => ({ ...old, ...next }));

  const emptyText =
    filters.unreadOnly && filters.enrollNumber === null && filters.category === null
      ? t('page.emptyUnread')
      : filtered
        ? t('page.emptyFiltered')
        : t('empty');

  return (
    <div className="space-y-4">
      <fieldset className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto] lg:items-end dark:border-slate-800 dark:bg-slate-900">
        <legend className="sr-only">{t('page.filters')}</legend>
        <div>
          <label
            htmlFor={ids.child}
            className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200"
          >
            {t('page.child')}
          </label>
          <select
            id={ids.child}
            value={filters.enrollNumber ?? ''}
            onChange={(event) => change({ enrollNumber: event.target.value || null })}
            className={fieldClass}
          >
            <option value="">{t('page.allChildren')}</option>
            {family.map((child) => (
              <option key={child.enrollNumber} value={child.enrollNumber}>
                {child.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label
            htmlFor={ids.category}
            className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200"
          >
            {t('page.category')}
          </label>
          <select
            id={ids.category}
            value={filters.category ?? ''}
            onChange={(event) =>
              change({ category: (event.target.value || null) as TNotificationCategory | null })
            }
            className={fieldClass}
          >
            <option value="">{t('page.allCategories')}</option>
            {NOTIFICATION_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {t(`categories.${category}`)}
              </option>
            ))}
          </select>
        </div>
        <label
          htmlFor={ids.unread}
          className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium text-slate-800 dark:text-slate-200"
        >
          <input
            id={ids.unread}
            type="checkbox"
            checked={filters.unreadOnly}
            onChange={(event) => change({ unreadOnly: event.target.checked })}
            className={cx('size-5 rounded accent-purple-600', focusRing)}
          />
          {t('page.unreadOnly')}
        </label>
      </fieldset>

      <section
        aria-label={t('title')}
        className="overflow-hidden rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
      >
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-2 dark:border-slate-800">
          <p className="text-sm font-medium text-slate-700 dark:text-slate-200" aria-live="polite">
            {pages
              ? unread > 0
                ? t('page.unreadCount', { count: unread, number: formatNumber(unread, lng) })
                : t('page.allRead')
              : null}
          </p>
          <Button
            variant="ghost"
            aria-disabled={unread === 0 || marking.isLoading}
            onClick={() => void markRead({ all: true })}
          >
            <CheckCheck aria-hidden="true" className="size-4" />
            {t('markAllRead')}
          </Button>
        </div>
        {failure ? (
          <div className="p-3">
            <FailureAlert failure={failure} />
          </div>
        ) : null}
        <PagedListBody
          query={query}
          loaded={pages !== undefined}
          skeleton={<NotificationListSkeleton rows={4} />}
          empty={items.length === 0 ? { icon: BellOff, text: emptyText } : undefined}
        >
          <NotificationList
            items={items}
            asLinks
            onOpen={(item) => {
              if (item.readAt === null) void markRead({ ids: [item.id] });
            }}
            categoryLabel={(item) => t(`categories.${item.category}`)}
            familyLabel={t('family')}
            unreadLabel={t('unread')}
            renderAction={(item) => (item.readAt === null ? <MarkReadButton item={item} /> : null)}
          />
        </PagedListBody>
      </section>
    </div>
  );
}

/** "Mark as read" beside an unread notice, naming the notice for assistive technology. */
function MarkReadButton({ item }: { item: TNotification }) {
  const { t, i18n } = useTranslation('inbox');
  const [markRead, { isLoading }] = useMarkNotificationsReadMutation();
  const title = schoolText(item.title, item.titleAr, i18n.language).text;
  return (
    <button
      type="button"
      aria-label={t('page.markReadOf', { title })}
      title={t('page.markRead')}
      aria-disabled={isLoading}
      onClick={() => {
        if (!isLoading) void markRead({ ids: [item.id] });
      }}
      className={cx(
        'inline-flex min-h-11 items-center gap-1.5 rounded-xl px-2 text-xs font-semibold text-indigo-700 hover:bg-indigo-50 dark:text-indigo-300 dark:hover:bg-indigo-950/40',
        focusRing,
      )}
    >
      <CheckCheck aria-hidden="true" className="size-4" />
      <span className="hidden sm:inline">{t('page.markRead')}</span>
    </button>
  );
}
