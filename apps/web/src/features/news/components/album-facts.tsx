import { useTranslation } from 'react-i18next';
import { School, Users } from 'lucide-react';
import type { TAlbum } from '@portal/contracts/families/publications';
import type { TPageChild } from '../../../components/module/child-module-page.tsx';
import { SchoolText } from '../../../components/module/school-text.tsx';
import { useLongDays } from './dates.ts';

/** The family's children an album is of, named; the header's child stands in for a missing name. */
export function albumChildren(album: TAlbum, selected: TPageChild | null): TPageChild[] {
  return album.enrollNumbers.flatMap((enrollNumber) => {
    const named = album.children.find((one) => one.enrollNumber === enrollNumber);
    if (named) return [{ enrollNumber, name: named.childName }];
    return selected?.enrollNumber === enrollNumber ? [selected] : [];
  });
}

/** When an album was taken, whose it is (a class, or the whole school) and which of the children are in it. */
export function AlbumFacts({ album, selected }: { album: TAlbum; selected: TPageChild | null }) {
  const { t } = useTranslation('news');
  const { day } = useLongDays();
  const children = albumChildren(album, selected);
  const Icon = album.className === null ? School : Users;
  return (
    <div className="space-y-2 text-sm text-slate-600 dark:text-slate-300">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <time dateTime={album.takenOn}>{day(album.takenOn)}</time>
        <span aria-hidden="true">·</span>
        <span className="inline-flex items-center gap-1">
          <Icon aria-hidden="true" className="size-4 shrink-0" />
          {album.className === null ? (
            t('gallery.wholeSchool')
          ) : (
            <SchoolText en={album.className} ar={album.classNameAr ?? ''} />
          )}
        </span>
      </p>
      {children.length > 0 ? (
        <ul aria-label={t('gallery.childrenIn')} className="flex flex-wrap gap-1.5">
          {children.map((child) => (
            <li
              key={child.enrollNumber}
              className="rounded-full bg-purple-50 px-2.5 py-0.5 text-xs font-semibold text-purple-800 ring-1 ring-purple-200 ring-inset dark:bg-purple-950/50 dark:text-purple-200 dark:ring-purple-800"
            >
              <bdi>{child.name}</bdi>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
