import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, KeyRound, Send } from 'lucide-react';
import { appConfig } from '../../../config/app-config.ts';
import { paths } from '../../../config/paths.ts';
import { StatusNotice } from '../../../components/ui/alert.tsx';
import { Button, textLink } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { toApiFailure } from '../../../lib/api-error.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useForgetPasswordMutation, useResetPasswordMutation } from '../code-api.ts';
import { ZResetForm, ZUsernameForm, type TResetForm, type TUsernameForm } from '../code-schema.ts';
import { isPasswordRule } from '../password-rules.ts';
import { useCooldown } from '../use-cooldown.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { AuthError } from '../components/auth-error.tsx';
import { CodeField } from '../components/code-field.tsx';
import { NewPasswordField } from '../components/new-password-field.tsx';
import { PasswordToggle } from '../components/password-toggle.tsx';
import { ResendCodeButton } from '../components/resend-code-button.tsx';
import { StepDone } from '../components/step-done.tsx';

interface TForgotPasswordPageProps {
  /** Whether a school is known; without one the form is disabled. */
  schoolChosen: boolean;
  /** The school picker, on the test environment only. */
  schoolPicker?: ReactNode;
  /** The query string the link back to sign-in carries on. */
  search?: string;
}

/**
 * `/forgot-password`: the username, then the mailed code with a new password (twice). The
 * answer to the first step is the same whether or not the account exists. A reset ends every
 * session of the account.
 */
