import { useTranslation } from 'react-i18next';
import { CircleAlert, CircleCheck, FileImage, FileText, RotateCw, X } from 'lucide-react';
import { focusRing } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import type { TApiFailure } from '../../lib/api-error.ts';
import { cx } from '../../lib/class-names.ts';

/** Why a file is not attached: refused by the browser's checks, or by the server (its message id). */
export type TReason =
  | { kind: 'browser'; key: 'wrongType' | 'tooBig' | 'empty' | 'tooMany' }
  | { kind: 'server'; failure: TApiFailure };

/** A file the parent chose, and where its upload stands. */
export interface TAttachmentEntry {
  key: number;
  file: File;
  /** `refused` never left the browser; `failed` did and may be tried again. */
  state: 'uploading' | 'done' | 'failed' | 'refused';
  attachmentId?: string;
  reason?: TReason;
}

const iconButton = cx(
  'inline-flex size-11 shrink-0 items-center justify-center rounded-xl text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
  focusRing,
);

interface TAttachmentRowProps {
  entry: TAttachmentEntry;
  /** The file's size as the language writes it. */
  size: string;
  /** Why it is not attached, in the parent's words ('' when it is or may be). */
  reason: string;
  onRetry: () => void;
  onRemove: () => void;
}

/** One chosen file: its name and size, its state in words and an icon, retry and remove. */
export function AttachmentRow({ entry, size, reason, onRetry, onRemove }: TAttachmentRowProps) {
  const { t } = useTranslation('kits');
  const { file, state } = entry;
  const FileIcon = file.type.startsWith('image/') ? FileImage : FileText;
  const refused = state === 'failed' || state === 'refused';
  return (
    <li
      data-state={state}
      className={cx(
        'flex items-center gap-3 rounded-xl border px-3 py-2 text-sm',
        refused
          ? 'border-red-200 bg-red-50 dark:border-red-900 dark:bg-red-950/40'
          : 'border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900',
      )}
    >
      <FileIcon aria-hidden="true" className="size-5 shrink-0 text-slate-500 dark:text-slate-400" />
      <div className="min-w-0 flex-1">
        <p className="flex min-w-0 items-baseline gap-2">
          <bdi className="truncate font-medium text-slate-900 dark:text-white">{file.name}</bdi>
          <span className="shrink-0 text-xs text-slate-600 tabular-nums dark:text-slate-400">{size}</span>
        </p>
        <p className="mt-0.5 flex items-center gap-1.5 text-xs">
          {state === 'uploading' ? (
            <>
              <Spinner className="size-3.5 border-purple-200 border-t-purple-600 dark:border-purple-900 dark:border-t-purple-300" />
              <span className="text-slate-700 dark:text-slate-300">{t('attachments.uploading')}</span>
            </>
          ) : null}
          {state === 'done' ? (
            <>
              <CircleCheck
                aria-hidden="true"
                className="size-3.5 shrink-0 text-emerald-700 dark:text-emerald-300"
              />
              <span className="text-emerald-800 dark:text-emerald-200">{t('attachments.uploaded')}</span>
            </>
          ) : null}
          {refused ? (
            <>
              <CircleAlert aria-hidden="true" className="size-3.5 shrink-0 text-red-700 dark:text-red-300" />
              <span className="text-red-800 dark:text-red-200">{t('attachments.failed', { reason })}</span>
            </>
          ) : null}
        </p>
      </div>
      {state === 'failed' ? (
        <button
          type="button"
          onClick={onRetry}
          className={iconButton}
          aria-label={t('attachments.retryFile', { name: file.name })}
          title={t('attachments.retry')}
        >
          <RotateCw aria-hidden="true" className="size-4" />
        </button>
      ) : null}
      <button
        type="button"
        onClick={onRemove}
        className={iconButton}
        aria-label={t('attachments.remove', { name: file.name })}
        title={t('attachments.remove', { name: file.name })}
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}
