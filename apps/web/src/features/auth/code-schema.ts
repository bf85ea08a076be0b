import * as z from 'zod/mini';
import { passwordRuleViolation } from '@portal/contracts/auth';
import { LIMITS } from '@portal/contracts/constants';
import { MessageId } from '@portal/contracts/messages';

/**
 * The forms of the code flows (one-time-code sign-in, registration, forgotten password).
 * Messages are translation keys with their namespace; a new password follows the contract's
 * `passwordRuleViolation` (the server also refuses common passwords).
 */
const ZUsernameField = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'auth:validation.usernameRequired'),
    z.maxLength(LIMITS.usernameMax, 'auth:validation.usernameTooLong'),
  );

/** Six digits; spaces (as pasted from some mail apps) are dropped. */
const ZCodeField = z.string().check(
  z.overwrite((value) => value.replace(/\s/g, '')),
  z.regex(/^\d{6}$/, 'auth:validation.codeFormat'),
);

const ZNewPasswordField = z.string().check(
  z.refine(
    (value) => passwordRuleViolation(value) !== MessageId.passwordTooShort,
    `messages:${MessageId.passwordTooShort}`,
  ),
  z.refine(
    (value) => passwordRuleViolation(value) !== MessageId.passwordTooLong,
    `messages:${MessageId.passwordTooLong}`,
  ),
);

export const ZUsernameForm = z.object({ username: ZUsernameField });
export type TUsernameForm = z.infer<typeof ZUsernameForm>;

export const ZCodeForm = z.object({ otp: ZCodeField });
export type TCodeForm = z.infer<typeof ZCodeForm>;

export const ZRegisterForm = z.object({
  username: ZUsernameField,
  enrollNumber: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'auth:validation.enrollNumberRequired'),
      z.maxLength(64, 'auth:validation.enrollNumberTooLong'),
    ),
  password: ZNewPasswordField,
});
export type TRegisterForm = z.infer<typeof ZRegisterForm>;

export const ZResetForm = z
  .object({ otp: ZCodeField, password: ZNewPasswordField, confirm: z.string() })
  .check(
    z.refine((values) => values.password === values.confirm, {
      message: 'auth:validation.passwordsDiffer',
      path: ['confirm'],
    }),
  );
export type TResetForm = z.infer<typeof ZResetForm>;
