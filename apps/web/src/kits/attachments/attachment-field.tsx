import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import type { SerializedError } from '@reduxjs/toolkit';
import { useTranslation } from 'react-i18next';
import { Upload } from 'lucide-react';
import { MAX_ATTACHMENTS_PER_ITEM } from '@portal/contracts/kits/attachments';
import { UPLOAD_LIMIT_BYTES } from '@portal/contracts/constants';
import type { TApiError } from '../../lib/api.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import { cx } from '../../lib/class-names.ts';
import { formatNumber } from '../../lib/numbers.ts';
import { useUploadAttachmentMutation } from './api.ts';
import { AttachmentRow, type TAttachmentEntry, type TReason } from './attachment-row.tsx';
import { ACCEPTED_FILES, refusalOf } from './file-check.ts';

interface TAttachmentFieldProps {
  /** The field's visible label ("Supporting documents"). */
  label: string;
  /** The ids of the files uploaded and kept, in the order they were chosen, after each change. */
  onChange: (attachmentIds: string[]) => void;
  /** Whether a file is still on its way, so a form can wait before it is sent. */
  onUploadingChange?: (uploading: boolean) => void;
  /** How many files the item takes (at most the server's limit, 5). */
  max?: number;
}

/** A file size as the language writes it ("2.4 MB", "٢٫٤ ميغابايت"). */
export function formatSize(bytes: number, lng: string): string {
  const megabytes = bytes / (1024 * 1024);
  return megabytes >= 1
    ? formatNumber(megabytes, lng, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 })
    : formatNumber(Math.max(1, Math.ceil(bytes / 1024)), lng, { style: 'unit', unit: 'kilobyte' });
}

/**
 * Files attached to a request or a message: chosen with a real file input or dropped, checked
 * in the browser (type, size, count) and each uploaded at once to `POST /attachments`; every
 * file shows its name, size and state (uploading, uploaded, or why not, with a retry) and can
 * be removed. Results are announced; the caller gets the ids of the uploaded files.
 */
