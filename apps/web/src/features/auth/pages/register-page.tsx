import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, ShieldCheck, UserPlus } from 'lucide-react';
import { appConfig } from '../../../config/app-config.ts';
import { paths } from '../../../config/paths.ts';
import { StatusNotice } from '../../../components/ui/alert.tsx';
import { Button, textLink } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { toApiFailure } from '../../../lib/api-error.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useRegisterMutation, useVerifyRegistrationMutation } from '../code-api.ts';
import { ZCodeForm, ZRegisterForm, type TCodeForm, type TRegisterForm } from '../code-schema.ts';
import { isPasswordRule } from '../password-rules.ts';
import { useCooldown } from '../use-cooldown.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { AuthError } from '../components/auth-error.tsx';
import { CodeField } from '../components/code-field.tsx';
import { NewPasswordField } from '../components/new-password-field.tsx';
import { ResendCodeButton } from '../components/resend-code-button.tsx';
import { StepDone } from '../components/step-done.tsx';

interface TRegisterPageProps {
  /** Whether a school is known; without one the form is disabled. */
  schoolChosen: boolean;
  /** The school picker, on the test environment only. */
  schoolPicker?: ReactNode;
  /** The query string the link back to sign-in carries on. */
  search?: string;
  /** How to reach the school, shown once a code is sent, for when none arrives. */
  schoolContact?: ReactNode;
}

/**
 * `/register`: a parent claims the account the school created for them, with their email
 * and a child's enrolment number, chooses a password, then proves it with the mailed code.
 */
