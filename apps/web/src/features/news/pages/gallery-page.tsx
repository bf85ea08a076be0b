import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/module/page-header.tsx';
import { AlbumList } from '../components/album-list.tsx';
import { AlbumView } from '../components/album-view.tsx';
import { ChildFilter, type TChildFilter } from '../components/child-filter.tsx';
import type { TNewsPagesProps } from '../page-props.ts';

/**
 * `/gallery`: the albums of the family's children's classes and of the whole school, of every
 * child or of the header's child; `?album=<id>` shows one album's photos (a link can open it).
 */
export function GalleryPage({ title, icon, child, search }: TNewsPagesProps) {
  const { t } = useTranslation('news');
  const albumId = search?.get('album') || null;
  const [filter, setFilter] = useState<TChildFilter>('all');
  // The album last opened: back in the list, its card takes the focus again.
  const returnTo = useRef<string | null>(null);
  useEffect(() => {
    if (albumId) returnTo.current = albumId;
  }, [albumId]);

  return (
    <div className="space-y-6">
      <PageHeader title={title} icon={icon} />
      {albumId ? (
        <AlbumView albumId={albumId} selected={child} />
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="max-w-prose text-slate-600 dark:text-slate-300">{t('gallery.intro')}</p>
            {child ? <ChildFilter child={child} value={filter} onChange={setFilter} /> : null}
          </div>
          <AlbumList onlyChild={filter === 'child' ? child : null} selected={child} returnToRef={returnTo} />
        </>
      )}
    </div>
  );
}
