import { cardBox } from '../../../components/module/styles.ts';
import { Bone, Skeleton } from '../../../components/ui/skeleton.tsx';
import { cx } from '../../../lib/class-names.ts';

/** Cards on their way, as they will be: a title, a day and chips, a few lines, a button. */
export function CardListSkeleton({ cards = 3, testId }: { cards?: number; testId: string }) {
  return (
    <Skeleton className="space-y-4">
      {Array.from({ length: cards }, (_, index) => (
        <div key={index} data-testid={testId} className={cx(cardBox, 'space-y-3')}>
          <Bone className="h-5 w-2/3" />
          <div className="flex gap-2">
            <Bone className="h-4 w-28" />
            <Bone className="h-4 w-20 rounded-full" />
          </div>
          <Bone className="h-4 w-full" />
          <Bone className="h-4 w-5/6" />
          <Bone className="h-11 w-44 rounded-xl" />
        </div>
      ))}
    </Skeleton>
  );
}
