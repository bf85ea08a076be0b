import { useEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { cx } from '../../../lib/class-names.ts';

interface TSheetDialogProps {
  open: boolean;
  onClose: () => void;
  /** The id of the heading that names the dialog. */
  labelledBy: string;
  /** Takes the focus when the dialog opens (else the dialog itself). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Where the focus goes when it closes; the element that had it before opening, when not given. */
  returnFocus?: () => HTMLElement | null;
  onKeyDown?: (event: KeyboardEvent<HTMLDialogElement>) => void;
  /** The dialog's box: its width, colours and padding. */
  className: string;
  children: ReactNode;
}

/**
 * A large modal dialog (an article, a photo viewer): the browser's modal `<dialog>` keeps the
 * page behind inert; Escape closes it, and the focus goes back where the parent was (or where
 * `returnFocus` says), so keyboard and screen-reader users keep their place.
 */
export function SheetDialog({
  open,
  onClose,
  labelledBy,
  initialFocus,
  returnFocus,
  onKeyDown,
  className,
  children,
}: TSheetDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const returnTo = useRef(returnFocus);
  useEffect(() => {
    returnTo.current = returnFocus;
  });

  useEffect(() => {
    const element = dialog.current;
    if (!element || !open) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (typeof element.showModal === 'function') element.showModal();
    else element.setAttribute('open', '');
    (initialFocus?.current ?? element).focus();
    return () => {
      if (typeof element.close === 'function' && element.open) element.close();
      else element.removeAttribute('open');
      (returnTo.current?.() ?? opener.current)?.focus();
    };
  }, [open, initialFocus]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={labelledBy}
      tabIndex={-1}
      onCancel={(event) => {
        // Escape: the page closes it, so focus and state stay in step.
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
          return;
        }
        onKeyDown?.(event);
      }}
      className={cx(
        'm-auto max-h-[calc(100dvh-2rem)] overflow-y-auto overscroll-contain shadow-xl outline-none backdrop:bg-slate-950/70',
        className,
      )}
    >
      {open ? children : null}
    </dialog>
  );
}
