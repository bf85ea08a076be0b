import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Award, Send } from 'lucide-react';
import { MAX_MOTIVATION_LENGTH } from '@portal/contracts/families/publications';
import { FailureAlert } from '../../../components/module/failure-alert.tsx';
import { StatusNotice } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { LongTextField } from '../../../components/ui/long-text-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toApiFailure } from '../../../lib/api-error.ts';
import { formatNumber } from '../../../lib/numbers.ts';
import { useApplyAmbassadorMutation } from '../api.ts';

interface TAmbassadorApplyProps {
  enrollNumber: string;
  /** The class, in the page's language, and `en` when English stands in for Arabic. */
  className: { text: string; lang?: 'en' };
  /** An application of this parent's is being considered: no second one. */
  pending: boolean;
}

/**
 * "Apply to be an ambassador": the parent says why, in their own words, and the school
 * considers it. While an application is being considered, the page says so instead.
 */
export function AmbassadorApply({ enrollNumber, className, pending }: TAmbassadorApplyProps) {
  const { t, i18n } = useTranslation('news');
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [motivation, setMotivation] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [apply, { isLoading, error, reset }] = useApplyAmbassadorMutation();
  const failure = error ? toApiFailure(error) : null;
  // Once the dialog closes on an application being considered (just sent, or found by a 409),
  // the notice saying so takes the focus: the button that opened the dialog is gone.
  const notice = useRef<HTMLDivElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    if (open || !pending || !opened.current) return;
    opened.current = false;
    notice.current?.focus();
  }, [open, pending]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const text = motivation.trim();
    const found =
      text === ''
        ? t('ambassador.form.required')
        : text.length > MAX_MOTIVATION_LENGTH
          ? t('ambassador.form.tooLong', { max: formatNumber(MAX_MOTIVATION_LENGTH, i18n.language) })
          : null;
    setProblem(found);
    if (found) return;
    const answer = await apply({ enrollNumber, motivation: text });
    if ('data' in answer) setOpen(false);
  };
  const classText = (
    <Trans
      t={t}
      i18nKey="ambassador.apply.invite"
      values={{ className: className.text }}
      components={{ cls: <bdi lang={className.lang} /> }}
    />
  );

  return (
    <section aria-labelledby="ambassador-apply" className="space-y-3">
      <h2 id="ambassador-apply" className="text-lg font-semibold text-slate-900 dark:text-white">
        {t('ambassador.apply.title')}
      </h2>
      {pending ? (
        <div ref={notice} tabIndex={-1} className="rounded-xl outline-none">
          <StatusNotice>{t('ambassador.apply.pending')}</StatusNotice>
        </div>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-50">
          <p className="min-w-0 flex-1 basis-64">{classText}</p>
          <Button
            onClick={() => {
              setMotivation('');
              setProblem(null);
              reset();
              opened.current = true;
              setOpen(true);
            }}
          >
            <Send aria-hidden="true" className="size-4 rtl:-scale-x-100" />
            {t('ambassador.apply.open')}
          </Button>
        </div>
      )}
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('ambassador.apply.open')}
        icon={<Award aria-hidden="true" className="size-5" />}
        actions={
          <>
            <Button type="submit" form={formId} aria-disabled={isLoading} aria-busy={isLoading}>
              {isLoading ? <Spinner /> : null}
              {isLoading ? t('ambassador.form.sending') : t('ambassador.form.send')}
            </Button>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('ambassador.form.cancel')}
            </Button>
          </>
        }
      >
        <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
          <p>{classText}</p>
          <LongTextField
            label={t('ambassador.form.motivation')}
            hint={t('ambassador.form.hint')}
            value={motivation}
            onChange={(value) => {
              setMotivation(value);
              setProblem(null);
            }}
            max={MAX_MOTIVATION_LENGTH}
            error={problem}
            rows={6}
          />
          {failure?.status === 409 ? (
            <FailureAlert failure={{ ...failure, key: 'news:ambassador.apply.conflict' }} />
          ) : failure ? (
            <FailureAlert failure={failure} />
          ) : null}
        </form>
      </Dialog>
    </section>
  );
}
