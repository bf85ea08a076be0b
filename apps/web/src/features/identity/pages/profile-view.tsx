import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowRight, Clock, PencilLine, UserRound } from 'lucide-react';
import {
  normalProfileValue,
  profileValueProblem,
  type TProfile,
  type TProfileChange,
  type TProfileField,
  type TProfileFieldSet,
  type TProfileSection,
} from '@portal/contracts/families/profiles';
import { MAX_REQUEST_NOTE_LENGTH } from '@portal/contracts/kits/requests';
import { FailureAlert } from '../../../components/module/failure-alert.tsx';
import { cardBox } from '../../../components/module/styles.ts';
import { StatusNotice } from '../../../components/ui/alert.tsx';
import { Button, focusRing } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { LongTextField } from '../../../components/ui/long-text-field.tsx';
import { Bone, Skeleton } from '../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { RequestStatusChip } from '../../../kits/requests/status-chip.tsx';
import type { TApiFailure } from '../../../lib/api-error.ts';
import { cx } from '../../../lib/class-names.ts';
import { formatDateTime, formatDay, useTimeZone } from '../../../lib/dates.ts';

// The sections of a record (docs/modules.md F6, "sections with 'Suggest a change' and a pending
// banner"): a card per section with its label and value rows, a "Suggest a change" form for the
// section's editable fields, a banner on each field a change waits on, and the changes sent
// with their states.

/** Sends the changed fields; answers true once the school has them. */
export type TPropose = (changes: Record<string, string>, note: string) => Promise<boolean>;

type TProfileViewProps = {
  profile: TProfile;
  propose: TPropose;
  sending: boolean;
  failure: TApiFailure | null;
  /** Forgets the last failure (when the form opens again). */
  resetFailure: () => void;
};

const sectionsKey = (set: TProfileFieldSet) => (set === 'parent' ? 'sections.parent' : 'sections.child');

/** A field's value as the page writes it: a day in the parent's language, a choice in words. */
function useShownValue() {
  const { t, i18n } = useTranslation('profiles');
  return (field: Pick<TProfileField, 'key' | 'kind'>, value: string) => {
    if (field.kind === 'day') return formatDay(value, i18n.language, { dateStyle: 'long' }) || value;
    if (field.kind === 'choice' && field.key !== 'bloodGroup')
      return t(`values.${field.key}.${value}`, { defaultValue: value });
    return value;
  };
}

/** Phone numbers, ids, emails and blood groups read left to right in Arabic too. */
const readsLeftToRight = (field: Pick<TProfileField, 'key' | 'kind'>) =>
  field.kind === 'phone' || field.kind === 'masked' || field.key === 'bloodGroup' || field.key === 'email';

/** A value in its own direction, isolated from the text around it. */
function Shown({
  field,
  value,
  className,
}: {
  field: Pick<TProfileField, 'key' | 'kind'>;
  value: string;
  className?: string;
}) {
  const shown = useShownValue();
  const text = shown(field, value);
  if (readsLeftToRight(field))
    return (
      <bdi dir="ltr" className={cx(field.kind === 'phone' ? 'whitespace-nowrap' : 'break-all', className)}>
        {text}
      </bdi>
    );
  return (
    <bdi dir="auto" className={className}>
      {text}
    </bdi>
  );
}

function Value({ field, value }: { field: TProfileField; value: string | null }) {
  const { t } = useTranslation('profiles');
  if (value === null || value === '')
    return <span className="text-slate-500 italic dark:text-slate-400">{t('notGiven')}</span>;
  return <Shown field={field} value={value} />;
}

function FieldRow({ field }: { field: TProfileField }) {
  const { t } = useTranslation('profiles');
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm text-slate-600 dark:text-slate-400">{t(`fields.${field.key}`)}</dt>
      <dd className="min-w-0 font-medium break-words text-slate-900 dark:text-white">
        <Value field={field} value={field.value} />
        {field.kind === 'masked' && field.value ? (
          <span className="ms-2 text-xs font-normal text-slate-600 dark:text-slate-400">{t('masked')}</span>
        ) : null}
        {field.pendingValue !== null ? (
          <p className="mt-2 flex items-start gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm font-normal text-amber-950 dark:bg-amber-950/50 dark:text-amber-100">
            <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              {field.pendingValue === '' ? (
                t('pending.removal')
              ) : (
                <>
                  {t('pending.value')}{' '}
                  <Shown field={field} value={field.pendingValue} className="font-semibold" />
                </>
              )}
            </span>
          </p>
        ) : null}
      </dd>
    </div>
  );
}

const select = cx(
  'block min-h-12 w-full rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-white',
  focusRing,
);

