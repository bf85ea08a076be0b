import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import type { TLanguage } from '@portal/contracts/constants';
import { focusRing } from '../ui/button.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { toApiFailure } from '../../lib/api-error.ts';
import { cx } from '../../lib/class-names.ts';
import { useDownloadDocumentMutation } from '../../lib/download.ts';
import { toLanguage } from '../../lib/i18n.ts';

interface TDownloadButtonProps {
  /** The document's API path. */
  url: string;
  /** The file name when the answer gives none. */
  fallbackName: string;
  /** The visible label, e.g. "Receipt". */
  label: string;
  /**
   * Read before the visible label by assistive technology only, so the name says what is
   * downloaded ("Download receipt RCT-000012" + "PDF") and still contains the visible text.
   */
  hiddenLabel?: string;
  variant?: 'link' | 'button';
  /** The document's language (`?lng=`); the page's language when left out. */
  lng?: TLanguage;
  /** Called once the document is saved (e.g. to show that it has been opened). */
  onDownloaded?: () => void;
}

/** Downloads a document (a PDF) in the parent's language or the one given; says so if it could not. */
export function DownloadButton({
  url,
  fallbackName,
  label,
  hiddenLabel,
  variant = 'link',
  lng,
  onDownloaded,
}: TDownloadButtonProps) {
  const { t, i18n } = useTranslation(['module', 'messages']);
  const [download, { isLoading, error }] = useDownloadDocumentMutation();
  const failure = error ? toApiFailure(error) : null;
  const save = async () => {
    const answer = await download({ url, lng: lng ?? toLanguage(i18n.language), fallbackName });
    if ('data' in answer) onDownloaded?.();
  };
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <button
        type="button"
        aria-busy={isLoading}
        disabled={isLoading}
        onClick={() => void save()}
        className={cx(
          'inline-flex min-h-11 items-center gap-2 rounded-xl px-3 text-sm font-semibold whitespace-nowrap disabled:cursor-wait',
          variant === 'button'
            ? 'border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700'
            : 'text-purple-700 hover:bg-purple-50 dark:text-purple-300 dark:hover:bg-purple-950/40',
          focusRing,
        )}
      >
        {isLoading ? (
          <Spinner className="border-purple-200 border-t-purple-600 dark:border-purple-900 dark:border-t-purple-300" />
        ) : (
          <Download aria-hidden="true" className="size-4" />
        )}
        {hiddenLabel ? <span className="sr-only">{hiddenLabel}</span> : null}
        {hiddenLabel ? ' ' : null}
        {label}
      </button>
      {failure ? (
        <span role="alert" className="text-xs text-red-700 dark:text-red-300">
          {t(failure.key, { defaultValue: t('messages:L000') })}
        </span>
      ) : null}
    </span>
  );
}
