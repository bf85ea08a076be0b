import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { LogIn } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { MessageId } from '@portal/contracts/messages';
import { TextField } from '../../../components/ui/text-field.tsx';
import { toApiFailure } from '../../../lib/api-error.ts';
import { useLoginMutation } from '../api.ts';
import { ZSignInForm, type TSignInForm } from '../schema.ts';
import { AuthError } from './auth-error.tsx';
import { PasswordToggle } from './password-toggle.tsx';

interface TSignInFormProps {
  /** False until a school is chosen: nobody can sign in without one. */
  enabled: boolean;
  /** Offered when the account is locked (L005): sign in with a one-time code instead. */
  onUseCode?: (username: string) => void;
}

/** Username and password sign-in. A success updates the session; the route guard moves on. */
export function SignInForm({ enabled, onUseCode }: TSignInFormProps) {
  const { t } = useTranslation(['auth', 'messages', 'common']);
  const [showPassword, setShowPassword] = useState(false);
  const [login, { isLoading, error, reset }] = useLoginMutation();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<TSignInForm>({
    resolver: zodResolver(ZSignInForm),
    defaultValues: { username: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    reset();
    // The outcome lands in the session (success) or in `error` (failure).
    await login(values);
  });

  const failure = error ? toApiFailure(error) : null;
  const fieldError = (key: string | undefined) => (key ? t(key, { ns: 'auth' }) : undefined);

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5" aria-busy={isLoading}>
      {failure ? (
        <AuthError
          failure={failure}
          action={
            failure.messageId === MessageId.accountLocked && onUseCode ? (
              <Button variant="secondary" onClick={() => onUseCode(getValues('username').trim())}>
                {t('useCodeInstead')}
              </Button>
            ) : null
          }
        />
      ) : null}
      <TextField
        label={t('username')}
        type="text"
        inputMode="email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        dir="auto"
        disabled={!enabled}
        error={fieldError(errors.username?.message)}
        {...register('username')}
      />
      <TextField
        label={t('password')}
        type={showPassword ? 'text' : 'password'}
        autoComplete="current-password"
        disabled={!enabled}
        error={fieldError(errors.password?.message)}
        endAdornment={
          <PasswordToggle visible={showPassword} onToggle={() => setShowPassword((shown) => !shown)} />
        }
        {...register('password')}
      />
      <Button type="submit" disabled={!enabled || isLoading} className="w-full text-base">
        {isLoading ? (
          <span
            aria-hidden="true"
            className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white motion-reduce:animate-none"
          />
        ) : (
          <LogIn aria-hidden="true" className="size-5 rtl:-scale-x-100" />
        )}
        {isLoading ? t('signingIn') : t('signIn')}
      </Button>
    </form>
  );
}
