import * as z from 'zod/mini';
import { LIMITS } from '@portal/contracts/constants';

/**
 * The sign-in form: the contract's limits, with translation keys (namespace `auth`) as
 * messages so the errors show in the parent's language. zod/mini keeps the sign-in page light.
 */
export const ZSignInForm = z.object({
  username: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'validation.usernameRequired'),
      z.maxLength(LIMITS.usernameMax, 'validation.usernameTooLong'),
    ),
  password: z
    .string()
    .check(
      z.minLength(1, 'validation.passwordRequired'),
      z.maxLength(LIMITS.passwordMax, 'validation.passwordTooLong'),
    ),
});
export type TSignInForm = z.infer<typeof ZSignInForm>;
