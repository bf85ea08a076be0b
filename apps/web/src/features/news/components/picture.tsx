import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LucideIcon } from 'lucide-react';
import type { TPicture } from '@portal/contracts/families/publications';
import { schoolText } from '../../../components/module/school-text.tsx';
import { cx } from '../../../lib/class-names.ts';

interface TPictureProps {
  picture: TPicture | null;
  /** How wide the picture shows at each screen width (`sizes`), so the browser picks a width from `srcSet`. */
  sizes: string;
  /** The frame's classes: its aspect ratio or height (fixed, so nothing moves as it loads) and corners. */
  className?: string;
  /** `cover` fills the frame, cropping; `contain` shows the whole picture (the viewer). */
  fit?: 'cover' | 'contain';
  /** Drawn in the frame when there is no picture or it cannot be loaded. */
  placeholder: LucideIcon;
}

/**
 * A school picture (docs/decisions/021-publications-and-inbox.md: served in a few widths) in a
 * frame of fixed shape: loaded lazily, in the width the screen needs, its text alternative in
 * the page's language (the English one, marked as English, when the school gave no Arabic).
 */
export function Picture({ picture, sizes, className, fit = 'cover', placeholder: Icon }: TPictureProps) {
  const { i18n } = useTranslation();
  const [failed, setFailed] = useState<string | null>(null);
  const alt = picture ? schoolText(picture.alt, picture.altAr, i18n.language) : { text: '' };
  const frame = cx('relative block overflow-hidden bg-slate-100 dark:bg-slate-800', className);
  if (!picture || failed === picture.src) {
    return (
      <span
        role={alt.text ? 'img' : undefined}
        aria-label={alt.text || undefined}
        aria-hidden={alt.text ? undefined : true}
        lang={alt.lang}
        className={cx(frame, 'flex items-center justify-center text-slate-400 dark:text-slate-500')}
      >
        <Icon aria-hidden="true" className="size-10" />
      </span>
    );
  }
  return (
    <span className={frame}>
      <img
        src={picture.src}
        srcSet={picture.srcSet}
        sizes={sizes}
        width={picture.width}
        height={picture.height}
        loading="lazy"
        decoding="async"
        alt={alt.text}
        lang={alt.lang}
        onError={() => setFailed(picture.src)}
        className={cx('absolute inset-0 size-full', fit === 'cover' ? 'object-cover' : 'object-contain')}
      />
    </span>
  );
}
