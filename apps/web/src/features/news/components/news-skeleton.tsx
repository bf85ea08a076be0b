import { Bone, Skeleton } from '../../../components/ui/skeleton.tsx';
import { cx } from '../../../lib/class-names.ts';
import { heroLayout, heroPicture, newsCardBox } from './news-card.tsx';

/** The grid of post cards, as the page lays it out. */
export const newsGrid = 'grid gap-5 sm:grid-cols-2 lg:grid-cols-3';

function CardBones({ hero = false }: { hero?: boolean }) {
  return (
    <div data-testid="news-skeleton" className={cx(newsCardBox, hero && heroLayout)}>
      <Bone className={cx('rounded-none', hero ? heroPicture : 'aspect-[16/9]')} />
      <div className="flex-1 space-y-3 p-5">
        <Bone className="h-3 w-24" />
        <Bone className="h-5 w-4/5" />
        <Bone className="h-4 w-full" />
        <Bone className="h-4 w-2/3" />
      </div>
    </div>
  );
}

/** The news page's shape while the first posts load: the newest one large, then cards. */
export function NewsSkeleton() {
  return (
    <Skeleton className="space-y-6">
      <CardBones hero />
      <div className={newsGrid}>
        {[0, 1, 2].map((index) => (
          <CardBones key={index} />
        ))}
      </div>
    </Skeleton>
  );
}
