import { useId, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight, Images, X } from 'lucide-react';
import type { TPhoto } from '@portal/contracts/families/publications';
import { SchoolText } from '../../../components/module/school-text.tsx';
import { isRightToLeft } from '../../../kits/calendar/direction.ts';
import { cx } from '../../../lib/class-names.ts';
import { formatNumber } from '../../../lib/numbers.ts';
import { Picture } from './picture.tsx';
import { SheetDialog } from './sheet-dialog.tsx';

interface TLightboxProps {
  /** The album's title, naming the viewer. */
  title: string;
  photos: readonly TPhoto[];
  /** The photo shown; null while the viewer is closed. */
  index: number | null;
  onIndex: (index: number) => void;
  onClose: () => void;
  /** Where the focus goes when the viewer closes (the grid's button of the photo last seen). */
  returnFocus: () => HTMLElement | null;
}

const roundButton = cx(
  'inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20',
  'aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-white/10',
  'outline-none focus-visible:ring-2 focus-visible:ring-white',
);

/**
 * The album's photos one at a time, whole, on a dark ground: "3 of 8", the caption, previous
 * and next (buttons, and the arrow keys, which follow the reading direction: in Arabic the
 * left arrow goes on). Escape closes it and the focus goes to the photo last seen.
 */
export function Lightbox({ title, photos, index, onIndex, onClose, returnFocus }: TLightboxProps) {
  const { t, i18n } = useTranslation('news');
  const titleId = useId();
  const close = useRef<HTMLButtonElement>(null);
  const photo = index === null ? undefined : photos[index];
  const position = index ?? 0;
  const number = (value: number) => formatNumber(value, i18n.language);
  const go = (to: number) => {
    if (to >= 0 && to < photos.length) onIndex(to);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    const rtl = isRightToLeft(event.currentTarget);
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const back = rtl ? 'ArrowRight' : 'ArrowLeft';
    const to =
      event.key === forward
        ? position + 1
        : event.key === back
          ? position - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? photos.length - 1
              : null;
    if (to === null) return;
    event.preventDefault();
    go(to);
  };
  const atStart = position === 0;
  const atEnd = position === photos.length - 1;

  return (
    <SheetDialog
      open={photo !== undefined}
      onClose={onClose}
      labelledBy={titleId}
      initialFocus={close}
      returnFocus={returnFocus}
      onKeyDown={onKeyDown}
      className="h-[calc(100dvh-2rem)] w-[min(72rem,calc(100vw-1.5rem))] rounded-3xl bg-slate-950 p-0 text-white ring-1 ring-slate-800"
    >
      {photo ? (
        <div className="flex h-full flex-col">
          <div className="flex items-center gap-3 p-3 sm:p-4">
            <div className="min-w-0 flex-1">
              <h2 id={titleId} className="truncate font-semibold">
                {title}
              </h2>
              <p aria-live="polite" className="text-sm text-slate-300 tabular-nums">
                {t('gallery.viewer.position', {
                  position: number(position + 1),
                  total: number(photos.length),
                })}
              </p>
            </div>
            <button
              ref={close}
              type="button"
              onClick={onClose}
              aria-label={t('gallery.viewer.close')}
              title={t('gallery.viewer.close')}
              className={roundButton}
            >
              <X aria-hidden="true" className="size-6" />
            </button>
          </div>
          <figure className="flex min-h-0 flex-1 flex-col">
            <Picture
              key={photo.id}
              picture={photo.picture}
              placeholder={Images}
              fit="contain"
              sizes="(min-width: 1200px) 72rem, 100vw"
              className="min-h-0 flex-1 bg-slate-950 dark:bg-slate-950"
            />
            {photo.caption.trim() || photo.captionAr.trim() ? (
              <figcaption className="px-4 pt-3 text-center text-sm text-slate-200">
                <SchoolText en={photo.caption} ar={photo.captionAr} />
              </figcaption>
            ) : null}
          </figure>
          <div className="flex items-center justify-between gap-3 p-3 sm:p-4">
            <button
              type="button"
              onClick={() => go(position - 1)}
              aria-disabled={atStart}
              aria-label={t('gallery.viewer.previous')}
              title={t('gallery.viewer.previous')}
              className={roundButton}
            >
              <ChevronLeft aria-hidden="true" className="size-6 rtl:-scale-x-100" />
            </button>
            <p className="hidden text-xs text-slate-400 sm:block">{t('gallery.viewer.keys')}</p>
            <button
              type="button"
              onClick={() => go(position + 1)}
              aria-disabled={atEnd}
              aria-label={t('gallery.viewer.next')}
              title={t('gallery.viewer.next')}
              className={roundButton}
            >
              <ChevronRight aria-hidden="true" className="size-6 rtl:-scale-x-100" />
            </button>
          </div>
        </div>
      ) : null}
    </SheetDialog>
  );
}
