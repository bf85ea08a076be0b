import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePen, Send } from 'lucide-react';
import {
  MAX_LEAVE_AHEAD_DAYS,
  MAX_LEAVE_REASON_LENGTH,
  type TLeavePrefill,
  type TLeaveRequest,
} from '@portal/contracts/families/requests';
import type { TPageChild } from '../../../components/module/child-module-page.tsx';
import { FailureAlert } from '../../../components/module/failure-alert.tsx';
import { cardBox } from '../../../components/module/styles.ts';
import { StatusNotice } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LongTextField } from '../../../components/ui/long-text-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { toApiFailure } from '../../../lib/api-error.ts';
import { addDays, formatDay, todayIn, useTimeZone } from '../../../lib/dates.ts';
import { formatNumber } from '../../../lib/numbers.ts';
import {
  useCreateLeaveRequestMutation,
  useSubmitLeaveRequestMutation,
  useUpdateLeaveDraftMutation,
} from '../leave-api.ts';

/** How far back a leave may reach (the server's limit): absences of the last three months. */
const BACK_DAYS = 90;

type TProblems = Partial<Record<'children' | 'from' | 'to' | 'reason', string>>;

/** Calendar days from `from` to `to`, both counted. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

interface TLeaveFormProps {
  family: readonly TPageChild[];
  /** The child chosen in the header: ticked when the form opens. */
  child: TPageChild | null;
  /** The form filled from an absence ("Explain" on the attendance page). */
  prefill: TLeavePrefill['prefill'] | null;
  /** A draft being rewritten (its "Edit"); saved or sent, the form is blank again. */
  draft?: TLeaveRequest | null;
  /** The draft is saved or sent (`cleared`: the form is already blank), or put aside. */
  onDraftDone?: (cleared: boolean) => void;
}

/**
 * "Ask for leave": one request for one or several of the children, from a day to a day, with a
 * reason, sent to the school or kept as a draft to finish later. The count of days shows as the
 * days are chosen; the school counts school days only.
 */
