import { useEffect, useId, useRef, type ReactNode } from 'react';

interface TDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  icon?: ReactNode;
  children: ReactNode;
  /**
   * The dialog's buttons, the first at the end edge; the one marked `data-autofocus` (else the
   * first) takes the focus when it opens.
   */
  actions: ReactNode;
}

/**
 * A small modal dialog: the browser's modal `<dialog>` keeps focus inside it (the page behind
 * is inert), closes on Escape and gives focus back to the button that opened it.
 */
export function Dialog({ open, onClose, title, icon, children, actions }: TDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
      const actions = element.querySelector('[data-actions]');
      (
        actions?.querySelector<HTMLElement>('[data-autofocus]') ??
        actions?.querySelector<HTMLElement>('button, a')
      )?.focus();
    } else if (!open && element.open) {
      if (typeof element.close === 'function') element.close();
      else element.removeAttribute('open');
    }
  }, [open]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onClose={onClose}
      onCancel={onClose}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl bg-white p-6 text-slate-800 shadow-xl ring-1 ring-slate-200 backdrop:bg-slate-950/60 dark:bg-slate-900 dark:text-slate-100 dark:ring-slate-700"
    >
      {open ? (
        <>
          <div className="flex items-center gap-3">
            {icon ? (
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-purple-100 text-purple-700 dark:bg-purple-900/60 dark:text-purple-200">
                {icon}
              </span>
            ) : null}
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
          </div>
          <div id={bodyId} className="mt-4 space-y-3 text-sm text-slate-700 dark:text-slate-300">
            {children}
          </div>
          <div data-actions className="mt-6 flex flex-col gap-3 sm:flex-row-reverse">
            {actions}
          </div>
        </>
      ) : null}
    </dialog>
  );
}
