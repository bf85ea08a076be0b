import { useState, type ReactNode } from 'react';
import type { SerializedError } from '@reduxjs/toolkit';
import { useTranslation } from 'react-i18next';
import { Ban, ChevronDown } from 'lucide-react';
import type { TRequestItem } from '@portal/contracts/families/requests';
import { FailureAlert } from '../../../components/module/failure-alert.tsx';
import { cardBox } from '../../../components/module/styles.ts';
import { Button, focusRing } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { RequestHistory } from '../../../kits/requests/request-history.tsx';
import { RequestStatusChip } from '../../../kits/requests/status-chip.tsx';
import type { TApiError } from '../../../lib/api.ts';
import { toApiFailure } from '../../../lib/api-error.ts';
import { cx } from '../../../lib/class-names.ts';
import { formatDateTime, useTimeZone } from '../../../lib/dates.ts';

/** The look of the requests pages' child's chip. */
export const childChip =
  'inline-flex items-center rounded-full bg-sky-50 px-2.5 py-0.5 text-xs font-semibold text-sky-900 ring-1 ring-sky-200 ring-inset dark:bg-sky-950/50 dark:text-sky-100 dark:ring-sky-800';

/** What cancelling a request does, as a mutation hook gives it. */
export type TCancel = {
  run: (id: string) => Promise<{ data?: unknown; error?: unknown }>;
  isLoading: boolean;
  error: TApiError | SerializedError | undefined;
  reset: () => void;
};

/** What a cancel mutation hook gives: its trigger, and the state of its latest run. */
type TCancelMutation = readonly [
  (id: string) => Promise<{ data?: unknown; error?: unknown }>,
  {
    isLoading: boolean;
    originalArgs?: string | undefined;
    error?: TApiError | SerializedError | undefined;
    reset: () => void;
  },
];

/**
 * The cancelling of one request through a cancel mutation hook shared by the list: the spinner
 * and the failure show on the card whose request the latest run was for, and only there.
 */
export function cancelOf([cancel, state]: TCancelMutation, id: string): TCancel {
  const isThis = state.originalArgs === id;
  return {
    run: (requestId) => cancel(requestId),
    isLoading: state.isLoading && isThis,
    error: isThis ? state.error : undefined,
    reset: state.reset,
  };
}

interface TRequestCardProps {
  item: TRequestItem;
  /** What the request is ("Leave request", "Exit slip"). */
  title: string;
  /** What the kind shows below the title (the days of a leave). */
  details?: ReactNode;
  cancel: TCancel;
  /** The kind's own word for the state it is in (a resolved ticket). */
  statusLabel?: string | undefined;
  /** The kind's own buttons (a draft's "Edit" and "Send"), before "Cancel". */
  actions?: ReactNode;
  /** The summary in the reader's language, where the kind's summary is codes (a photocopy's). */
  summary?: string;
}

/**
 * One request as the family reads it: what it is, the children it names, where it stands, what
 * the parent wrote, when it was sent, its history (who changed it, when, why) and, while the
 * school has not decided, a way to cancel it, asked once more before it is done.
 */
export function RequestCard({
  item,
  title,
  details,
  cancel,
  statusLabel,
  actions,
  summary = item.summary,
}: TRequestCardProps) {
  const isDraft = item.status === 'draft';
  const { t, i18n } = useTranslation('requisitions');
  const timeZone = useTimeZone();
  const [confirming, setConfirming] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const failure = cancel.error ? toApiFailure(cancel.error) : null;
  const headingId = `request-${item.id}`;
  const historyId = `request-history-${item.id}`;
  const confirm = async () => {
    if (cancel.isLoading) return;
    const answer = await cancel.run(item.id);
    if ('data' in answer && answer.data !== undefined) setConfirming(false);
  };
  return (
    <article aria-labelledby={headingId} className={cx(cardBox, 'space-y-3')}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-56 space-y-2">
          <h3 id={headingId} className="text-base font-semibold text-slate-900 dark:text-white">
            {title}
          </h3>
          {item.children.length > 0 ? (
            <ul aria-label={t('card.children')} className="flex flex-wrap gap-1.5">
              {item.children.map((child) => (
                <li key={child.enrollNumber} className={childChip}>
                  <bdi>{child.childName}</bdi>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <RequestStatusChip status={item.status} label={statusLabel} />
      </div>
      {details}
      {summary ? (
        <p dir="auto" className="line-clamp-4 whitespace-pre-line text-sm text-slate-800 dark:text-slate-100">
          {summary}
        </p>
      ) : null}
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {isDraft ? t('card.savedOn') : t('card.sentOn')}{' '}
        <time dateTime={item.createdAt} dir="ltr">
          {formatDateTime(item.createdAt, i18n.language, timeZone)}
        </time>
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          aria-expanded={historyOpen}
          aria-controls={historyId}
          onClick={() => setHistoryOpen((open) => !open)}
          className={cx(
            'inline-flex min-h-11 items-center gap-1.5 rounded-xl px-3 text-sm font-semibold text-purple-800 hover:bg-purple-50 dark:text-purple-200 dark:hover:bg-purple-950/50',
            focusRing,
          )}
        >
          <ChevronDown
            aria-hidden="true"
            className={cx(
              'size-4 transition-transform motion-reduce:transition-none',
              historyOpen && 'rotate-180',
            )}
          />
          {historyOpen ? t('card.hideHistory') : t('card.showHistory', { count: item.history.length })}
        </button>
        {actions}
        {item.canCancel ? (
          <Button
            variant="secondary"
            onClick={() => {
              cancel.reset();
              setConfirming(true);
            }}
          >
            <Ban aria-hidden="true" className="size-4" />
            {isDraft ? t('card.discard') : t('card.cancel')}
          </Button>
        ) : null}
      </div>
      <div id={historyId} hidden={!historyOpen} className="pt-1">
        {historyOpen ? <RequestHistory events={item.history} title={t('card.history')} /> : null}
      </div>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={isDraft ? t('card.confirmDiscardTitle') : t('card.confirmTitle')}
        icon={<Ban aria-hidden="true" className="size-5" />}
        actions={
          <>
            <Button
              onClick={() => void confirm()}
              aria-disabled={cancel.isLoading}
              aria-busy={cancel.isLoading}
            >
              {cancel.isLoading ? <Spinner /> : null}
              {cancel.isLoading ? t('card.cancelling') : t('card.confirm')}
            </Button>
            <Button variant="secondary" data-autofocus onClick={() => setConfirming(false)}>
              {t('card.keep')}
            </Button>
          </>
        }
      >
        <p>{isDraft ? t('card.confirmDiscardBody') : t('card.confirmBody')}</p>
        {failure ? <FailureAlert failure={failure} /> : null}
      </Dialog>
    </article>
  );
}
