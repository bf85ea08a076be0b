import { useTranslation } from 'react-i18next';
import { FileDown } from 'lucide-react';
import type { TLanguage } from '@portal/contracts/constants';
import { focusRing } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toApiFailure } from '../../../lib/api-error.ts';
import { useDownloadDocumentMutation } from '../../../lib/download.ts';
import { reportCardPdfPath } from '../report-cards-api.ts';

interface TReportCardPdfButtonProps {
  id: string;
  /** The language of the PDF this button opens. */
  lng: TLanguage;
  /** The card's title as the page shows it, read before the label by assistive technology. */
  cardTitle: string;
  /** Called once the PDF is saved (the school now knows it was opened). */
  onOpened: () => void;
}

/** Opens (downloads) a report card's PDF in one language; says so if it could not. */
export function ReportCardPdfButton({ id, lng, cardTitle, onOpened }: TReportCardPdfButtonProps) {
  const { t } = useTranslation(['reportCards', 'messages']);
  const [download, { isLoading, error }] = useDownloadDocumentMutation();
  const failure = error ? toApiFailure(error) : null;
  const open = async () => {
    const answer = await download({ url: reportCardPdfPath(id), lng, fallbackName: `report-card-${id}.pdf` });
    if ('data' in answer) onOpened();
  };
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <button
        type="button"
        aria-busy={isLoading}
        disabled={isLoading}
        onClick={() => void open()}
        className={`inline-flex min-h-11 items-center gap-2 rounded-xl border border-slate-300 bg-white px-3 text-sm font-semibold whitespace-nowrap text-slate-800 shadow-sm hover:bg-slate-50 disabled:cursor-wait dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700 ${focusRing}`}
      >
        {isLoading ? (
          <Spinner className="border-purple-200 border-t-purple-600 dark:border-purple-900 dark:border-t-purple-300" />
        ) : (
          <FileDown aria-hidden="true" className="size-4" />
        )}
        <span className="sr-only">{cardTitle}: </span>
        {t(lng === 'ar' ? 'openArabic' : 'openEnglish')}
      </button>
      {failure ? (
        <span role="alert" className="text-xs text-red-700 dark:text-red-300">
          {t(failure.key, { defaultValue: t('messages:L000') })}
        </span>
      ) : null}
    </span>
  );
}
