import { useTranslation } from 'react-i18next';
import { FileText } from 'lucide-react';
import type { TReportCard } from '@portal/contracts/families/results';
import {
  ChildModulePage,
  type TChildModulePageProps,
  type TPageChild,
} from '../../../components/module/child-module-page.tsx';
import { DownloadButton } from '../../../components/module/download-button.tsx';
import { QueryState } from '../../../components/module/query-state.tsx';
import { SchoolText, schoolText } from '../../../components/module/school-text.tsx';
import { Bone, Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDate, todayIn, useTimeZone } from '../../../lib/dates.ts';
import { reportCardPdfPath, useGetReportCardsQuery } from '../report-cards-api.ts';

type TReportCardsPageProps = Omit<TChildModulePageProps, 'children' | 'noChildMessage'>;

/**
 * `/report`: the child's report cards as the school publishes them, newest first, each "New"
 * until this parent opens it, with its PDF in English and in Arabic (the one the school
 * supplied serves both, so then there is one button).
 */
export function ReportCardsPage(props: TReportCardsPageProps) {
  const { t } = useTranslation('reportCards');
  return (
    <ChildModulePage {...props} noChildMessage={t('noChild')}>
      {(child) => <ReportCards child={child} />}
    </ChildModulePage>
  );
}

const cardBox = 'rounded-3xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900';

function ReportCardsSkeleton() {
  return (
    <Skeleton className="space-y-4">
      {[0, 1].map((index) => (
        <div key={index} data-testid="report-card-skeleton" className={`${cardBox} flex gap-4`}>
          <Bone className="size-12 shrink-0 rounded-2xl" />
          <div className="flex-1 space-y-2">
            <Bone className="h-5 w-1/2" />
            <Bone className="h-4 w-1/3" />
            <div className="flex gap-2 pt-2">
              <Bone className="h-11 w-40 rounded-xl" />
              <Bone className="h-11 w-40 rounded-xl" />
            </div>
          </div>
        </div>
      ))}
    </Skeleton>
  );
}

function ReportCards({ child }: { child: TPageChild }) {
  const { t } = useTranslation('reportCards');
  const query = useGetReportCardsQuery(child.enrollNumber);
  const answer = query.currentData;
  if (query.isError && !answer) {
    return <QueryState isLoading={false} error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (!answer) return <ReportCardsSkeleton />;
  if (answer.items.length === 0) {
    return (
      <div className="rounded-3xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center dark:border-slate-700 dark:bg-slate-900">
        <FileText aria-hidden="true" className="mx-auto size-8 text-slate-400" />
        <p className="mt-3 text-slate-700 dark:text-slate-200">{t('empty')}</p>
      </div>
    );
  }
  return (
    <ul className="space-y-4">
      {answer.items.map((card) => (
        <ReportCardItem key={card.id} card={card} onOpened={() => void query.refetch()} />
      ))}
    </ul>
  );
}

function ReportCardItem({ card, onOpened }: { card: TReportCard; onOpened: () => void }) {
  const { t, i18n } = useTranslation('reportCards');
  const timeZone = useTimeZone();
  const dayOf = (instant: string) => formatDate(todayIn(timeZone, new Date(instant)), i18n.language);
  const title = schoolText(card.title, card.titleAr, i18n.language).text;
  return (
    <li className={`${cardBox} flex flex-col gap-4 sm:flex-row sm:items-start`}>
      <span
        aria-hidden="true"
        className="inline-flex size-12 shrink-0 items-center justify-center rounded-2xl bg-violet-100 text-violet-800 dark:bg-violet-900/60 dark:text-violet-100"
      >
        <FileText className="size-6" />
      </span>
      <div className="min-w-0 flex-1 space-y-3">
        <div className="space-y-1">
          <h2 className="flex flex-wrap items-center gap-2 font-semibold text-slate-900 dark:text-white">
            <SchoolText en={card.title} ar={card.titleAr} />
            {card.openedAt === null ? (
              <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-600/20 ring-inset dark:bg-amber-950/60 dark:text-amber-200 dark:ring-amber-400/30">
                {t('new')}
              </span>
            ) : null}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {card.term ? (
              <>
                <SchoolText en={card.term.title} ar={card.term.titleAr} />
                <span aria-hidden="true"> · </span>
              </>
            ) : null}
            {t('publishedOn', { date: dayOf(card.publishedAt) })}
          </p>
          {card.openedAt !== null ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {t('openedOn', { date: dayOf(card.openedAt) })}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {card.languages.map((lng) => (
            <DownloadButton
              key={lng}
              variant="button"
              url={reportCardPdfPath(card.id)}
              lng={lng}
              fallbackName={`report-card-${card.id}.pdf`}
              label={t(lng === 'ar' ? 'openArabic' : 'openEnglish')}
              hiddenLabel={`${title}:`}
              onDownloaded={onOpened}
            />
          ))}
        </div>
      </div>
    </li>
  );
}
