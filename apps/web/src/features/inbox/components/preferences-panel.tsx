import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Lock, Save } from 'lucide-react';
import {
  ALWAYS_INSTANT,
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_MODES,
  type TNotificationCategory,
  type TNotificationMode,
  type TNotificationPreferences,
} from '@portal/contracts/kits/inbox';
import { FailureAlert } from '../../../components/module/failure-alert.tsx';
import { QueryState } from '../../../components/module/query-state.tsx';
import { ErrorAlert, StatusNotice } from '../../../components/ui/alert.tsx';
import { Button, focusRing } from '../../../components/ui/button.tsx';
import { Bone, Skeleton } from '../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toApiFailure } from '../../../lib/api-error.ts';
import { cx } from '../../../lib/class-names.ts';
import { useGetPreferencesQuery, useSavePreferencesMutation } from '../api.ts';
import { ChoicePills } from './choice-pills.tsx';

/** Quiet hours offered when the parent turns them on and had none (docs/notifications.md). */
const SUGGESTED_QUIET = { from: '21:00', to: '07:00' } as const;

type TForm = {
  modes: Record<TNotificationCategory, TNotificationMode>;
  quiet: 'none' | 'some';
  from: string;
  to: string;
  digestAt: string;
  language: 'en' | 'ar';
};
type TProblems = { quiet?: string; digestAt?: string };

const card =
  'rounded-2xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900';
const timeClass = (invalid: boolean) =>
  cx(
    'block min-h-11 rounded-xl border bg-white px-3 text-base text-slate-900 tabular-nums dark:bg-slate-800 dark:text-white',
    invalid ? 'border-red-500 dark:border-red-400' : 'border-slate-300 dark:border-slate-600',
    focusRing,
  );

/** A time input's value as `HH:MM` ('' when not a full time). */
const timeOf = (value: string) => (/^\d{2}:\d{2}/.test(value) ? value.slice(0, 5) : '');

function formOf(saved: TNotificationPreferences): TForm {
  const modes = Object.fromEntries(
    NOTIFICATION_CATEGORIES.map((category) => [
      category,
      saved.categories.find((choice) => choice.category === category)?.mode ?? 'instant',
    ]),
  ) as Record<TNotificationCategory, TNotificationMode>;
  return {
    modes,
    quiet: saved.quietHours ? 'some' : 'none',
    from: saved.quietHours?.from ?? SUGGESTED_QUIET.from,
    to: saved.quietHours?.to ?? SUGGESTED_QUIET.to,
    digestAt: saved.digestAt,
    language: saved.language,
  };
}