export function LeaveForm({ family, child, prefill, draft = null, onDraftDone }: TLeaveFormProps) {
  const { t, i18n } = useTranslation('leave');
  const lng = i18n.language;
  const today = todayIn(useTimeZone());
  const formId = useId();
  const [chosen, setChosen] = useState<readonly string[]>(
    draft?.children.map((one) => one.enrollNumber) ??
      prefill?.enrollNumbers ??
      (child ? [child.enrollNumber] : []),
  );
  const [from, setFrom] = useState(draft?.from ?? prefill?.from ?? '');
  const [to, setTo] = useState(draft?.to ?? prefill?.to ?? '');
  const [reason, setReason] = useState(draft?.reason ?? '');
  const [problems, setProblems] = useState<TProblems>({});
  const [done, setDone] = useState<'sent' | 'saved' | null>(null);
  const [saving, setSaving] = useState<'send' | 'draft' | null>(null);
  const [create, created] = useCreateLeaveRequestMutation();
  const [update, updated] = useUpdateLeaveDraftMutation();
  const [submitDraft, submitted] = useSubmitLeaveRequestMutation();
  const error = created.error ?? updated.error ?? submitted.error;
  const isLoading = saving !== null;
  const failure = error ? toApiFailure(error) : null;
  const reset = () => {
    created.reset();
    updated.reset();
    submitted.reset();
  };
  const earliest = addDays(today, -BACK_DAYS);
  const latest = addDays(today, MAX_LEAVE_AHEAD_DAYS);
  const days = from && to && to >= from ? daysBetween(from, to) : 0;
  const longDay = (day: string) => formatDay(day, lng, { weekday: 'long', day: 'numeric', month: 'long' });

  const edited = () => {
    setDone(null);
    if (error) reset();
  };
  const toggle = (enrollNumber: string) => {
    setChosen((current) =>
      current.includes(enrollNumber)
        ? current.filter((one) => one !== enrollNumber)
        : [...current, enrollNumber],
    );
    setProblems((current) => ({ ...current, children: undefined }));
    edited();
  };

  /** Sends it to the school, or keeps it as a draft; a draft being rewritten is saved first. */
  const save = async (how: 'send' | 'draft') => {
    if (isLoading) return;
    const text = reason.trim();
    const found: TProblems = {};
    if (chosen.length === 0) found.children = t('form.problems.children');
    if (!from) found.from = t('form.problems.from');
    else if (from < earliest) found.from = t('form.problems.tooEarly', { day: longDay(earliest) });
    if (!to) found.to = t('form.problems.to');
    else if (from && to < from) found.to = t('form.problems.beforeFrom');
    else if (to > latest)
      found.to = t('form.problems.tooLate', {
        days: formatNumber(MAX_LEAVE_AHEAD_DAYS, lng),
        day: longDay(latest),
      });
    if (text === '') found.reason = t('form.problems.reason');
    else if (text.length > MAX_LEAVE_REASON_LENGTH)
      found.reason = t('form.problems.tooLong', { max: formatNumber(MAX_LEAVE_REASON_LENGTH, lng) });
    setProblems(found);
    if (Object.values(found).some(Boolean)) return;
    const body = { enrollNumbers: [...chosen], from, to, reason: text };
    setSaving(how);
    try {
      let ok: boolean;
      if (draft) {
        const rewritten = await update({ id: draft.id, body });
        ok = 'data' in rewritten && rewritten.data !== undefined;
        if (ok && how === 'send') {
          const sent = await submitDraft(draft.id);
          ok = 'data' in sent && sent.data !== undefined;
        }
      } else {
        const answer = await create(how === 'draft' ? { ...body, draft: true } : body);
        ok = 'data' in answer && answer.data !== undefined;
      }
      if (!ok) return;
      setDone(how === 'send' ? 'sent' : 'saved');
      setReason('');
      setFrom('');
      setTo('');
      onDraftDone?.(true);
    } finally {
      setSaving(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save('send');
  };

  return (
    <section aria-labelledby={`${formId}-title`} className={`${cardBox} space-y-4`}>
      <h2 id={`${formId}-title`} className="text-lg font-semibold text-slate-900 dark:text-white">
        {draft ? t('form.editTitle') : t('form.title')}
      </h2>
      {prefill ? (
        <StatusNotice>
          {t('form.prefilled', {
            day: longDay(prefill.from),
            names: prefill.children.map((one) => `\u2068${one.childName}\u2069`).join(t('form.and')),
          })}
        </StatusNotice>
      ) : null}
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        <fieldset
          aria-describedby={problems.children ? `${formId}-children-error` : undefined}
          className="space-y-2"
        >
          <legend className="mb-1.5 text-sm font-medium text-slate-800 dark:text-slate-200">
            {t('form.children')}
          </legend>
          <div className="flex flex-wrap gap-2">
            {family.map((one) => (
              <label
                key={one.enrollNumber}
                className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-slate-300 bg-white px-3 text-sm text-slate-800 has-checked:border-purple-600 has-checked:bg-purple-50 has-focus-visible:ring-2 has-focus-visible:ring-purple-600 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:has-checked:border-purple-400 dark:has-checked:bg-purple-950/50"
              >
                <input
                  type="checkbox"
                  checked={chosen.includes(one.enrollNumber)}
                  onChange={() => toggle(one.enrollNumber)}
                  className="size-4 accent-purple-600"
                />
                <bdi>{one.name}</bdi>
              </label>
            ))}
          </div>
          {problems.children ? (
            <p id={`${formId}-children-error`} className="text-sm text-red-700 dark:text-red-300">
              {problems.children}
            </p>
          ) : null}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('form.from')}
            type="date"
            value={from}
            min={earliest}
            max={latest}
            error={problems.from}
            onChange={(event) => {
              setFrom(event.target.value);
              if (!to || to < event.target.value) setTo(event.target.value);
              setProblems((current) => ({ ...current, from: undefined, to: undefined }));
              edited();
            }}
          />
          <TextField
            label={t('form.to')}
            type="date"
            value={to}
            min={from || earliest}
            max={latest}
            error={problems.to}
            onChange={(event) => {
              setTo(event.target.value);
              setProblems((current) => ({ ...current, to: undefined }));
              edited();
            }}
          />
        </div>
        <p aria-live="polite" className="text-sm text-slate-700 dark:text-slate-300">
          {days > 0
            ? t('form.days', { count: days, formatted: formatNumber(days, lng) })
            : t('form.daysHint', { days: formatNumber(MAX_LEAVE_AHEAD_DAYS, lng) })}
        </p>
        <LongTextField
          label={t('form.reason')}
          hint={t('form.reasonHint')}
          value={reason}
          onChange={(value) => {
            setReason(value);
            setProblems((current) => ({ ...current, reason: undefined }));
            edited();
          }}
          max={MAX_LEAVE_REASON_LENGTH}
          error={problems.reason ?? null}
          rows={3}
        />
        {failure ? <FailureAlert failure={failure} /> : null}
        {done ? (
          <StatusNotice tone="success">{done === 'sent' ? t('form.sent') : t('form.saved')}</StatusNotice>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" aria-disabled={isLoading} aria-busy={saving === 'send'}>
            {saving === 'send' ? (
              <Spinner />
            ) : (
              <Send aria-hidden="true" className="size-4 rtl:-scale-x-100" />
            )}
            {saving === 'send' ? t('form.sending') : t('form.send')}
          </Button>
          <Button
            type="button"
            variant="secondary"
            aria-disabled={isLoading}
            aria-busy={saving === 'draft'}
            onClick={() => void save('draft')}
          >
            {saving === 'draft' ? <Spinner /> : <FilePen aria-hidden="true" className="size-4" />}
            {saving === 'draft' ? t('form.savingDraft') : t('form.saveDraft')}
          </Button>
          {draft ? (
            <Button type="button" variant="ghost" onClick={() => onDraftDone?.(false)}>
              {t('form.stopEditing')}
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
