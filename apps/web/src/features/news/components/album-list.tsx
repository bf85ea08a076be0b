import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Images } from 'lucide-react';
import type { TPageChild } from '../../../components/module/child-module-page.tsx';
import { QueryState } from '../../../components/module/query-state.tsx';
import { Bone, Skeleton } from '../../../components/ui/skeleton.tsx';
import { cx } from '../../../lib/class-names.ts';
import { useGetAlbumsQuery } from '../api.ts';
import { AlbumCard, albumCardBox, albumGrid, coverFrame } from './album-card.tsx';
import { EmptyState } from './empty-state.tsx';

interface TAlbumListProps {
  /** Only the albums of this child's class (and the whole school's); every child's when null. */
  onlyChild: TPageChild | null;
  selected: TPageChild | null;
  /** The album the parent just came back from; its link takes the focus once the list shows. */
  returnToRef: RefObject<string | null>;
}

/** The albums, newest first, as a grid of cards. */
export function AlbumList({ onlyChild, selected, returnToRef }: TAlbumListProps) {
  const { t } = useTranslation('news');
  const query = useGetAlbumsQuery(onlyChild?.enrollNumber ?? null);
  const answer = query.currentData;
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const id = returnToRef.current;
    if (!answer || id === null) return;
    returnToRef.current = null;
    const items = list.current?.querySelectorAll<HTMLElement>('[data-album]') ?? [];
    [...items]
      .find((item) => item.dataset.album === id)
      ?.querySelector('a')
      ?.focus();
  }, [answer, returnToRef]);

  if (query.isError && !answer) {
    return <QueryState isLoading={false} error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (!answer) return <AlbumListSkeleton />;
  if (answer.items.length === 0) {
    return (
      <EmptyState icon={Images}>
        {onlyChild ? t('gallery.emptyChild', { child: onlyChild.name }) : t('gallery.empty')}
      </EmptyState>
    );
  }
  const newestFirst = [...answer.items].sort((a, b) => b.takenOn.localeCompare(a.takenOn));
  return (
    <ul ref={list} aria-label={t('gallery.albums')} className={albumGrid}>
      {newestFirst.map((album) => (
        <li key={album.id} data-album={album.id}>
          <AlbumCard album={album} selected={selected} />
        </li>
      ))}
    </ul>
  );
}

function AlbumListSkeleton() {
  return (
    <Skeleton className={albumGrid}>
      {[0, 1, 2].map((index) => (
        <div key={index} data-testid="album-card-skeleton" className={albumCardBox}>
          <Bone className={cx('rounded-none', coverFrame)} />
          <div className="space-y-3 p-5">
            <Bone className="h-5 w-3/4" />
            <Bone className="h-4 w-1/2" />
            <Bone className="h-5 w-20 rounded-full" />
          </div>
        </div>
      ))}
    </Skeleton>
  );
}
