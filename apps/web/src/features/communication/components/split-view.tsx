import type { ReactNode } from 'react';
import { cx } from '../../../lib/class-names.ts';

interface TSplitViewProps {
  /** The list pane (threads, mails). */
  list: ReactNode;
  /** The open item, or what to do when none is open. */
  detail: ReactNode;
  /** Whether an item is open: on a phone it then takes the screen, with a way back. */
  detailOpen: boolean;
}

/** A pane's card: scrolls on its own on a wide screen, grows with its content on a phone. */
export const paneCard =
  'flex min-h-0 flex-1 flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900';

/**
 * A list and the item open from it: side by side on a wide screen (the list at the start
 * edge), one at a time on a phone, where opening an item shows it and "back" the list again.
 */
export function SplitView({ list, detail, detailOpen }: TSplitViewProps) {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:h-[calc(100dvh-14rem)] lg:min-h-[34rem] lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
      <div data-pane="list" className={cx('min-h-0 flex-col lg:flex', detailOpen ? 'hidden' : 'flex')}>
        {list}
      </div>
      <div data-pane="detail" className={cx('min-h-0 flex-col lg:flex', detailOpen ? 'flex' : 'hidden')}>
        {detail}
      </div>
    </div>
  );
}

/** The detail pane while nothing is open (a wide screen only: a phone shows the list). */
export function NothingOpen({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <div className={cx(paneCard, 'items-center justify-center gap-3 p-8 text-center')}>
      {icon}
      <p className="max-w-xs text-sm text-slate-600 dark:text-slate-300">{text}</p>
    </div>
  );
}
