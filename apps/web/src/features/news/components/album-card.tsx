import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Images } from 'lucide-react';
import type { TAlbum } from '@portal/contracts/families/publications';
import type { TPageChild } from '../../../components/module/child-module-page.tsx';
import { SchoolText } from '../../../components/module/school-text.tsx';
import { cx } from '../../../lib/class-names.ts';
import { formatNumber } from '../../../lib/numbers.ts';
import { AlbumFacts } from './album-facts.tsx';
import { Picture } from './picture.tsx';

export const albumCardBox =
  'relative flex h-full flex-col overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900';
export const albumGrid = 'grid gap-5 sm:grid-cols-2 lg:grid-cols-3';
export const coverFrame = 'aspect-[4/3]';

/** The address that opens an album on the gallery page. */
export const albumSearch = (id: string) => `?album=${encodeURIComponent(id)}`;

interface TAlbumCardProps {
  album: TAlbum;
  selected: TPageChild | null;
}

/** An album in the grid: its cover and photo count, title, day, class and children; it links to its photos. */
export function AlbumCard({ album, selected }: TAlbumCardProps) {
  const { t, i18n } = useTranslation('news');
  const count = formatNumber(album.photoCount, i18n.language);
  return (
    <article className={cx(albumCardBox, 'group transition-shadow hover:shadow-md')}>
      <div className="relative">
        <Picture
          picture={album.cover}
          placeholder={Images}
          sizes="(min-width: 1024px) 24rem, (min-width: 640px) 50vw, 100vw"
          className={coverFrame}
        />
        <span className="absolute end-3 bottom-3 inline-flex items-center gap-1 rounded-full bg-slate-900/80 px-2.5 py-1 text-xs font-semibold text-white">
          <Images aria-hidden="true" className="size-3.5" />
          {t('gallery.photos', { count: album.photoCount, number: count })}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h2 className="text-base font-semibold text-slate-900 dark:text-white">
          <Link
            to={{ search: albumSearch(album.id) }}
            className={cx(
              'outline-none group-hover:text-purple-700 dark:group-hover:text-purple-300',
              'after:absolute after:inset-0 after:rounded-3xl focus-visible:after:ring-2 focus-visible:after:ring-purple-600 dark:focus-visible:after:ring-purple-400',
            )}
          >
            <SchoolText en={album.title} ar={album.titleAr} />
          </Link>
        </h2>
        <AlbumFacts album={album} selected={selected} />
      </div>
    </article>
  );
}
