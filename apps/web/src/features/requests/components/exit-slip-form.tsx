import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Send } from 'lucide-react';
import {
  MAX_COLLECTOR_NAME_LENGTH,
  MAX_COLLECTOR_RELATION_LENGTH,
  MAX_EXIT_SLIP_AHEAD_DAYS,
} from '@portal/contracts/families/exit-slips';
import type { TPageChild } from '../../../components/module/child-module-page.tsx';
import { FailureAlert } from '../../../components/module/failure-alert.tsx';
import { StatusNotice } from '../../../components/ui/alert.tsx';
import { Button, focusRing } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { toApiFailure } from '../../../lib/api-error.ts';
import { cx } from '../../../lib/class-names.ts';
import { addDays, hasEnded, todayIn, useTimeZone } from '../../../lib/dates.ts';
import { useCreateExitSlipMutation } from '../exit-slips-api.ts';
import { instantAt } from './wall-time.ts';

type TField = 'child' | 'day' | 'time' | 'name' | 'relation' | 'phone';
type TProblems = Partial<Record<TField, string>>;

const PHONE = /^\+?[0-9 ()-]+$/;

/** A phone number the server takes: digits, spaces, dashes, brackets, a leading +; 6 to 15 digits. */
function isPhone(value: string): boolean {
  const digits = value.replace(/\D/g, '').length;
  return PHONE.test(value) && digits >= 6 && digits <= 15 && value.length <= 24;
}

const selectClass = cx(
  'block min-h-12 w-full rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100',
  focusRing,
);

/**
 * "Ask for an exit slip": the child, the day and time they leave (on the school's clock), and
 * who collects them. Sent, it waits for the school's decision in the list below.
 */
export function ExitSlipForm({ family, child }: { family: readonly TPageChild[]; child: TPageChild | null }) {
  const { t } = useTranslation('exitSlips');
  const timeZone = useTimeZone();
  const childId = useId();
  const [enrollNumber, setEnrollNumber] = useState(child?.enrollNumber ?? family[0]?.enrollNumber ?? '');
  const [day, setDay] = useState('');
  const [time, setTime] = useState('');
  const [name, setName] = useState('');
  const [relation, setRelation] = useState('');
  const [phone, setPhone] = useState('');
  const [problems, setProblems] = useState<TProblems>({});
  const [sent, setSent] = useState(false);
  const [create, { isLoading, error, reset }] = useCreateExitSlipMutation();
  const failure = error ? toApiFailure(error) : null;
  const notice = useRef<HTMLDivElement>(null);
  const today = todayIn(timeZone);

  const edit = (field: TField, set: (value: string) => void) => (value: string) => {
    set(value);
    setSent(false);
    if (problems[field]) setProblems({ ...problems, [field]: undefined });
    if (error) reset();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const found: TProblems = {};
    if (!family.some((one) => one.enrollNumber === enrollNumber)) found.child = t('form.required');
    if (!day) found.day = t('form.required');
    if (!time) found.time = t('form.required');
    const leaveAt = day && time ? instantAt(day, time, timeZone) : null;
    if (leaveAt && hasEnded(leaveAt)) found.time = t('form.past');
    if (day && day > addDays(today, MAX_EXIT_SLIP_AHEAD_DAYS))
      found.day = t('form.tooFar', { days: MAX_EXIT_SLIP_AHEAD_DAYS });
    if (!name.trim()) found.name = t('form.required');
    if (!relation.trim()) found.relation = t('form.required');
    if (!phone.trim()) found.phone = t('form.required');
    else if (!isPhone(phone.trim())) found.phone = t('form.badPhone');
    setProblems(found);
    if (Object.values(found).some(Boolean) || !leaveAt) return;
    const answer = await create({
      enrollNumber,
      leaveAt,
      collector: { name: name.trim(), relation: relation.trim(), phone: phone.trim() },
    });
    if ('data' in answer) {
      setDay('');
      setTime('');
      setName('');
      setRelation('');
      setPhone('');
      setSent(true);
      requestAnimationFrame(() => notice.current?.focus());
    }
  };

  return (
    <section
      aria-labelledby="exit-slip-form"
      className="space-y-4 rounded-3xl border border-slate-200 bg-white p-5 sm:p-6 dark:border-slate-800 dark:bg-slate-900 print:hidden"
    >
      <div>
        <h2 id="exit-slip-form" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t('form.title')}
        </h2>
        <p className="mt-1 max-w-prose text-sm text-slate-600 dark:text-slate-300">{t('form.intro')}</p>
      </div>
      {sent ? (
        <div ref={notice} tabIndex={-1} className="rounded-xl outline-none">
          <StatusNotice tone="success">{t('form.sent')}</StatusNotice>
        </div>
      ) : null}
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-3">
          <div>
            <label
              htmlFor={childId}
              className="mb-1.5 block text-sm font-medium text-slate-800 dark:text-slate-200"
            >
              {t('form.child')}
            </label>
            <select
              id={childId}
              value={enrollNumber}
              aria-invalid={problems.child ? true : undefined}
              aria-describedby={problems.child ? `${childId}-error` : undefined}
              onChange={(event) => edit('child', setEnrollNumber)(event.target.value)}
              className={selectClass}
            >
              {family.map((one) => (
                <option key={one.enrollNumber} value={one.enrollNumber}>
                  {one.name}
                </option>
              ))}
            </select>
            {problems.child ? (
              <p id={`${childId}-error`} className="mt-1.5 text-sm text-red-700 dark:text-red-300">
                {problems.child}
              </p>
            ) : null}
          </div>
          <TextField
            label={t('form.day')}
            type="date"
            min={today}
            max={addDays(today, MAX_EXIT_SLIP_AHEAD_DAYS)}
            value={day}
            onChange={(event) => edit('day', setDay)(event.target.value)}
            error={problems.day}
          />
          <TextField
            label={t('form.time')}
            type="time"
            value={time}
            onChange={(event) => edit('time', setTime)(event.target.value)}
            error={problems.time}
          />
        </div>
        <fieldset className="space-y-4">
          <legend className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">
            {t('form.collector')}
          </legend>
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField
              label={t('form.name')}
              dir="auto"
              autoComplete="off"
              maxLength={MAX_COLLECTOR_NAME_LENGTH}
              value={name}
              onChange={(event) => edit('name', setName)(event.target.value)}
              error={problems.name}
            />
            <TextField
              label={t('form.relation')}
              dir="auto"
              placeholder={t('form.relationExample')}
              maxLength={MAX_COLLECTOR_RELATION_LENGTH}
              value={relation}
              onChange={(event) => edit('relation', setRelation)(event.target.value)}
              error={problems.relation}
            />
            <TextField
              label={t('form.phone')}
              type="tel"
              dir="ltr"
              inputMode="tel"
              autoComplete="off"
              value={phone}
              onChange={(event) => edit('phone', setPhone)(event.target.value)}
              error={problems.phone}
            />
          </div>
        </fieldset>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('form.window')}</p>
        {failure?.messageId === 'R003' ? (
          <FailureAlert failure={{ ...failure, key: 'exitSlips:form.overlap' }} />
        ) : failure ? (
          <FailureAlert failure={failure} />
        ) : null}
        <Button type="submit" aria-disabled={isLoading} aria-busy={isLoading}>
          {isLoading ? <Spinner /> : <Send aria-hidden="true" className="size-4 rtl:-scale-x-100" />}
          {isLoading ? t('form.sending') : t('form.send')}
        </Button>
      </form>
    </section>
  );
}