/** The email preferences: loads them, then the form. */
export function PreferencesPanel() {
  const query = useGetPreferencesQuery();
  if (query.currentData) return <PreferencesForm saved={query.currentData} />;
  if (query.isError) {
    return <QueryState isLoading={false} error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <PreferencesSkeleton />;
}

/**
 * How each kind of notification reaches the parent by email (at once, in the daily digest, or
 * not at all; safety always at once), quiet hours, the digest's time and the mail's language.
 */
function PreferencesForm({ saved }: { saved: TNotificationPreferences }) {
  const { t } = useTranslation('inbox');
  const ids = { quietHint: useId(), from: useId(), to: useId(), digest: useId(), digestHint: useId() };
  const [form, setForm] = useState<TForm>(() => formOf(saved));
  const [problems, setProblems] = useState<TProblems>({});
  const [done, setDone] = useState(false);
  const [save, { isLoading, error, reset }] = useSavePreferencesMutation();
  const failure = error ? toApiFailure(error) : null;

  const change = (next: Partial<TForm>, field?: keyof TProblems) => {
    setForm((old) => ({ ...old, ...next }));
    setDone(false);
    if (error) reset();
    if (field) setProblems((old) => ({ ...old, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const from = timeOf(form.from);
    const to = timeOf(form.to);
    const digestAt = timeOf(form.digestAt);
    const found: TProblems = {
      quiet:
        form.quiet === 'none'
          ? undefined
          : !from || !to
            ? t('prefs.quiet.missing')
            : from === to
              ? t('prefs.quiet.same')
              : undefined,
      digestAt: digestAt ? undefined : t('prefs.digest.missing'),
    };
    setProblems(found);
    setDone(false);
    if (found.quiet || found.digestAt) return;
    const answer = await save({
      categories: NOTIFICATION_CATEGORIES.map((category) => ({
        category,
        mode: ALWAYS_INSTANT.includes(category) ? 'instant' : form.modes[category],
      })),
      quietHours: form.quiet === 'some' ? { from, to } : null,
      digestAt,
      language: form.language,
    });
    if ('data' in answer) setDone(true);
  };

  const modeOptions = NOTIFICATION_MODES.map((mode) => ({ value: mode, label: t(`prefs.modes.${mode}`) }));
  const invalid = Boolean(problems.quiet || problems.digestAt);

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-6">
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('prefs.intro')}</p>

      <fieldset className={card}>
        <legend className="sr-only">{t('prefs.categoriesLegend')}</legend>
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {NOTIFICATION_CATEGORIES.map((category) => (
            <li key={category} className="py-3 first:pt-0 last:pb-0">
              <CategoryRow category={category}>
                {ALWAYS_INSTANT.includes(category) ? (
                  <p className="flex max-w-sm items-start gap-2 text-sm text-slate-700 dark:text-slate-300">
                    <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
                    {t('prefs.safetyFixed')}
                  </p>
                ) : (
                  <ChoicePills
                    name={`mode-${category}`}
                    options={modeOptions}
                    value={form.modes[category]}
                    onChange={(mode) => change({ modes: { ...form.modes, [category]: mode } })}
                  />
                )}
              </CategoryRow>
            </li>
          ))}
        </ul>
      </fieldset>

      <div className="grid gap-6 lg:grid-cols-2">
        <fieldset className={card} aria-describedby={ids.quietHint}>
          <legend className="float-start w-full text-base font-semibold text-slate-900 dark:text-white">
            {t('prefs.quiet.legend')}
          </legend>
          <p id={ids.quietHint} className="clear-both pt-1 text-sm text-slate-600 dark:text-slate-400">
            {t('prefs.quiet.hint')}
          </p>
          <div className="mt-3">
            <ChoicePills
              name="quiet-hours"
              options={[
                { value: 'none', label: t('prefs.quiet.none') },
                { value: 'some', label: t('prefs.quiet.some') },
              ]}
              value={form.quiet}
              onChange={(quiet) => change({ quiet }, 'quiet')}
            />
          </div>
          {form.quiet === 'some' ? (
            <div className="mt-3 flex flex-wrap gap-4">
              {(['from', 'to'] as const).map((end) => (
                <div key={end}>
                  <label
                    htmlFor={ids[end]}
                    className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200"
                  >
                    {t(`prefs.quiet.${end}`)}
                  </label>
                  <input
                    id={ids[end]}
                    type="time"
                    value={form[end]}
                    aria-invalid={problems.quiet ? true : undefined}
                    aria-describedby={problems.quiet ? `${ids.quietHint}-error` : undefined}
                    onChange={(event) => change({ [end]: event.target.value }, 'quiet')}
                    className={timeClass(Boolean(problems.quiet))}
                  />
                </div>
              ))}
            </div>
          ) : null}
          {problems.quiet ? (
            <p id={`${ids.quietHint}-error`} className="mt-2 text-sm text-red-700 dark:text-red-300">
              {problems.quiet}
            </p>
          ) : null}
        </fieldset>

        <div className={cx(card, 'space-y-6')}>
          <div>
            <label
              htmlFor={ids.digest}
              className="block text-base font-semibold text-slate-900 dark:text-white"
            >
              {t('prefs.digest.label')}
            </label>
            <p id={ids.digestHint} className="pt-1 text-sm text-slate-600 dark:text-slate-400">
              {t('prefs.digest.hint')}
            </p>
            <input
              id={ids.digest}
              type="time"
              value={form.digestAt}
              aria-invalid={problems.digestAt ? true : undefined}
              aria-describedby={[problems.digestAt ? `${ids.digest}-error` : '', ids.digestHint]
                .filter(Boolean)
                .join(' ')}
              onChange={(event) => change({ digestAt: event.target.value }, 'digestAt')}
              className={cx('mt-2', timeClass(Boolean(problems.digestAt)))}
            />
            {problems.digestAt ? (
              <p id={`${ids.digest}-error`} className="mt-2 text-sm text-red-700 dark:text-red-300">
                {problems.digestAt}
              </p>
            ) : null}
          </div>
          <fieldset>
            <legend className="text-base font-semibold text-slate-900 dark:text-white">
              {t('prefs.language.legend')}
            </legend>
            <div className="mt-2">
              <ChoicePills
                name="mail-language"
                options={[
                  { value: 'en', label: t('prefs.language.en') },
                  { value: 'ar', label: t('prefs.language.ar') },
                ]}
                value={form.language}
                onChange={(language) => change({ language })}
              />
            </div>
          </fieldset>
        </div>
      </div>

      <div className="space-y-3">
        {invalid ? <ErrorAlert>{t('prefs.invalid')}</ErrorAlert> : null}
        {failure ? <FailureAlert failure={failure} /> : null}
        {done ? <StatusNotice tone="success">{t('prefs.saved')}</StatusNotice> : null}
        <Button type="submit" aria-disabled={isLoading} aria-busy={isLoading}>
          {isLoading ? <Spinner /> : <Save aria-hidden="true" className="size-4" />}
          {isLoading ? t('prefs.saving') : t('prefs.save')}
        </Button>
      </div>
    </form>
  );
}

/** One kind of notification: its plain name and what it covers, and how it is mailed. */
function CategoryRow({ category, children }: { category: TNotificationCategory; children: ReactNode }) {
  const { t } = useTranslation('inbox');
  const hintId = useId();
  return (
    <fieldset
      aria-describedby={hintId}
      className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center"
    >
      <legend className="sr-only">{t(`categories.${category}`)}</legend>
      <div>
        <p aria-hidden="true" className="font-semibold text-slate-900 dark:text-white">
          {t(`categories.${category}`)}
        </p>
        <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
          {t(`categoryHints.${category}`)}
        </p>
      </div>
      <div>{children}</div>
    </fieldset>
  );
}

/** The preferences' shape while they load: the rows of categories and the settings beneath. */
function PreferencesSkeleton() {
  return (
    <Skeleton className="space-y-6">
      <Bone className="h-4 w-full max-w-xl" />
      <div className={cx(card, 'space-y-5')}>
        {NOTIFICATION_CATEGORIES.slice(0, 6).map((category) => (
          <div key={category} className="flex flex-wrap items-center justify-between gap-3">
            <div className="space-y-2">
              <Bone className="h-4 w-28" />
              <Bone className="h-3 w-48" />
            </div>
            <Bone className="h-11 w-72 max-w-full rounded-2xl" />
          </div>
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Bone className="h-40 rounded-2xl" />
        <Bone className="h-40 rounded-2xl" />
      </div>
    </Skeleton>
  );
}
