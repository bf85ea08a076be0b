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
  const base = schoolAddress(config, schoolId);
  if (!base) return null;
  return { signIn: `${base}${UNAUTHENTICATED_ENTRY_PATH}`, forgotPassword: `${base}${FORGOT_PASSWORD_PATH}` };
}

/** A school's portal address by its id (see `schoolAddress`); null when not configured. */
export type TSchoolAddress = (schoolId: string) => string | null;

/**
 * The school's portal address without a trailing slash, by the same rule: PUBLIC_BASE_URL
 * with the school's id, else (outside production) `http://<id>.localhost:<PORT>`; else null.
 */
export function schoolAddress(
  config: Pick<TConfig, 'payments' | 'port' | 'isProduction'>,
  schoolId: string,
): string | null {
  const template = config.payments.publicBaseUrl;
  if (template) return template.replaceAll('{schoolId}', schoolId);
  return config.isProduction ? null : `http://${schoolId}.localhost:${config.port}`;
}
