import { useTranslation } from 'react-i18next';
import type { TThreadMessage } from '@portal/contracts/families/publications';
import { SchoolText } from '../../../components/module/school-text.tsx';
import { DownloadButton } from '../../../components/module/download-button.tsx';
import { cx } from '../../../lib/class-names.ts';
import { formatFullDateTime, useTimeZone } from '../../../lib/dates.ts';
import { ATTACHMENTS_PATH } from '../../../kits/attachments/api.ts';
import { formatSize } from '../../../kits/attachments/attachment-field.tsx';

/**
 * One message of a thread as a bubble: the parent's at the end edge, the school's at the start
 * edge (mirrored in Arabic), with who wrote it, when, its text as typed and its files.
 */
export function MessageBubble({ message }: { message: TThreadMessage }) {
  const { t, i18n } = useTranslation('communication');
  const timeZone = useTimeZone();
  const mine = message.author === 'parent';
  return (
    <li
      data-author={message.author}
      className={cx(
        'flex max-w-[88%] flex-col gap-1 sm:max-w-[75%]',
        mine ? 'ms-auto items-end' : 'me-auto items-start',
      )}
    >
      <p className="flex flex-wrap items-baseline gap-x-2 px-1 text-xs text-slate-600 dark:text-slate-400">
        <span className="font-semibold text-slate-800 dark:text-slate-200">
          {mine ? t('thread.you') : <SchoolText en={message.authorName} ar={message.authorNameAr} />}
        </span>
        <time dateTime={message.at}>{formatFullDateTime(message.at, i18n.language, timeZone)}</time>
      </p>
      <div
        dir="auto"
        className={cx(
          'rounded-2xl px-4 py-2.5 text-sm leading-relaxed break-words whitespace-pre-wrap',
          mine
            ? 'rounded-ee-md bg-purple-600 text-white dark:bg-purple-700'
            : 'rounded-es-md bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100',
        )}
      >
        {message.body}
      </div>
      {message.attachments.length > 0 ? (
        <ul aria-label={t('thread.attachments')} className="flex flex-col gap-1">
          {message.attachments.map((file) => (
            <li key={file.id} className="flex flex-wrap items-center gap-x-1">
              <DownloadButton
                url={`${ATTACHMENTS_PATH}/${encodeURIComponent(file.id)}`}
                fallbackName={file.fileName}
                label={file.fileName}
                hiddenLabel={t('thread.download')}
              />
              <span className="text-xs text-slate-600 tabular-nums dark:text-slate-400">
                {formatSize(file.sizeBytes, i18n.language)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
