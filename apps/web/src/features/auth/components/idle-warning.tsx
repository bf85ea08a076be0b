import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TimerReset } from 'lucide-react';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatNumber } from '../../../lib/numbers.ts';

/** The time left as minutes and seconds ("1:05"), in the given language's digits. */
export function formatCountdown(msLeft: number, lng: string): string {
  const seconds = Math.max(0, Math.ceil(msLeft / 1000));
  const minutes = formatNumber(Math.floor(seconds / 60), lng);
  return `${minutes}:${formatNumber(seconds % 60, lng, { minimumIntegerDigits: 2 })}`;
}

interface TIdleWarningProps {
  /** How long until the session ends for want of use. */
  msLeft: number;
  /** Whether the request that keeps the session is on its way. */
  staying: boolean;
  /** Whether that request failed (the network): the parent may try again. */
  failed: boolean;
  onStay: () => void;
  onSignOut: () => void;
}

/**
 * Tab and Shift+Tab go round the dialog's buttons: the modal dialog makes the page behind it
 * inert, but Tab past its last button would otherwise leave the page.
 */
function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>): void {
  if (event.key !== 'Tab') return;
  const buttons = Array.from(event.currentTarget.querySelectorAll('button'));
  const first = buttons[0];
  const last = buttons.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey ? active === first || !buttons.includes(active as HTMLButtonElement) : active === last) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  }
}

/**
 * The warning before the idle time-out: a modal alert dialog (focus stays inside it; its title,
 * text and the time left are announced when it opens) with the time left, "Stay signed in"
 * (focused; Escape does the same) and "Sign out".
 */
export function IdleWarning({ msLeft, staying, failed, onStay, onSignOut }: TIdleWarningProps) {
  const { t, i18n } = useTranslation('common');
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) element.showModal();
    // "Stay signed in", the first button, takes the focus.
    element.querySelector('button')?.focus();
    return () => element.close();
  }, []);

  return (
    <dialog
      ref={dialog}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body ${id}-time`}
      onCancel={(event) => {
        event.preventDefault();
        onStay();
      }}
      onKeyDown={keepFocusInside}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl bg-white p-6 text-slate-800 shadow-xl ring-1 ring-slate-200 backdrop:bg-slate-950/60 dark:bg-slate-900 dark:text-slate-100 dark:ring-slate-700"
    >
      <div className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-purple-100 text-purple-700 dark:bg-purple-900/60 dark:text-purple-200">
          <TimerReset aria-hidden="true" className="size-5" />
        </span>
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {t('idle.title')}
        </h2>
      </div>
      <p id={`${id}-body`} className="mt-4 text-sm text-slate-700 dark:text-slate-300">
        {t('idle.body')}
      </p>
      <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
        {t('idle.timeLeft')}{' '}
        <span
          id={`${id}-time`}
          role="timer"
          dir="ltr"
          className="inline-block text-2xl font-bold tabular-nums text-slate-900 dark:text-white"
        >
          {formatCountdown(msLeft, i18n.language)}
        </span>
      </p>
      {failed ? (
        <div className="mt-4">
          <ErrorAlert>{t('errors.network')}</ErrorAlert>
        </div>
      ) : null}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row-reverse">
        <Button onClick={onStay} aria-disabled={staying}>
          {staying ? t('idle.staying') : t('idle.stay')}
        </Button>
        <Button variant="secondary" onClick={onSignOut}>
          {t('signOut')}
        </Button>
      </div>
    </dialog>
  );
}
