import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MessagesSquare, SquarePen } from 'lucide-react';
import type { TThreadAnswer } from '@portal/contracts/families/publications';
import type { TChildModulePageProps, TPageChild } from '../../../components/module/child-module-page.tsx';
import { NoChild } from '../../../components/module/no-child.tsx';
import { PageHeader } from '../../../components/module/page-header.tsx';
import { PagedListBody } from '../../../components/module/paged-list-body.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatNumber } from '../../../lib/numbers.ts';
import { useGetThreadsInfiniteQuery } from '../api.ts';
import { ChildScope, type TScope } from '../components/child-scope.tsx';
import { NewThreadDialog } from '../components/new-thread-dialog.tsx';
import { NothingOpen, paneCard, SplitView } from '../components/split-view.tsx';
import { ThreadList, ThreadListSkeleton } from '../components/thread-list.tsx';
import { ThreadView } from '../components/thread-view.tsx';
import { useFocusBack, useOpenItem } from '../components/use-open-item.ts';

type TMessagesPageProps = Omit<TChildModulePageProps, 'children' | 'noChildMessage'> & {
  /** The parent's children, when the shell gives them; else only the header's child is known. */
  family?: readonly TPageChild[];
};

/**
 * `/communication`: the parent's threads with the staff of their children. A wide screen shows
 * the list and the open thread side by side; a phone one at a time. `?thread=<id>` opens a
 * thread (a notice's link); `?enrollNumber=` chooses the child (the header does).
 */
export function MessagesPage({ title, icon, child, family }: TMessagesPageProps) {
  const { t } = useTranslation('communication');
  const childList = family && family.length > 0 ? family : child ? [child] : [];
  const [composing, setComposing] = useState(false);
  // Each opening of "New message" starts from an empty form.
  const [round, setRound] = useState(0);
  const [scope, setScope] = useState<TScope>('child');
  const item = useOpenItem('thread');
  const [focusId, setFocusId] = useState<string | null>(null);

  if (!child) {
    return (
      <div className="space-y-6">
        <PageHeader title={title} icon={icon} />
        <NoChild message={t('noChild')} />
      </div>
    );
  }

  const started = ({ thread }: TThreadAnswer) => {
    setComposing(false);
    if (thread.enrollNumber !== child.enrollNumber) setScope('all');
    setFocusId(thread.id);
    item.open(thread.id);
  };

  return (
    <div className="space-y-4">
      <PageHeader
        title={title}
        icon={icon}
        actions={
          <Button
            onClick={() => {
              setRound((value) => value + 1);
              setComposing(true);
            }}
          >
            <SquarePen aria-hidden="true" className="size-4" />
            {t('new.open')}
          </Button>
        }
      />
      {childList.length > 1 ? <ChildScope childName={child.name} value={scope} onChange={setScope} /> : null}
      <SplitView
        detailOpen={item.id !== null}
        list={
          <Threads
            child={child}
            scope={childList.length > 1 ? scope : 'child'}
            openId={item.id}
            hrefOf={(id) => item.hrefOf(id)}
            onOpen={setFocusId}
          />
        }
        detail={
          item.id ? (
            <ThreadView
              key={item.id}
              id={item.id}
              focusHeading={focusId === item.id}
              onBack={() => {
                setFocusId(null);
                item.close();
              }}
            />
          ) : (
            <NothingOpen
              icon={<MessagesSquare aria-hidden="true" className="size-8 text-slate-400" />}
              text={t('thread.choose')}
            />
          )
        }
      />
      <NewThreadDialog
        key={round}
        open={composing}
        onClose={() => setComposing(false)}
        childList={childList}
        defaultChild={child.enrollNumber}
        onStarted={started}
      />
    </div>
  );
}

interface TThreadsProps {
  child: TPageChild;
  scope: TScope;
  openId: string | null;
  hrefOf: (id: string) => string;
  onOpen: (id: string) => void;
}

/** The list pane: the threads of the child (or all), paged, with its loading, empty and failed states. */
function Threads({ child, scope, openId, hrefOf, onOpen }: TThreadsProps) {
  const { t, i18n } = useTranslation('communication');
  const headingId = useId();
  const list = useFocusBack<HTMLDivElement>(openId, 'thread');
  const query = useGetThreadsInfiniteQuery({ enrollNumber: scope === 'child' ? child.enrollNumber : null });
  const pages = query.currentData?.pages;
  const threads = pages?.flatMap((page) => page.items) ?? [];
  const unread = pages?.[0]?.unread ?? 0;
  const label = scope === 'child' ? t('list.labelChild', { child: child.name }) : t('list.labelAll');

  return (
    <section aria-labelledby={headingId} className={paneCard}>
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
        <h2 id={headingId} className="font-semibold text-slate-900 dark:text-white">
          {t('list.heading')}
        </h2>
        {unread > 0 ? (
          <span className="rounded-full bg-purple-100 px-2 py-0.5 text-xs font-semibold text-purple-800 dark:bg-purple-950/60 dark:text-purple-200">
            {t('list.unreadTotal', { count: unread, number: formatNumber(unread, i18n.language) })}
          </span>
        ) : null}
      </div>
      <div ref={list} className="min-h-0 flex-1 overflow-y-auto">
        <PagedListBody
          query={query}
          loaded={pages !== undefined}
          skeleton={<ThreadListSkeleton />}
          empty={
            threads.length === 0
              ? {
                  icon: MessagesSquare,
                  text: scope === 'child' ? t('list.emptyChild', { child: child.name }) : t('list.emptyAll'),
                }
              : undefined
          }
        >
          <ThreadList
            label={label}
            threads={threads}
            openId={openId}
            hrefOf={(thread) => hrefOf(thread.id)}
            replace={openId !== null}
            onOpen={(thread) => onOpen(thread.id)}
          />
        </PagedListBody>
      </div>
    </section>
  );
}
