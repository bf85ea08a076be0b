import { useState } from 'react';
import type { SerializedError } from '@reduxjs/toolkit';
import { useTranslation } from 'react-i18next';
import { CircleCheck } from 'lucide-react';
import { FailureAlert } from '../../components/module/failure-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import type { TApiError } from '../../lib/api.ts';
import { toApiFailure, type TApiFailure } from '../../lib/api-error.ts';
import { formatDay, formatFullDateTime, todayIn, useTimeZone } from '../../lib/dates.ts';

/** A child something is addressed to, and whether (when) it was acknowledged for them. */
export interface TAckChild {
  enrollNumber: string;
  name: string;
  /** When it was acknowledged for this child (ISO instant), or null. */
  acknowledgedAt: string | null;
  /**
   * Who acknowledged it: `you`, or `otherParent` when the child's other parent did first
   * (docs/decisions/021-publications-and-inbox.md). Given, the acknowledged child says who.
   */
  acknowledgedBy?: 'you' | 'otherParent' | null;
}

interface TAckButtonProps {
  /** The children concerned, in the order they are shown. */
  childrenConcerned: readonly TAckChild[];
  /**
   * Sends the acknowledgement for these children; rejects with the API's error (an RTK Query
   * mutation's `unwrap()`), whose message id is shown with a way to try again.
   */
  onAcknowledge: (enrollNumbers: string[]) => Promise<unknown>;
  /** Shows the time of an acknowledgement with its day. */
  withTime?: boolean;
}

/**
 * Acknowledging something per child (a circular, a policy, an incident): a button per child not
 * yet acknowledged, and one for all of them when there are several; an acknowledged child shows
 * the day it was done. The first acknowledgement is the one the school keeps.
 */
export function AckButton({ childrenConcerned, onAcknowledge, withTime = false }: TAckButtonProps) {
  const { t, i18n } = useTranslation(['kits', 'module']);
  const timeZone = useTimeZone();
  const [sending, setSending] = useState<string[] | null>(null);
  const [failed, setFailed] = useState<{ enrollNumbers: string[]; failure: TApiFailure } | null>(null);
  /** Acknowledged here, before the page's data says so. */
  const [doneNow, setDoneNow] = useState<Record<string, string>>({});
  const [announcement, setAnnouncement] = useState('');

  const acknowledgedAt = (child: TAckChild) => child.acknowledgedAt ?? doneNow[child.enrollNumber] ?? null;
  const pending = childrenConcerned.filter((child) => acknowledgedAt(child) === null);
  const everyPending = pending.map((child) => child.enrollNumber);
  const done = childrenConcerned.flatMap((child) => {
    const at = acknowledgedAt(child);
    return at === null ? [] : [{ child, at }];
  });

  const send = async (enrollNumbers: string[]) => {
    if (sending) return;
    setSending(enrollNumbers);
    setFailed(null);
    try {
      await onAcknowledge(enrollNumbers);
      const at = new Date().toISOString();
      setDoneNow((done) => ({ ...done, ...Object.fromEntries(enrollNumbers.map((number) => [number, at])) }));
      const names = childrenConcerned
        .filter((child) => enrollNumbers.includes(child.enrollNumber))
        .map((child) => child.name);
      setAnnouncement(
        t('kits:ack.done', {
          names: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(names),
        }),
      );
    } catch (error) {
      setFailed({ enrollNumbers, failure: toApiFailure(error as TApiError | SerializedError) });
    } finally {
      setSending(null);
    }
  };

  const dayOf = (instant: string) =>
    withTime
      ? formatFullDateTime(instant, i18n.language, timeZone)
      : formatDay(todayIn(timeZone, new Date(instant)), i18n.language, {
          day: 'numeric',
          month: 'long',
          year: 'numeric',
        });
  /** "Acknowledged on", or who acknowledged when the page says (here, before it does: you). */
  const doneText = (child: TAckChild, at: string) => {
    const date = dayOf(at);
    if (child.acknowledgedBy === undefined) return t('kits:ack.acknowledgedOn', { date });
    return child.acknowledgedBy === 'otherParent'
      ? t('kits:ack.byOtherParentOn', { date })
      : t('kits:ack.byYouOn', { date });
  };
  const busy = sending !== null;
  const isSending = (enrollNumbers: string[]) =>
    sending !== null &&
    sending.length === enrollNumbers.length &&
    sending.every((n) => enrollNumbers.includes(n));

  return (
    <div className="space-y-3">
      {pending.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          {pending.map((child) => {
            const mine = [child.enrollNumber];
            return (
              <Button
                key={child.enrollNumber}
                variant={pending.length > 1 ? 'secondary' : 'primary'}
                aria-disabled={busy}
                aria-busy={isSending(mine)}
                onClick={() => void send(mine)}
              >
                {isSending(mine) ? <Spinner className={spinnerOf(pending.length > 1)} /> : null}
                {t('kits:ack.forChild', { name: child.name })}
              </Button>
            );
          })}
          {pending.length > 1 ? (
            <Button
              aria-disabled={busy}
              aria-busy={isSending(everyPending)}
              onClick={() => void send(everyPending)}
            >
              {isSending(everyPending) ? <Spinner /> : null}
              {t('kits:ack.forAll')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {done.length > 0 ? (
        <ul className="flex flex-wrap gap-2">
          {done.map(({ child, at }) => (
            <li
              key={child.enrollNumber}
              className="inline-flex min-h-11 items-center gap-2 rounded-xl bg-emerald-50 px-3 text-sm text-emerald-900 ring-1 ring-emerald-200 ring-inset dark:bg-emerald-950/50 dark:text-emerald-100 dark:ring-emerald-800"
            >
              <CircleCheck
                aria-hidden="true"
                className="size-4 shrink-0 text-emerald-700 dark:text-emerald-300"
              />
              <bdi className="font-semibold">{child.name}</bdi>
              <span>{doneText(child, at)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <p role="status" className="sr-only">
        {busy ? t('kits:ack.sending') : announcement}
      </p>
      {failed ? (
        <FailureAlert
          failure={failed.failure}
          action={
            <Button variant="secondary" aria-disabled={busy} onClick={() => void send(failed.enrollNumbers)}>
              {t('kits:ack.retry')}
            </Button>
          }
        />
      ) : null}
    </div>
  );
}

const spinnerOf = (secondary: boolean) =>
  secondary
    ? 'border-slate-300 border-t-purple-600 dark:border-slate-600 dark:border-t-purple-300'
    : undefined;
