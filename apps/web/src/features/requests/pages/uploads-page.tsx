import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CalendarClock,
  CircleCheck,
  CircleX,
  FileText,
  FileUp,
  Hourglass,
  Send,
  type LucideIcon,
} from 'lucide-react';
import type { TDocumentRequest, TDocumentState } from '@portal/contracts/families/uploads';
import { EmptyState } from '../../../components/module/empty-state.tsx';
import { FailureAlert } from '../../../components/module/failure-alert.tsx';
import { NoChild } from '../../../components/module/no-child.tsx';
import { PageHeader } from '../../../components/module/page-header.tsx';
import { QueryState } from '../../../components/module/query-state.tsx';
import { cardBox } from '../../../components/module/styles.ts';
import { ErrorAlert, StatusNotice } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { TRequestsPageProps } from './leave-page.tsx';
import { AttachmentField, formatSize } from '../../../kits/attachments/attachment-field.tsx';
import { RequestHistory } from '../../../kits/requests/request-history.tsx';
import { RequestStatusChip } from '../../../kits/requests/status-chip.tsx';
import { toApiFailure } from '../../../lib/api-error.ts';
import { cx } from '../../../lib/class-names.ts';
import { formatDay } from '../../../lib/dates.ts';
import { CardGroup, RequestListSkeleton } from '../components/list-states.tsx';
import { childChip } from '../components/request-card.tsx';
import { useGetDocumentRequestsQuery, useSendDocumentMutation } from '../uploads-api.ts';

/** How each state of an asked document shows: an icon and a colour, always beside its word. */
const STATE_LOOK: Record<TDocumentState, { icon: LucideIcon; chip: string }> = {
  waiting: {
    icon: FileUp,
    chip: 'bg-slate-100 text-slate-800 ring-slate-300 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600',
  },
  sent: {
    icon: Hourglass,
    chip: 'bg-amber-50 text-amber-900 ring-amber-200 dark:bg-amber-950/50 dark:text-amber-200 dark:ring-amber-800',
  },
  accepted: {
    icon: CircleCheck,
    chip: 'bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-950/50 dark:text-emerald-200 dark:ring-emerald-800',
  },
  refused: {
    icon: CircleX,
    chip: 'bg-red-50 text-red-800 ring-red-200 dark:bg-red-950/50 dark:text-red-200 dark:ring-red-800',
  },
};

