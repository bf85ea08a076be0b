import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowLeft, Images } from 'lucide-react';
import type { TPageChild } from '../../../components/module/child-module-page.tsx';
import { QueryState } from '../../../components/module/query-state.tsx';
import { SchoolText, schoolText } from '../../../components/module/school-text.tsx';
import { textLink } from '../../../components/ui/button.tsx';
import { Bone, Skeleton } from '../../../components/ui/skeleton.tsx';
import { cx } from '../../../lib/class-names.ts';
import { formatNumber } from '../../../lib/numbers.ts';
import { useGetAlbumQuery } from '../api.ts';
import { AlbumFacts } from './album-facts.tsx';
import { EmptyState } from './empty-state.tsx';
import { Lightbox } from './lightbox.tsx';
import { PhotoGrid, photoGrid } from './photo-grid.tsx';

/** One album (`/gallery?album=<id>`): its title and facts, its photos in a grid, each opening the viewer. */
export function AlbumView({ albumId, selected }: { albumId: string; selected: TPageChild | null }) {
  const { t } = useTranslation('news');
  const query = useGetAlbumQuery(albumId);
  const answer = query.currentData;
  return (
    <div className="space-y-6">
      <Link to={{ search: '' }} className={cx(textLink, 'inline-flex min-h-11 items-center gap-2')}>
        <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
        {t('gallery.back')}
      </Link>
      {query.isError && !answer ? (
        <QueryState isLoading={false} error={query.error} onRetry={() => void query.refetch()} />
      ) : answer ? (
        <AlbumPhotos answer={answer} selected={selected} />
      ) : (
        <AlbumSkeleton />
      )}
    </div>
  );
}

function AlbumPhotos({
  answer: { album, photos },
  selected,
}: {
  answer: NonNullable<ReturnType<typeof useGetAlbumQuery>['currentData']>;
  selected: TPageChild | null;
}) {
  const { t, i18n } = useTranslation('news');
  const heading = useRef<HTMLHeadingElement>(null);
  const grid = useRef<HTMLUListElement>(null);
  const lastSeen = useRef(0);
  const [viewing, setViewing] = useState<number | null>(null);
  const show = (index: number) => {
    lastSeen.current = index;
    setViewing(index);
  };
  // The album replaces the grid of albums: its title takes the focus, so the parent knows where they are.
  useEffect(() => {
    heading.current?.focus();
  }, [album.id]);
  const title = schoolText(album.title, album.titleAr, i18n.language).text;

  return (
    <section aria-labelledby="album-title" className="space-y-6">
      <header className="space-y-3">
        <h2
          id="album-title"
          ref={heading}
          tabIndex={-1}
          className="rounded text-xl font-bold text-slate-900 outline-none focus-visible:ring-2 focus-visible:ring-purple-600 dark:text-white"
        >
          <SchoolText en={album.title} ar={album.titleAr} />
        </h2>
        <AlbumFacts album={album} selected={selected} />
        {album.description.trim() || album.descriptionAr.trim() ? (
          <p className="max-w-prose text-slate-700 dark:text-slate-300">
            <SchoolText en={album.description} ar={album.descriptionAr} />
          </p>
        ) : null}
        <p className="text-sm font-medium text-slate-600 dark:text-slate-400">
          {t('gallery.photos', { count: photos.length, number: formatNumber(photos.length, i18n.language) })}
        </p>
      </header>
      {photos.length === 0 ? (
        <EmptyState icon={Images}>{t('gallery.emptyAlbum')}</EmptyState>
      ) : (
        <PhotoGrid ref={grid} photos={photos} label={title} onOpen={show} />
      )}
      <Lightbox
        title={title}
        photos={photos}
        index={viewing}
        onIndex={show}
        onClose={() => setViewing(null)}
        returnFocus={() =>
          grid.current?.querySelector<HTMLElement>(`[data-photo="${lastSeen.current}"]`) ?? null
        }
      />
    </section>
  );
}

function AlbumSkeleton() {
  return (
    <Skeleton className="space-y-6">
      <div data-testid="album-skeleton" className="space-y-3">
        <Bone className="h-7 w-2/3 max-w-md" />
        <Bone className="h-4 w-48" />
        <Bone className="h-4 w-24" />
      </div>
      <div className={photoGrid}>
        {Array.from({ length: 8 }, (_, index) => (
          <Bone key={index} className="aspect-square rounded-2xl" />
        ))}
      </div>
    </Skeleton>
  );
}