export function RegisterPage({ schoolChosen, schoolPicker, search = '', schoolContact }: TRegisterPageProps) {
  const { t } = useTranslation(['auth', 'messages', 'common']);
  useDocumentTitle(t('register.title'), t('common:appName'));
  const [claim, setClaim] = useState<TRegisterForm | null>(null);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const [doneMessage, setDoneMessage] = useState<string | null>(null);
  const cooldown = useCooldown();
  const [register, registerState] = useRegisterMutation();
  const [verify, verifyState] = useVerifyRegistrationMutation();
  const detailsForm = useForm<TRegisterForm>({
    resolver: zodResolver(ZRegisterForm),
    defaultValues: { username: '', enrollNumber: '', password: '' },
  });
  const codeForm = useForm<TCodeForm>({ resolver: zodResolver(ZCodeForm), defaultValues: { otp: '' } });
  const setCodeFocus = codeForm.setFocus;

  useEffect(() => {
    if (claim) setCodeFocus('otp');
  }, [claim, setCodeFocus]);

  const sendClaim = async (values: TRegisterForm) => {
    verifyState.reset();
    const result = await register(values);
    if ('data' in result && result.data) {
      setClaim(values);
      setSentMessage(result.data.messageId);
      cooldown.start(appConfig.codeResendCooldownMs);
      return;
    }
    if (!('error' in result)) return;
    const failure = toApiFailure(result.error);
    if (isPasswordRule(failure.messageId)) {
      // A broken password rule belongs to the password field, on the details step.
      setClaim(null);
      detailsForm.setError('password', { message: failure.key }, { shouldFocus: true });
      return;
    }
    if (failure.status === 429 && failure.retryAfterSeconds) cooldown.start(failure.retryAfterSeconds * 1000);
  };

  const onDetails = detailsForm.handleSubmit(sendClaim);
  const onCode = codeForm.handleSubmit(async (values) => {
    if (!claim) return;
    registerState.reset();
    const result = await verify({ username: claim.username, otp: values.otp });
    if ('data' in result && result.data) setDoneMessage(result.data.messageId);
  });

  const fieldError = (key: string | undefined) => (key ? t(key) : undefined);
  const error = verifyState.error ?? registerState.error;
  const apiFailure = error ? toApiFailure(error) : null;
  // A broken password rule is shown at the password field instead.
  const failure = apiFailure && !isPasswordRule(apiFailure.messageId) ? apiFailure : null;
  const password = useWatch({ control: detailsForm.control, name: 'password' });

  return (
    <AuthCard
      titleId="register-title"
      heading={t('register.heading')}
      intro={doneMessage ? undefined : <p>{t('register.intro')}</p>}
    >
      {schoolPicker && !claim ? <div className="mt-6">{schoolPicker}</div> : null}
      {!schoolChosen && !schoolPicker ? (
        <p className="mt-4 text-sm font-medium text-slate-700 dark:text-slate-200">
          {t('chooseSchoolFirst')}
        </p>
      ) : null}
      <div className="mt-6">
        {doneMessage ? (
          <StepDone message={t(`messages:${doneMessage}`)} to={`${paths.signIn}${search}`} />
        ) : claim === null ? (
          <form
            noValidate
            onSubmit={(event) => void onDetails(event)}
            className="space-y-5"
            aria-busy={registerState.isLoading}
          >
            <p className="text-xs font-semibold text-purple-700 dark:text-purple-300">
              {t('steps.of', { current: 1, total: 2 })}
            </p>
            {failure ? <AuthError failure={failure} /> : null}
            <TextField
              label={t('register.email')}
              type="email"
              inputMode="email"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              dir="auto"
              disabled={!schoolChosen}
              error={fieldError(detailsForm.formState.errors.username?.message)}
              {...detailsForm.register('username')}
            />
            <TextField
              label={t('register.enrollNumber')}
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              dir="auto"
              disabled={!schoolChosen}
              aria-describedby="enroll-number-hint"
              error={fieldError(detailsForm.formState.errors.enrollNumber?.message)}
              {...detailsForm.register('enrollNumber')}
            />
            <p id="enroll-number-hint" className="-mt-3 text-xs text-slate-600 dark:text-slate-300">
              {t('register.enrollNumberHint')}
            </p>
            <NewPasswordField
              label={t('register.password')}
              value={password}
              disabled={!schoolChosen}
              error={fieldError(detailsForm.formState.errors.password?.message)}
              {...detailsForm.register('password')}
            />
            <Button
              type="submit"
              disabled={!schoolChosen || registerState.isLoading || cooldown.remaining > 0}
              className="w-full text-base"
            >
              {registerState.isLoading ? <Spinner /> : <UserPlus aria-hidden="true" className="size-5" />}
              {cooldown.remaining > 0
                ? t('otp.sendIn', { seconds: cooldown.remaining })
                : t('register.submit')}
            </Button>
          </form>
        ) : (
          <form
            noValidate
            onSubmit={(event) => void onCode(event)}
            className="space-y-5"
            aria-busy={verifyState.isLoading}
          >
            <p className="text-xs font-semibold text-purple-700 dark:text-purple-300">
              {t('steps.of', { current: 2, total: 2 })}
            </p>
            {failure ? (
              <AuthError failure={failure} />
            ) : sentMessage ? (
              <StatusNotice>
                <p>{t(`messages:${sentMessage}`)}</p>
                <p className="mt-1 text-xs opacity-90">
                  {t('otp.requestedFor')}
                  <span className="block break-all font-semibold">
                    <bdi dir="ltr">{claim.username}</bdi>
                  </span>
                </p>
              </StatusNotice>
            ) : null}
            <CodeField
              disabled={!schoolChosen}
              error={fieldError(codeForm.formState.errors.otp?.message)}
              {...codeForm.register('otp')}
            />
            <Button type="submit" disabled={verifyState.isLoading} className="w-full text-base">
              {verifyState.isLoading ? <Spinner /> : <ShieldCheck aria-hidden="true" className="size-5" />}
              {t('register.activate')}
            </Button>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <ResendCodeButton
                remaining={cooldown.remaining}
                busy={registerState.isLoading}
                onResend={() => void sendClaim(claim)}
              />
              <Button
                variant="ghost"
                onClick={() => {
                  registerState.reset();
                  verifyState.reset();
                  codeForm.reset();
                  setClaim(null);
                }}
              >
                <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
                {t('register.changeDetails')}
              </Button>
            </div>
            {/* The answer is the same for every address: what to do when no code comes. */}
            <section
              aria-labelledby="no-code-title"
              className="space-y-3 rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200 dark:bg-slate-800/60 dark:ring-slate-700"
            >
              <h2 id="no-code-title" className="text-sm font-semibold text-slate-900 dark:text-white">
                {t('register.noCode.title')}
              </h2>
              <p className="text-sm text-slate-700 dark:text-slate-200">{t('register.noCode.body')}</p>
              {schoolContact}
            </section>
          </form>
        )}
      </div>
      {doneMessage ? null : (
        <p className="mt-6 border-t border-slate-200 pt-5 text-center text-sm text-slate-600 dark:border-slate-800 dark:text-slate-300">
          {t('register.haveAccount')}{' '}
          <Link to={`${paths.signIn}${search}`} className={textLink}>
            {t('signIn')}
          </Link>
        </p>
      )}
    </AuthCard>
  );
}
