import { useTranslation } from 'react-i18next';
import { FileText } from 'lucide-react';
import type { TPublicationFile } from '@portal/contracts/families/publications';
import { DownloadButton } from '../../../components/module/download-button.tsx';
import { fileSize } from '../files.ts';

/**
 * A file's row: a long file name wraps (anywhere: names have no spaces) rather than widening
 * the page on a phone.
 */
const fileRow =
  'flex max-w-full min-w-0 flex-wrap items-center gap-x-2 [&_button]:text-start [&_button]:whitespace-normal [&_button]:[overflow-wrap:anywhere]';

/** The PDFs a publication carries, each downloaded with the session, with its size. */
export function PublicationFiles({
  files,
  urlOf,
}: {
  files: readonly TPublicationFile[];
  /** The API path of a file. */
  urlOf: (file: TPublicationFile) => string;
}) {
  const { t, i18n } = useTranslation('circulars');
  if (files.length === 0) return null;
  return (
    <ul aria-label={t('files.label')} className="flex flex-col items-start gap-1">
      {files.map((file) => (
        <li key={file.id} className={fileRow}>
          <DownloadButton
            url={urlOf(file)}
            fallbackName={file.fileName}
            label={file.fileName}
            hiddenLabel={t('files.download')}
          />
          <span className="inline-flex shrink-0 items-center gap-1 text-xs text-slate-600 tabular-nums dark:text-slate-300">
            <FileText aria-hidden="true" className="size-3.5" />
            {t('files.pdf', { size: fileSize(file.sizeBytes, i18n.language) })}
          </span>
        </li>
      ))}
    </ul>
  );
}
