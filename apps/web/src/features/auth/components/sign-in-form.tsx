import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LogIn } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { MessageId } from '@portal/contracts/messages';
import { TextField } from '../../../components/ui/text-field.tsx';
import { toApiFailure } from '../../../lib/api-error.ts';
import { useLoginMutation } from '../api.ts';
import { checkSignInForm, type TSignInErrors, type TSignInForm } from '../schema.ts';
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
  const [form, setForm] = useState<TSignInForm>({ username: '', password: '' });
  // Checked at the first submit, then again at every change so a fixed field clears its error.
  const [checked, setChecked] = useState(false);
  const [errors, setErrors] = useState<TSignInErrors>({});

  const change = (field: keyof TSignInForm) => (event: { target: { value: string } }) => {
    const next = { ...form, [field]: event.target.value };
    setForm(next);
    if (checked) setErrors(checkSignInForm(next).errors ?? {});
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    const result = checkSignInForm(form);
    setErrors(result.errors ?? {});
    if (!result.values) {
      // As a screen reader user expects: the first field to fix takes the focus.
      const first = result.errors.username ? 'username' : 'password';
      const field = event.currentTarget.elements.namedItem(first);
      if (field instanceof HTMLInputElement) field.focus();
      return;
    }
    reset();
    // The outcome lands in the session (success) or in `error` (failure).
    await login(result.values);
  };

  const failure = error ? toApiFailure(error) : null;
  const fieldError = (key: string | undefined) => (key ? t(key, { ns: 'auth' }) : undefined);

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5" aria-busy={isLoading}>
      {failure ? (
        <AuthError
          failure={failure}
          action={
            failure.messageId === MessageId.accountLocked && onUseCode ? (
              <Button variant="secondary" onClick={() => onUseCode(form.username.trim())}>
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
        // "webauthn": the browser may offer the school's passkeys among the suggestions.
        autoComplete="username webauthn"
        autoCapitalize="none"
        spellCheck={false}
        dir="auto"
        disabled={!enabled}
        error={fieldError(errors.username)}
        name="username"
        value={form.username}
        onChange={change('username')}
      />
      <TextField
        label={t('password')}
        type={showPassword ? 'text' : 'password'}
        autoComplete="current-password"
        disabled={!enabled}
        error={fieldError(errors.password)}
        endAdornment={
          <PasswordToggle visible={showPassword} onToggle={() => setShowPassword((shown) => !shown)} />
        }
        name="password"
        value={form.password}
        onChange={change('password')}
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
