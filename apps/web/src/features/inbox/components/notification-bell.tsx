import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Bell } from 'lucide-react';
import type { TNotification } from '@portal/contracts/kits/inbox';
import { focusRing, textLink } from '../../../components/ui/button.tsx';
import { QueryState } from '../../../components/module/query-state.tsx';
import { NotificationList, NotificationListSkeleton } from '../../../kits/inbox/notification-list.tsx';
import { cx } from '../../../lib/class-names.ts';
import { INBOX_PATH, useGetNotificationsQuery, useMarkNotificationsReadMutation } from '../api.ts';

/** How often the unread count is asked for while the portal is open. */
const POLL_MS = 60_000;

/**
 * The header's bell: how many notices are unread, and the latest ones in a panel. Opening a
 * notice marks it read and goes to what it is about; "Mark all as read" clears the count.
 * Escape or a click elsewhere closes the panel and gives the focus back to the bell.
 */
export function NotificationBell() {
  const { t } = useTranslation('inbox');
  const navigate = useNavigate();
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const query = useGetNotificationsQuery(
    { pageSize: 10 },
    { pollingInterval: POLL_MS, skipPollingIfUnfocused: true },
  );
  const [markRead, marking] = useMarkNotificationsReadMutation();
  const unread = query.data?.unread ?? 0;

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent && event.key !== 'Escape') return;
      if (event instanceof MouseEvent && root.current?.contains(event.target as Node)) return;
      setOpen(false);
      if (event instanceof KeyboardEvent) button.current?.focus();
    };
    document.addEventListener('keydown', close);
    document.addEventListener('mousedown', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('mousedown', close);
    };
  }, [open]);

  const openNotice = (item: TNotification) => {
    if (item.readAt === null) void markRead({ ids: [item.id] });
    setOpen(false);
    if (item.path) void navigate(item.path);
  };

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={unread > 0 ? t('bellUnread', { number: unread }) : t('bell')}
        onClick={() => setOpen((was) => !was)}
        className={cx(
          'relative inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
          focusRing,
        )}
      >
        <Bell aria-hidden="true" className="size-5" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            className="absolute end-1 top-1 min-w-4 rounded-full bg-rose-600 px-1 text-center text-[0.65rem] font-semibold leading-4 text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <section
          id={panelId}
          aria-label={t('title')}
          className="fixed inset-x-2 top-16 z-30 mt-1 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg sm:absolute sm:inset-x-auto sm:end-0 sm:top-full sm:mt-2 sm:w-96 dark:border-slate-700 dark:bg-slate-900"
        >
          <header className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
            <h2 className="text-sm font-semibold">{t('title')}</h2>
            <button
              type="button"
              disabled={unread === 0 || marking.isLoading}
              onClick={() => void markRead({ all: true })}
              className={cx(
                'rounded-md px-2 py-1 text-sm font-medium text-indigo-700 hover:bg-indigo-50 disabled:text-slate-400 disabled:hover:bg-transparent dark:text-indigo-300 dark:hover:bg-indigo-950/40 dark:disabled:text-slate-500',
                focusRing,
              )}
            >
              {t('markAllRead')}
            </button>
          </header>
          <div className="max-h-[min(28rem,70dvh)] overflow-y-auto">
            {query.data ? (
              query.data.items.length === 0 ? (
                <p className="px-4 py-8 text-center text-sm text-slate-600 dark:text-slate-300">
                  {t('empty')}
                </p>
              ) : (
                <NotificationList
                  items={query.data.items}
                  onOpen={openNotice}
                  categoryLabel={(item) => t(`categories.${item.category}`)}
                  familyLabel={t('family')}
                  unreadLabel={t('unread')}
                />
              )
            ) : query.isLoading ? (
              <div className="animate-pulse motion-reduce:animate-none">
                <NotificationListSkeleton />
              </div>
            ) : (
              <div className="p-3">
                <QueryState isLoading={false} error={query.error} onRetry={() => void query.refetch()} />
              </div>
            )}
          </div>
          <footer className="border-t border-slate-200 px-4 py-2 text-center dark:border-slate-800">
            <Link to={INBOX_PATH} onClick={() => setOpen(false)} className={cx('text-sm', textLink)}>
              {t('seeAll')}
            </Link>
          </footer>
        </section>
      ) : null}
    </div>
  );
}