function ChoiceField({
  field,
  value,
  onChange,
  disabled,
  error,
}: {
  field: TProfileField;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  error: string | undefined;
}) {
  const { t } = useTranslation('profiles');
  const shown = useShownValue();
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800 dark:text-slate-200">
        {t(`fields.${field.key}`)}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={select}
      >
        {field.required ? null : <option value="">{t('notGiven')}</option>}
        {(field.choices ?? []).map((choice) => (
          <option key={choice} value={choice}>
            {shown(field, choice)}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function SuggestDialog({
  section,
  title,
  open,
  onClose,
  propose,
  sending,
  failure,
}: {
  section: TProfileSection;
  title: string;
  open: boolean;
  onClose: () => void;
  propose: TPropose;
  sending: boolean;
  failure: TApiFailure | null;
}) {
  const { t } = useTranslation('profiles');
  const formId = useId();
  const editable = section.fields.filter((field) => field.editable);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(editable.map((field) => [field.key, field.value ?? ''])),
  );
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const changes: Record<string, string> = {};
    const found: Record<string, string> = {};
    for (const field of editable) {
      if (field.pendingValue !== null) continue;
      const value = normalProfileValue(values[field.key] ?? '');
      if (value === (field.value ?? '')) continue;
      const problem = profileValueProblem(
        { ...field, section: section.key, source: 'details', choices: field.choices ?? [] },
        value,
      );
      if (problem) found[field.key] = t(`problems.${problem}`, { max: field.max });
      else changes[field.key] = value;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return setFormError(null);
    if (Object.keys(changes).length === 0) return setFormError(t('suggest.nothing'));
    if (note.trim().length > MAX_REQUEST_NOTE_LENGTH)
      return setFormError(t('problems.tooLong', { max: MAX_REQUEST_NOTE_LENGTH }));
    setFormError(null);
    if (await propose(changes, note.trim())) onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      icon={<PencilLine aria-hidden="true" className="size-5" />}
      actions={
        <>
          <Button type="submit" form={formId} aria-disabled={sending} aria-busy={sending}>
            {sending ? <Spinner /> : null}
            {sending ? t('suggest.sending') : t('suggest.send')}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {t('suggest.cancel')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('suggest.intro')}</p>
        {editable.map((field) => {
          const waiting = field.pendingValue !== null;
          const onChange = (value: string) => {
            setValues((current) => ({ ...current, [field.key]: value }));
            setErrors(({ [field.key]: _gone, ...rest }) => rest);
            setFormError(null);
          };
          return (
            <div key={field.key}>
              {field.kind === 'choice' ? (
                <ChoiceField
                  field={field}
                  value={values[field.key] ?? ''}
                  onChange={onChange}
                  disabled={waiting}
                  error={errors[field.key]}
                />
              ) : (
                <TextField
                  label={t(`fields.${field.key}`)}
                  value={values[field.key] ?? ''}
                  onChange={(event) => onChange(event.target.value)}
                  disabled={waiting}
                  error={errors[field.key]}
                  maxLength={field.max}
                  required={field.required}
                  {...(field.kind === 'phone'
                    ? { type: 'tel', inputMode: 'tel' as const, dir: 'ltr', autoComplete: 'tel' }
                    : { type: 'text', dir: 'auto' })}
                />
              )}
              {waiting ? (
                <p className="mt-1 text-xs text-amber-900 dark:text-amber-200">{t('suggest.waiting')}</p>
              ) : null}
            </div>
          );
        })}
        <LongTextField
          label={t('suggest.note')}
          hint={t('suggest.noteHint')}
          value={note}
          onChange={setNote}
          max={MAX_REQUEST_NOTE_LENGTH}
          rows={3}
        />
        {formError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {formError}
          </p>
        ) : null}
        {failure?.status === 409 ? (
          <FailureAlert failure={{ ...failure, key: 'profiles:suggest.conflict' }} />
        ) : failure ? (
          <FailureAlert failure={failure} />
        ) : null}
      </form>
    </Dialog>
  );
}

function SectionCard({
  set,
  section,
  onSuggest,
}: {
  set: TProfileFieldSet;
  section: TProfileSection;
  onSuggest: (section: TProfileSection) => void;
}) {
  const { t } = useTranslation('profiles');
  const headingId = useId();
  const canSuggest = section.fields.some((field) => field.editable);
  const title = t(`${sectionsKey(set)}.${section.key}`);
  return (
    <section aria-labelledby={headingId} className={cardBox}>
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
          {title}
        </h2>
        {canSuggest ? (
          <Button
            variant="secondary"
            onClick={() => onSuggest(section)}
            aria-label={t('suggest.openFor', { section: title })}
          >
            <PencilLine aria-hidden="true" className="size-4" />
            {t('suggest.open')}
          </Button>
        ) : null}
      </header>
      <dl className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
        {section.fields.map((field) => (
          <FieldRow key={field.key} field={field} />
        ))}
      </dl>
      {set === 'parent' && section.key === 'identity' ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{t('emailHint')}</p>
      ) : null}
    </section>
  );
}

function ChangeItem({
  change,
  fields,
}: {
  change: TProfileChange;
  fields: ReadonlyMap<string, TProfileField>;
}) {
  const { t, i18n } = useTranslation('profiles');
  const timeZone = useTimeZone();
  const text = (field: string, value: string | null, className?: string) => {
    if (value === null) return <span className={className}>{t('notGiven')}</span>;
    return (
      <Shown field={fields.get(field) ?? { key: field, kind: 'text' }} value={value} className={className} />
    );
  };
  return (
    <li className="flex flex-wrap items-start gap-x-3 gap-y-2 px-4 py-3 text-sm">
      <div className="min-w-0 flex-1 basis-64 space-y-1">
        <ul className="space-y-1">
          {change.changes.map((one) => (
            <li key={one.field} className="text-slate-900 dark:text-white">
              <span className="font-medium">{t(`fields.${one.field}`)}</span>
              {': '}
              {text(one.field, one.from, 'text-slate-600 dark:text-slate-400')}{' '}
              <ArrowRight aria-hidden="true" className="inline size-4 rtl:-scale-x-100" />
              <span className="sr-only">{t('history.to')}</span> {text(one.field, one.to, 'font-semibold')}
            </li>
          ))}
        </ul>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {t('history.sentOn')}{' '}
          <time dateTime={change.createdAt}>{formatDateTime(change.createdAt, i18n.language, timeZone)}</time>
        </p>
        {change.note ? (
          <p dir="auto" className="whitespace-pre-line text-slate-700 dark:text-slate-200">
            {change.note}
          </p>
        ) : null}
        {change.schoolNote ? (
          <p className="text-slate-800 dark:text-slate-100">
            <span className="font-medium">{t('history.schoolNote')}</span>{' '}
            <span dir="auto">{change.schoolNote}</span>
          </p>
        ) : null}
      </div>
      <RequestStatusChip status={change.status} />
    </li>
  );
}

function ChangeHistory({ profile }: { profile: TProfile }) {
  const { t } = useTranslation('profiles');
  const headingId = useId();
  const changes = [...profile.pendingChanges, ...profile.history];
  const fields = new Map(
    profile.sections.flatMap((section) => section.fields).map((field) => [field.key, field]),
  );
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
        {t('history.title')}
      </h2>
      {changes.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">
          {t('history.empty')}
        </p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
          {changes.map((change) => (
            <ChangeItem key={change.id} change={change} fields={fields} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** A record: the pending banner, its sections with "Suggest a change", and the changes sent. */
export function ProfileView({ profile, propose, sending, failure, resetFailure }: TProfileViewProps) {
  const { t } = useTranslation('profiles');
  const [editing, setEditing] = useState<TProfileSection | null>(null);
  const [sent, setSent] = useState(false);
  const pending = profile.pendingChanges.length;
  const empty = profile.sections.every((section) =>
    section.fields.every((field) => field.editable === false || field.value === null),
  );
  return (
    <div className="space-y-6">
      {sent ? <StatusNotice tone="success">{t('suggest.sent')}</StatusNotice> : null}
      {pending > 0 ? (
        <StatusNotice>{t('pending.banner', { count: pending })}</StatusNotice>
      ) : empty ? (
        <div className="flex items-start gap-3 rounded-2xl border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200">
          <UserRound
            aria-hidden="true"
            className="mt-0.5 size-5 shrink-0 text-slate-500 dark:text-slate-400"
          />
          <p>{t('empty')}</p>
        </div>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        {profile.sections.map((section) => (
          <SectionCard
            key={section.key}
            set={profile.fieldSet}
            section={section}
            onSuggest={(chosen) => {
              resetFailure();
              setSent(false);
              setEditing(chosen);
            }}
          />
        ))}
      </div>
      <ChangeHistory profile={profile} />
      {editing ? (
        <SuggestDialog
          key={editing.key}
          section={editing}
          title={t('suggest.title', { section: t(`${sectionsKey(profile.fieldSet)}.${editing.key}`) })}
          open
          onClose={() => setEditing(null)}
          propose={async (changes, note) => {
            const done = await propose(changes, note);
            if (done) setSent(true);
            return done;
          }}
          sending={sending}
          failure={failure}
        />
      ) : null}
    </div>
  );
}

/** The record's shape while it loads: two cards of rows and the history's heading. */
export function ProfileSkeleton() {
  return (
    <Skeleton className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-2">
        {[0, 1].map((index) => (
          <div key={index} className={cx(cardBox, 'space-y-4')}>
            <div className="flex justify-between gap-3">
              <Bone className="h-6 w-40" />
              <Bone className="h-10 w-36 rounded-xl" />
            </div>
            {[0, 1, 2].map((row) => (
              <div key={row} className="grid gap-2 sm:grid-cols-2">
                <Bone className="h-4 w-24" />
                <Bone className="h-5 w-40" />
              </div>
            ))}
          </div>
        ))}
      </div>
      <Bone className="h-24 w-full rounded-2xl" />
    </Skeleton>
  );
}
