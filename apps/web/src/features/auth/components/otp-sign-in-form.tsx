import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { LogIn, Send } from 'lucide-react';
import type { TApiResult } from '@portal/contracts/api-result';
import { appConfig } from '../../../config/app-config.ts';
import { StatusNotice } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { toApiFailure, type TApiFailure } from '../../../lib/api-error.ts';
import { useSendSignInCodeMutation, useVerifySignInCodeMutation } from '../code-api.ts';
import { ZCodeForm, ZUsernameForm, type TCodeForm, type TUsernameForm } from '../code-schema.ts';
import { useCooldown } from '../use-cooldown.ts';
import { AuthError } from './auth-error.tsx';
import { CodeField } from './code-field.tsx';
import { ResendCodeButton } from './resend-code-button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

interface TOtpSignInFormProps {
  /** False until a school is chosen. */
  enabled: boolean;
  /** The username to start with (e.g. carried over from the password tab). */
  initialUsername?: string;
}

/** How long to wait after a failed send: the server's `Retry-After`, else nothing. */
function waitAfter(failure: TApiFailure): number {
  return failure.status === 429 && failure.retryAfterSeconds ? failure.retryAfterSeconds * 1000 : 0;
}

/**
 * Sign-in with a one-time code: the username, then the 6-digit code from the mail. Another
 * code may be asked for after the cool-down. Once the code is accepted the form says so, and
 * the session begins OTP_SIGN_IN_DELAY_MS later (the API layer holds it back).
 */
export function OtpSignInForm({ enabled, initialUsername = '' }: TOtpSignInFormProps) {
  const { t } = useTranslation(['auth', 'messages']);
  const [username, setUsername] = useState<string | null>(null);
  const [sentNotice, setSentNotice] = useState<TApiResult | null>(null);
  const cooldown = useCooldown();
  const [sendCode, sendState] = useSendSignInCodeMutation();
  const [verifyCode, verifyState] = useVerifySignInCodeMutation();

  const usernameForm = useForm<TUsernameForm>({
    resolver: zodResolver(ZUsernameForm),
    defaultValues: { username: initialUsername },
  });
  const codeForm = useForm<TCodeForm>({ resolver: zodResolver(ZCodeForm), defaultValues: { otp: '' } });
  const { setFocus } = codeForm;

  useEffect(() => {
    if (username !== null) setFocus('otp');
  }, [username, setFocus]);

  const send = async (name: string, resend: boolean) => {
    verifyState.reset();
    const result = await sendCode({ username: name, resend });
    if ('data' in result && result.data) {
      setUsername(name);
      setSentNotice(result.data);
      cooldown.start(appConfig.codeResendCooldownMs);
      return;
    }
    if ('error' in result) {
      const wait = waitAfter(toApiFailure(result.error));
      if (wait > 0) cooldown.start(wait);
    }
  };

  const onSend = usernameForm.handleSubmit((values) => send(values.username, false));
  const onVerify = codeForm.handleSubmit(async (values) => {
    if (username === null) return;
    sendState.reset();
    await verifyCode({ username, otp: values.otp });
  });

  const changeUsername = () => {
    sendState.reset();
    verifyState.reset();
    codeForm.reset();
    setSentNotice(null);
    setUsername(null);
  };

  const fieldError = (key: string | undefined) => (key ? t(key) : undefined);
  const error = verifyState.error ?? sendState.error;
  const failure = error ? toApiFailure(error) : null;

  if (verifyState.isSuccess) {
    return (
      <StatusNotice tone="success">
        <p className="flex items-center gap-2 font-semibold">
          <Spinner className="border-emerald-300 border-t-emerald-700 dark:border-emerald-800 dark:border-t-emerald-200" />
          {t('otp.accepted')}
        </p>
      </StatusNotice>
    );
  }

  if (username === null) {
    return (
      <form
        noValidate
        onSubmit={(event) => void onSend(event)}
        className="space-y-5"
        aria-busy={sendState.isLoading}
      >
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('otp.intro')}</p>
        {failure ? <AuthError failure={failure} /> : null}
        <TextField
          label={t('username')}
          type="text"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          dir="auto"
          disabled={!enabled}
          error={fieldError(usernameForm.formState.errors.username?.message)}
          {...usernameForm.register('username')}
        />
        <Button
          type="submit"
          disabled={!enabled || sendState.isLoading || cooldown.remaining > 0}
          className="w-full text-base"
        >
          {sendState.isLoading ? (
            <Spinner />
          ) : (
            <Send aria-hidden="true" className="size-5 rtl:-scale-x-100" />
          )}
          {cooldown.remaining > 0 ? t('otp.sendIn', { seconds: cooldown.remaining }) : t('otp.send')}
        </Button>
      </form>
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void onVerify(event)}
      className="space-y-5"
      aria-busy={verifyState.isLoading}
    >
      {failure ? (
        <AuthError failure={failure} />
      ) : sentNotice ? (
        <StatusNotice>
          <p>{t(`messages:${sentNotice.messageId}`, { defaultValue: t('messages:L007') })}</p>
          <p className="mt-1 text-xs opacity-90">
            {t('otp.requestedFor')}
            <span className="block break-all font-semibold">
              <bdi dir="ltr">{username}</bdi>
            </span>
          </p>
        </StatusNotice>
      ) : null}
      <CodeField
        disabled={!enabled}
        error={fieldError(codeForm.formState.errors.otp?.message)}
        {...codeForm.register('otp')}
      />
      <Button type="submit" disabled={!enabled || verifyState.isLoading} className="w-full text-base">
        {verifyState.isLoading ? (
          <Spinner />
        ) : (
          <LogIn aria-hidden="true" className="size-5 rtl:-scale-x-100" />
        )}
        {verifyState.isLoading ? t('otp.verifying') : t('signIn')}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ResendCodeButton
          remaining={cooldown.remaining}
          busy={sendState.isLoading}
          onResend={() => void send(username, true)}
        />
        <Button variant="ghost" onClick={changeUsername}>
          {t('otp.changeUsername')}
        </Button>
      </div>
    </form>
  );
}
