import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Images } from 'lucide-react';
import type { TPhoto } from '@portal/contracts/families/publications';
import { SchoolText } from '../../../components/module/school-text.tsx';
import { focusRing } from '../../../components/ui/button.tsx';
import { cx } from '../../../lib/class-names.ts';
import { formatNumber } from '../../../lib/numbers.ts';
import { Picture } from './picture.tsx';

export const photoGrid = 'grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4';

interface TPhotoGridProps {
  ref?: Ref<HTMLUListElement>;
  photos: readonly TPhoto[];
  /** The album's title, naming the list. */
  label: string;
  onOpen: (index: number) => void;
}

/** An album's photos as square tiles with their captions; each opens the viewer at that photo. */
export function PhotoGrid({ ref, photos, label, onOpen }: TPhotoGridProps) {
  const { t, i18n } = useTranslation('news');
  const total = formatNumber(photos.length, i18n.language);
  return (
    <ul ref={ref} aria-label={label} className={photoGrid}>
      {photos.map((photo, index) => (
        <li key={photo.id}>
          <figure className="space-y-2">
            <button
              type="button"
              data-photo={index}
              onClick={() => onOpen(index)}
              className={cx('block w-full overflow-hidden rounded-2xl', focusRing)}
            >
              <span className="sr-only">
                {t('gallery.viewPhoto', { position: formatNumber(index + 1, i18n.language), total })}{' '}
              </span>
              <Picture
                picture={photo.picture}
                placeholder={Images}
                sizes="(min-width: 1024px) 18rem, (min-width: 640px) 33vw, 50vw"
                className="aspect-square transition-transform hover:scale-[1.02]"
              />
            </button>
            {photo.caption.trim() || photo.captionAr.trim() ? (
              <figcaption className="line-clamp-2 text-sm text-slate-700 dark:text-slate-300">
                <SchoolText en={photo.caption} ar={photo.captionAr} />
              </figcaption>
            ) : null}
          </figure>
        </li>
      ))}
    </ul>
  );
}