function StateChip({ state }: { state: TDocumentState }) {
  const { t } = useTranslation('uploads');
  const { icon: Icon, chip } = STATE_LOOK[state];
  return (
    <span
      data-state={state}
      className={cx(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        chip,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5 shrink-0" />
      {t(`state.${state}`)}
    </span>
  );
}

/** The school's text in the page's language, English (marked) when the Arabic is missing. */
function SchoolText({
  text,
  as: Tag = 'span',
  className,
}: {
  text: { en: string; ar: string };
  as?: 'span' | 'p' | 'h3';
  className?: string;
}) {
  const { i18n } = useTranslation();
  const arabic = i18n.language === 'ar' && text.ar.trim() !== '';
  const fallback = i18n.language === 'ar' && !arabic;
  return (
    <Tag className={className} dir="auto" {...(fallback ? { lang: 'en' } : {})}>
      {arabic ? text.ar : text.en}
    </Tag>
  );
}

/**
 * `/upload`: the documents the school asked the family for, one card per child and document, with
 * its due day (in red once past), what the school wants, where it stands, the files sent and their
 * history, and, while it is wanted, a field to upload files and send them.
 */
export function UploadsPage({ title, icon, child, family = [] }: TRequestsPageProps) {
  const { t } = useTranslation('uploads');
  const children = family.length > 0 ? family : child ? [child] : [];
  return (
    <div className="space-y-6">
      <PageHeader title={title} icon={icon} />
      <p className="max-w-prose text-slate-700 dark:text-slate-300">{t('intro')}</p>
      {children.length === 0 ? <NoChild message={t('noChild')} /> : <DocumentList />}
    </div>
  );
}

function DocumentList() {
  const { t } = useTranslation('uploads');
  const query = useGetDocumentRequestsQuery();
  const items = query.currentData;
  if (query.isError && !items) {
    return <QueryState isLoading={false} error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (!items) return <RequestListSkeleton testId="uploads-skeleton" />;
  if (items.length === 0)
    return (
      <EmptyState icon={FileText} iconTone="muted">
        {t('empty')}
      </EmptyState>
    );
  const open = items.filter((item) => item.state !== 'accepted');
  const done = items.filter((item) => item.state === 'accepted');
  return (
    <div className="space-y-8">
      {open.length > 0 ? (
        <CardGroup id="uploads-open" title={t('open')}>
          {open.map((item) => (
            <li key={item.id}>
              <DocumentCard item={item} />
            </li>
          ))}
        </CardGroup>
      ) : null}
      {done.length > 0 ? (
        <CardGroup id="uploads-done" title={t('done')}>
          {done.map((item) => (
            <li key={item.id}>
              <DocumentCard item={item} />
            </li>
          ))}
        </CardGroup>
      ) : null}
    </div>
  );
}

function DocumentCard({ item }: { item: TDocumentRequest }) {
  const { t, i18n } = useTranslation('uploads');
  const lng = i18n.language;
  const headingId = `document-${item.id}`;
  const due = formatDay(item.dueOn, lng, {
    weekday: 'short',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  return (
    <article aria-labelledby={headingId} className={cx(cardBox, 'space-y-4')}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-56 space-y-2">
          <h3 id={headingId} className="text-base font-semibold text-slate-900 dark:text-white">
            <SchoolText text={item.title} />
          </h3>
          <div className="flex flex-wrap items-center gap-2">
            <span className={childChip}>
              <bdi>{item.childName}</bdi>
            </span>
            <span
              className={cx(
                'inline-flex items-center gap-1 text-sm',
                item.overdue
                  ? 'font-semibold text-red-700 dark:text-red-300'
                  : 'text-slate-700 dark:text-slate-300',
              )}
            >
              <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
              {item.overdue ? t('overdue', { day: due }) : t('due', { day: due })}
            </span>
          </div>
        </div>
        <StateChip state={item.state} />
      </div>
      {item.details.en || item.details.ar ? (
        <SchoolText
          as="p"
          text={item.details}
          className="max-w-prose text-sm whitespace-pre-line text-slate-700 dark:text-slate-300"
        />
      ) : null}
      {item.state === 'refused' && item.schoolNote ? (
        <p className="rounded-2xl bg-red-50 px-4 py-3 text-sm text-red-900 dark:bg-red-950/40 dark:text-red-100">
          <span className="font-semibold">{t('schoolNote')} </span>
          <span dir="auto">{item.schoolNote}</span>
        </p>
      ) : null}
      {item.state === 'sent' ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('underReview')}</p>
      ) : null}
      {item.canSend ? <SendForm item={item} /> : null}
      {item.uploads.length > 0 ? (
        <div className="space-y-3">
          <h4 className="text-sm font-semibold text-slate-900 dark:text-white">{t('sentFiles')}</h4>
          <ol className="space-y-3">
            {item.uploads.map((upload) => (
              <li
                key={upload.requestId}
                className="space-y-2 rounded-2xl border border-slate-200 p-3 dark:border-slate-700"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="text-xs text-slate-600 dark:text-slate-400">
                    {t('sentOn', {
                      day: formatDay(upload.createdAt.slice(0, 10), lng, {
                        day: 'numeric',
                        month: 'long',
                        year: 'numeric',
                      }),
                    })}
                  </span>
                  <RequestStatusChip status={upload.status} />
                </div>
                <ul className="space-y-1">
                  {upload.files.map((file) => (
                    <li
                      key={file.id}
                      className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-100"
                    >
                      <FileText
                        aria-hidden="true"
                        className="size-4 shrink-0 text-slate-500 dark:text-slate-400"
                      />
                      <bdi className="min-w-0 truncate">{file.fileName}</bdi>
                      <span className="shrink-0 text-xs text-slate-600 dark:text-slate-400">
                        {formatSize(file.sizeBytes, lng)}
                      </span>
                    </li>
                  ))}
                </ul>
                <details className="text-sm">
                  <summary className="cursor-pointer font-medium text-purple-800 dark:text-purple-300">
                    {t('history')}
                  </summary>
                  <div className="pt-3">
                    <RequestHistory events={upload.history} title={t('history')} level="h4" />
                  </div>
                </details>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </article>
  );
}

function SendForm({ item }: { item: TDocumentRequest }) {
  const { t } = useTranslation('uploads');
  const [attachmentIds, setAttachmentIds] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [missing, setMissing] = useState(false);
  const [send, state] = useSendDocumentMutation();
  const failure = state.error ? toApiFailure(state.error) : null;
  const onChange = useCallback((ids: string[]) => {
    setAttachmentIds(ids);
    if (ids.length > 0) setMissing(false);
  }, []);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (state.isLoading || uploading) return;
    if (attachmentIds.length === 0) {
      setMissing(true);
      return;
    }
    await send({ documentRequestId: item.id, attachmentIds });
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-3">
      <AttachmentField
        label={item.state === 'refused' ? t('form.again') : t('form.files')}
        onChange={onChange}
        onUploadingChange={setUploading}
      />
      {missing ? <ErrorAlert>{t('form.missing')}</ErrorAlert> : null}
      {state.isSuccess ? <StatusNotice tone="success">{t('form.sent')}</StatusNotice> : null}
      {failure ? <FailureAlert failure={failure} /> : null}
      <Button type="submit" aria-disabled={state.isLoading || uploading} aria-busy={state.isLoading}>
        {state.isLoading ? <Spinner /> : <Send aria-hidden="true" className="size-4 rtl:-scale-x-100" />}
        {state.isLoading ? t('form.sending') : t('form.send')}
      </Button>
    </form>
  );
}