export function ForgotPasswordPage({ schoolChosen, schoolPicker, search = '' }: TForgotPasswordPageProps) {
  const { t } = useTranslation(['auth', 'messages', 'common']);
  useDocumentTitle(t('forgot.title'), t('common:appName'));
  const [username, setUsername] = useState<string | null>(null);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const [doneMessage, setDoneMessage] = useState<string | null>(null);
  const [showConfirm, setShowConfirm] = useState(false);
  const cooldown = useCooldown();
  const [forgetPassword, forgetState] = useForgetPasswordMutation();
  const [resetPassword, resetState] = useResetPasswordMutation();
  const usernameForm = useForm<TUsernameForm>({
    resolver: zodResolver(ZUsernameForm),
    defaultValues: { username: '' },
  });
  const resetForm = useForm<TResetForm>({
    resolver: zodResolver(ZResetForm),
    defaultValues: { otp: '', password: '', confirm: '' },
  });
  const setResetFocus = resetForm.setFocus;

  useEffect(() => {
    if (username !== null) setResetFocus('otp');
  }, [username, setResetFocus]);

  const requestCode = async (name: string) => {
    resetState.reset();
    const result = await forgetPassword({ username: name });
    if ('data' in result && result.data) {
      setUsername(name);
      setSentMessage(result.data.messageId);
      cooldown.start(appConfig.codeResendCooldownMs);
      return;
    }
    if (!('error' in result)) return;
    const failure = toApiFailure(result.error);
    if (failure.status === 429 && failure.retryAfterSeconds) cooldown.start(failure.retryAfterSeconds * 1000);
  };

  const onUsername = usernameForm.handleSubmit((values) => requestCode(values.username));
  const onReset = resetForm.handleSubmit(async (values) => {
    if (username === null) return;
    forgetState.reset();
    const result = await resetPassword({ username, otp: values.otp, password: values.password });
    if ('data' in result && result.data) {
      setDoneMessage(result.data.messageId);
      return;
    }
    if (!('error' in result)) return;
    const failure = toApiFailure(result.error);
    if (isPasswordRule(failure.messageId)) {
      resetForm.setError('password', { message: failure.key }, { shouldFocus: true });
    }
  });

  const fieldError = (key: string | undefined) => (key ? t(key) : undefined);
  const error = resetState.error ?? forgetState.error;
  const apiFailure = error ? toApiFailure(error) : null;
  // A broken password rule is shown at the password field instead.
  const failure = apiFailure && !isPasswordRule(apiFailure.messageId) ? apiFailure : null;
  const password = useWatch({ control: resetForm.control, name: 'password' });

  return (
    <AuthCard
      titleId="forgot-title"
      heading={t('forgot.heading')}
      intro={doneMessage ? undefined : <p>{username === null ? t('forgot.intro') : t('forgot.codeIntro')}</p>}
    >
      {schoolPicker && username === null ? <div className="mt-6">{schoolPicker}</div> : null}
      {!schoolChosen && !schoolPicker ? (
        <p className="mt-4 text-sm font-medium text-slate-700 dark:text-slate-200">
          {t('chooseSchoolFirst')}
        </p>
      ) : null}
      <div className="mt-6">
        {doneMessage ? (
          <StepDone message={t(`messages:${doneMessage}`)} to={`${paths.signIn}${search}`} />
        ) : username === null ? (
          <form
            noValidate
            onSubmit={(event) => void onUsername(event)}
            className="space-y-5"
            aria-busy={forgetState.isLoading}
          >
            <p className="text-xs font-semibold text-purple-700 dark:text-purple-300">
              {t('steps.of', { current: 1, total: 2 })}
            </p>
            {failure ? <AuthError failure={failure} /> : null}
            <TextField
              label={t('username')}
              type="text"
              inputMode="email"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              dir="auto"
              disabled={!schoolChosen}
              error={fieldError(usernameForm.formState.errors.username?.message)}
              {...usernameForm.register('username')}
            />
            <Button
              type="submit"
              disabled={!schoolChosen || forgetState.isLoading || cooldown.remaining > 0}
              className="w-full text-base"
            >
              {forgetState.isLoading ? (
                <Spinner />
              ) : (
                <Send aria-hidden="true" className="size-5 rtl:-scale-x-100" />
              )}
              {cooldown.remaining > 0 ? t('otp.sendIn', { seconds: cooldown.remaining }) : t('otp.send')}
            </Button>
          </form>
        ) : (
          <form
            noValidate
            onSubmit={(event) => void onReset(event)}
            className="space-y-5"
            aria-busy={resetState.isLoading}
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
                    <bdi dir="ltr">{username}</bdi>
                  </span>
                </p>
              </StatusNotice>
            ) : null}
            {/* Tells password managers which account the new password belongs to. */}
            <input type="hidden" autoComplete="username" value={username} readOnly />
            <CodeField
              error={fieldError(resetForm.formState.errors.otp?.message)}
              {...resetForm.register('otp')}
            />
            <NewPasswordField
              label={t('forgot.newPassword')}
              value={password}
              error={fieldError(resetForm.formState.errors.password?.message)}
              {...resetForm.register('password')}
            />
            <TextField
              label={t('forgot.confirmPassword')}
              type={showConfirm ? 'text' : 'password'}
              autoComplete="new-password"
              error={fieldError(resetForm.formState.errors.confirm?.message)}
              endAdornment={
                <PasswordToggle visible={showConfirm} onToggle={() => setShowConfirm((shown) => !shown)} />
              }
              {...resetForm.register('confirm')}
            />
            <Button type="submit" disabled={resetState.isLoading} className="w-full text-base">
              {resetState.isLoading ? <Spinner /> : <KeyRound aria-hidden="true" className="size-5" />}
              {t('forgot.submit')}
            </Button>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <ResendCodeButton
                remaining={cooldown.remaining}
                busy={forgetState.isLoading}
                onResend={() => void requestCode(username)}
              />
              <Button
                variant="ghost"
                onClick={() => {
                  forgetState.reset();
                  resetState.reset();
                  resetForm.reset();
                  setUsername(null);
                }}
              >
                <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
                {t('otp.changeUsername')}
              </Button>
            </div>
          </form>
        )}
      </div>
      {doneMessage ? null : (
        <p className="mt-6 border-t border-slate-200 pt-5 text-center text-sm text-slate-600 dark:border-slate-800 dark:text-slate-300">
          <Link to={`${paths.signIn}${search}`} className={textLink}>
            {t('backToSignIn')}
          </Link>
        </p>
      )}
    </AuthCard>
  );
}
