import { FORGOT_PASSWORD_PATH, UNAUTHENTICATED_ENTRY_PATH } from '@portal/contracts/constants';
import type { TConfig } from './config.ts';
import type { TSignInLinks } from './mail/code-mail.ts';

/**
 * A school's sign-in and forgotten-password pages, for mails: under PUBLIC_BASE_URL with the
 * school's id, or outside production the school's `<id>.localhost` address on this port. Never
 * built from the request's Host header, which whoever sends the request chooses. Null when the
 * portal's address is not configured.
 */
export function signInLinks(
  config: Pick<TConfig, 'payments' | 'port' | 'isProduction'>,
  schoolId: string,
): TSignInLinks {
  const template = config.payments.publicBaseUrl;
  const base = template
    ? template.replaceAll('{schoolId}', schoolId)
    : config.isProduction
      ? null
      : `http://${schoolId}.localhost:${config.port}`;
  if (!base) return null;
  return { signIn: `${base}${UNAUTHENTICATED_ENTRY_PATH}`, forgotPassword: `${base}${FORGOT_PASSWORD_PATH}` };
}
