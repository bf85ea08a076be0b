import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, Lock } from 'lucide-react';
import type { TThreadAnswer } from '@portal/contracts/families/publications';
import { QueryState } from '../../../components/module/query-state.tsx';
import { StatusNotice } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Bone, Skeleton } from '../../../components/ui/skeleton.tsx';
import { cx } from '../../../lib/class-names.ts';
import { useGetThreadQuery, useReadThreadMutation } from '../api.ts';
import { ChildChip } from './child-chip.tsx';
import { MessageBubble } from './message-bubble.tsx';
import { ReplyBox } from './reply-box.tsx';
import { paneCard } from './split-view.tsx';
import { StaffName } from './staff-name.tsx';

interface TThreadViewProps {
  id: string;
  /** Back to the list (shown on a phone, where the thread takes the screen). */
  onBack: () => void;
  /** The parent opened it just now: its heading takes the focus. */
  focusHeading: boolean;
}

/**
 * An open thread: its subject, staff member and child, the messages as bubbles, and the reply
 * box (or why there is none: the school closed the thread). Opening a thread with unread
 * messages from the school marks them read.
 */
export function ThreadView({ id, onBack, focusHeading }: TThreadViewProps) {
  const { t } = useTranslation('communication');
  const query = useGetThreadQuery(id);
  const answer = query.currentData;
  const [readThread] = useReadThreadMutation();
  // Each state of unread messages is marked once (a newer reply is a new state).
  const marked = useRef(new Set<string>());

  useEffect(() => {
    const thread = answer?.thread;
    if (!thread || thread.unread === 0) return;
    const state = `${thread.id}:${thread.lastMessageAt}`;
    if (marked.current.has(state)) return;
    marked.current.add(state);
    void readThread(thread.id);
  }, [answer, readThread]);

  const back = (
    <Button variant="ghost" onClick={onBack} className="-ms-2 self-start lg:hidden">
      <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
      {t('thread.back')}
    </Button>
  );

  if (!answer) {
    return (
      <section aria-label={t('thread.loading')} className={cx(paneCard, 'p-4')}>
        {back}
        {query.isError ? (
          <QueryState isLoading={false} error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <ThreadSkeleton />
        )}
      </section>
    );
  }
  return <OpenThread answer={answer} back={back} focusHeading={focusHeading} />;
}

function OpenThread({
  answer,
  back,
  focusHeading,
}: {
  answer: TThreadAnswer;
  back: ReactNode;
  focusHeading: boolean;
}) {
  const { t } = useTranslation('communication');
  const { thread, messages } = answer;
  const heading = useRef<HTMLHeadingElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const headingId = `thread-${thread.id}`;

  // After the commit, so a dialog closing in the same commit (a thread just started) has given
  // its focus back first.
  useEffect(() => {
    if (!focusHeading) return;
    const timer = window.setTimeout(() => heading.current?.focus({ preventScroll: true }), 0);
    return () => window.clearTimeout(timer);
  }, [focusHeading, thread.id]);

  // The latest message is in view when the thread opens and when a message is added.
  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [messages.length, thread.id]);

  return (
    <section aria-labelledby={headingId} className={paneCard}>
      <header className="space-y-2 border-b border-slate-200 p-4 dark:border-slate-800">
        {back}
        <h2
          ref={heading}
          id={headingId}
          tabIndex={-1}
          dir="auto"
          className="text-lg font-semibold text-slate-900 outline-none dark:text-white"
        >
          {thread.subject}
        </h2>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <StaffName staff={thread.staff} className="min-w-0" />
          <ChildChip name={thread.childName} />
        </div>
      </header>
      <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto p-4">
        <ol aria-label={t('thread.messages')} className="flex flex-col gap-4">
          {messages.map((message) => (
            <MessageBubble key={message.seq} message={message} />
          ))}
        </ol>
      </div>
      {thread.status === 'closed' ? (
        <div className="border-t border-slate-200 p-4 dark:border-slate-800">
          <StatusNotice>
            <span className="inline-flex items-start gap-2">
              <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {t('thread.closed')}
            </span>
          </StatusNotice>
        </div>
      ) : (
        <ReplyBox key={thread.id} threadId={thread.id} />
      )}
    </section>
  );
}

/** An open thread's shape while it loads: the heading, and bubbles on both sides. */
function ThreadSkeleton() {
  return (
    <Skeleton className="space-y-6 pt-2">
      <div className="space-y-2">
        <Bone className="h-6 w-2/3" />
        <Bone className="h-4 w-40" />
      </div>
      {['me-auto', 'ms-auto', 'me-auto'].map((side, index) => (
        <div key={index} className={cx('w-3/4 space-y-2 sm:w-1/2', side)}>
          <Bone className="h-3 w-32" />
          <Bone className="h-16 w-full rounded-2xl" />
        </div>
      ))}
    </Skeleton>
  );
}
