import { useEffect, useId, useRef, type MouseEvent } from 'react';
import { X } from 'lucide-react';
import type { TMenuEntry } from '@portal/contracts/menu';
import { focusRing } from '../../../components/ui/button.tsx';
import { cx } from '../../../lib/class-names.ts';
import { NavMenu } from './nav-menu.tsx';

interface TNavDrawerProps {
  open: boolean;
  onClose: () => void;
  entries: readonly TMenuEntry[];
  labelOf: (entry: TMenuEntry) => string;
  /** Keys of the parent's pinned entries, shown first. */
  pinned?: readonly string[];
  /** Saves the pinned entries (the menu then offers to choose them). */
  onPinnedChange?: (keys: string[]) => void;
  /** The dialog's title, which names it. */
  title: string;
  /** The navigation landmark's name. */
  label: string;
  closeLabel: string;
}

/**
 * The navigation on phones and tablets: a modal dialog sliding in from the start edge. The
 * browser's modal dialog keeps focus inside it (the rest of the page is inert), closes on
 * Escape and gives focus back to the button that opened it; choosing a module or tapping
 * outside closes it too.
 */
export function NavDrawer({
  open,
  onClose,
  entries,
  labelOf,
  pinned,
  onPinnedChange,
  title,
  label,
  closeLabel,
}: TNavDrawerProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
      // The current module, so a screen reader hears where the parent is.
      element.querySelector<HTMLElement>('[aria-current="page"]')?.focus();
    } else if (!open && element.open) {
      if (typeof element.close === 'function') element.close();
      else element.removeAttribute('open');
    }
  }, [open]);

  // A tap on the backdrop lands on the dialog itself, outside its panel.
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onClose();
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={onClose}
      onClick={onClick}
      className="m-0 h-dvh max-h-dvh w-80 max-w-[85vw] overflow-hidden bg-transparent p-0 text-slate-900 backdrop:bg-slate-950/50 lg:hidden dark:text-slate-100"
    >
      <div className="flex h-full flex-col bg-white shadow-xl dark:bg-slate-900">
        <div className="flex h-16 shrink-0 items-center justify-between gap-3 border-b border-slate-200 ps-5 pe-2 dark:border-slate-800">
          <h2 id={titleId} className="truncate text-base font-semibold">
            {title}
          </h2>
          <button
            type="button"
            aria-label={closeLabel}
            title={closeLabel}
            onClick={onClose}
            className={cx(
              'inline-flex size-11 items-center justify-center rounded-xl text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
              focusRing,
            )}
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        <nav aria-label={label} className="min-h-0 flex-1 overflow-y-auto overscroll-contain p-3">
          <NavMenu
            entries={entries}
            labelOf={labelOf}
            pinned={pinned}
            onPinnedChange={onPinnedChange}
            onNavigate={onClose}
          />
        </nav>
      </div>
    </dialog>
  );
}