export function AttachmentField({
  label,
  onChange,
  onUploadingChange,
  max = MAX_ATTACHMENTS_PER_ITEM,
}: TAttachmentFieldProps) {
  const { t, i18n } = useTranslation(['kits', 'messages']);
  const lng = i18n.language;
  const inputId = useId();
  const rulesId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [upload] = useUploadAttachmentMutation();
  const [entries, setEntries] = useState<TAttachmentEntry[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState(false);
  const nextKey = useRef(0);
  const aborts = useRef(new Map<number, () => void>());
  const reported = useRef({ ids: '[]', uploading: false });
  const limit = Math.min(max, MAX_ATTACHMENTS_PER_ITEM);
  const sizeLimit = formatSize(UPLOAD_LIMIT_BYTES, lng);

  useEffect(() => {
    const ids = entries.flatMap((entry) =>
      entry.state === 'done' && entry.attachmentId ? [entry.attachmentId] : [],
    );
    const uploading = entries.some((entry) => entry.state === 'uploading');
    if (JSON.stringify(ids) !== reported.current.ids) onChange(ids);
    if (uploading !== reported.current.uploading) onUploadingChange?.(uploading);
    reported.current = { ids: JSON.stringify(ids), uploading };
  }, [entries, onChange, onUploadingChange]);

  // Uploads still running when the field goes away are dropped.
  useEffect(() => {
    const running = aborts.current;
    return () => running.forEach((abort) => abort());
  }, []);

  const update = (key: number, change: Partial<TAttachmentEntry>) =>
    setEntries((current) => current.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));

  const reasonText = (reason: TReason) =>
    reason.kind === 'server'
      ? t(reason.failure.key, { defaultValue: t('messages:L000') })
      : t(`kits:attachments.${reason.key}`, { size: sizeLimit, number: formatNumber(limit, lng) });

  const start = (key: number, file: File) => {
    const request = upload(file);
    aborts.current.set(key, () => request.abort());
    request
      .unwrap()
      .then((attachment) => {
        if (!aborts.current.has(key)) return;
        update(key, { state: 'done', attachmentId: attachment.id });
        setAnnouncement(t('kits:attachments.announceUploaded', { name: file.name }));
      })
      .catch((error: unknown) => {
        if (!aborts.current.has(key)) return;
        const reason: TReason = {
          kind: 'server',
          failure: toApiFailure(error as TApiError | SerializedError),
        };
        update(key, { state: 'failed', reason });
        setAnnouncement(
          t('kits:attachments.announceFailed', { name: file.name, reason: reasonText(reason) }),
        );
      })
      .finally(() => aborts.current.delete(key));
  };

  const addFiles = (files: readonly File[]) => {
    let taken = entries.filter((entry) => entry.state !== 'refused').length;
    const added: TAttachmentEntry[] = [];
    for (const file of files) {
      const key = nextKey.current++;
      const refusal = refusalOf(file) ?? (taken >= limit ? 'tooMany' : null);
      if (refusal) {
        const reason: TReason = { kind: 'browser', key: refusal };
        added.push({ key, file, state: 'refused', reason });
        setAnnouncement(
          t('kits:attachments.announceFailed', { name: file.name, reason: reasonText(reason) }),
        );
        continue;
      }
      taken += 1;
      added.push({ key, file, state: 'uploading' });
      start(key, file);
    }
    setEntries((current) => [...current, ...added]);
  };

  const retry = (entry: TAttachmentEntry) => {
    update(entry.key, { state: 'uploading', reason: undefined });
    start(entry.key, entry.file);
  };

  const remove = (entry: TAttachmentEntry) => {
    aborts.current.get(entry.key)?.();
    aborts.current.delete(entry.key);
    setEntries((current) => current.filter((one) => one.key !== entry.key));
    setAnnouncement(t('kits:attachments.announceRemoved', { name: entry.file.name }));
    input.current?.focus();
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    addFiles([...event.dataTransfer.files]);
  };

  return (
    <div className="space-y-3">
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-900 dark:text-slate-100">
        {label}
      </label>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cx(
          'flex flex-col items-center gap-2 rounded-2xl border-2 border-dashed px-4 py-6 text-center text-sm',
          dragging
            ? 'border-purple-500 bg-purple-50 dark:border-purple-400 dark:bg-purple-950/40'
            : 'border-slate-300 bg-white dark:border-slate-700 dark:bg-slate-900',
        )}
      >
        <Upload aria-hidden="true" className="size-6 text-slate-500 dark:text-slate-400" />
        <div className="flex flex-wrap items-center justify-center gap-x-2 gap-y-1">
          <span
            className={cx(
              'relative inline-flex min-h-11 cursor-pointer items-center rounded-xl border border-slate-300 bg-white px-4 font-semibold text-slate-800 shadow-sm hover:bg-slate-50',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-purple-600 has-[:focus-visible]:ring-offset-2 dark:has-[:focus-visible]:ring-purple-400 dark:has-[:focus-visible]:ring-offset-slate-900',
              'dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700',
            )}
          >
            <input
              ref={input}
              id={inputId}
              type="file"
              multiple
              accept={ACCEPTED_FILES}
              aria-describedby={rulesId}
              onChange={(event) => {
                addFiles([...(event.target.files ?? [])]);
                event.target.value = '';
              }}
              className="absolute inset-0 size-full cursor-pointer opacity-0"
            />
            <span aria-hidden="true">{t('kits:attachments.choose')}</span>
          </span>
          <span className="text-slate-600 dark:text-slate-300">{t('kits:attachments.drop')}</span>
        </div>
        <p id={rulesId} className="text-xs text-slate-600 dark:text-slate-400">
          {t('kits:attachments.rules', { size: sizeLimit, number: formatNumber(limit, lng) })}
        </p>
      </div>
      {entries.length > 0 ? (
        <ul aria-label={label} className="space-y-2">
          {entries.map((entry) => (
            <AttachmentRow
              key={entry.key}
              entry={entry}
              size={formatSize(entry.file.size, lng)}
              reason={entry.reason ? reasonText(entry.reason) : ''}
              onRetry={() => retry(entry)}
              onRemove={() => remove(entry)}
            />
          ))}
        </ul>
      ) : null}
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
