import type { ReactNode } from 'react';
import { cardBox } from '../../../components/module/styles.ts';
import { Bone, Skeleton } from '../../../components/ui/skeleton.tsx';
import { cx } from '../../../lib/class-names.ts';

/** Request cards on their way, as they will be: a title and chips beside a status, a line, a date, buttons. */
export function RequestListSkeleton({ cards = 3, testId }: { cards?: number; testId: string }) {
  return (
    <Skeleton className="space-y-4">
      {Array.from({ length: cards }, (_, index) => (
        <div key={index} data-testid={testId} className={cx(cardBox, 'space-y-3')}>
          <div className="flex items-start justify-between gap-3">
            <div className="flex-1 space-y-2">
              <Bone className="h-5 w-1/2" />
              <div className="flex gap-1.5">
                <Bone className="h-5 w-24 rounded-full" />
                <Bone className="h-5 w-20 rounded-full" />
              </div>
            </div>
            <Bone className="h-6 w-24 rounded-full" />
          </div>
          <Bone className="h-4 w-5/6" />
          <Bone className="h-3 w-40" />
          <Bone className="h-11 w-36 rounded-xl" />
        </div>
      ))}
    </Skeleton>
  );
}

/** A titled group of cards. */
export function CardGroup({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-semibold text-slate-900 dark:text-white">
        {title}
      </h2>
      <ul className="space-y-4">{children}</ul>
    </section>
  );
}
