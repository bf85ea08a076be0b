import { LIMITS } from '@portal/contracts/constants';

/** The sign-in form's values. */
export type TSignInForm = { username: string; password: string };

/** The translation key (namespace `auth`) of each field's error; absent when the field is fine. */
export type TSignInErrors = Partial<Record<keyof TSignInForm, string>>;

/**
 * The sign-in form's rules: the contract's limits, with translation keys as messages so the
 * errors show in the parent's language. Plain checks, so the sign-in page loads no schema
 * library. Answers the values to send (the username trimmed) or the errors.
 */
export function checkSignInForm(
  form: TSignInForm,
): { values: TSignInForm; errors: null } | { values: null; errors: TSignInErrors } {
  const username = form.username.trim();
  const errors: TSignInErrors = {};
  if (username.length === 0) errors.username = 'validation.usernameRequired';
  else if (username.length > LIMITS.usernameMax) errors.username = 'validation.usernameTooLong';
  if (form.password.length === 0) errors.password = 'validation.passwordRequired';
  else if (form.password.length > LIMITS.passwordMax) errors.password = 'validation.passwordTooLong';
  return Object.keys(errors).length > 0
    ? { values: null, errors }
    : { values: { username, password: form.password }, errors: null };
}
