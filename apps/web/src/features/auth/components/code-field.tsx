import type { InputHTMLAttributes, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/text-field.tsx';

interface TCodeFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/**
 * The 6-digit code from the mail: a numeric keypad on phones, offered by the system's
 * one-time-code autofill, and read left to right in both languages.
 */
export function CodeField({ error, ...props }: TCodeFieldProps) {
  const { t } = useTranslation('auth');
  return (
    <TextField
      label={t('code.label')}
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9 ]*"
      maxLength={7}
      spellCheck={false}
      dir="ltr"
      className="[&_input]:text-center [&_input]:font-semibold [&_input]:tracking-[0.4em] [&_input]:tabular-nums"
      error={error}
      {...props}
    />
  );
}
