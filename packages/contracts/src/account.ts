import { z } from 'zod';
import { ZApiResult } from './api-result.ts';
import { ZAppearance, ZNewPassword, ZOtp } from './auth.ts';
import { LIMITS } from './constants.ts';
import { endpoint } from './endpoint.ts';
import { MAX_PINNED_MODULES, MENU } from './menu.ts';

/**
 * What a parent keeps on the account, the same on every device: the menu entries pinned first
 * in the menu, and the language and theme chosen (null: follow the device).
 */

const menuKeys = MENU.filter((entry) => entry.group !== null).map((entry) => entry.key) as [
  string,
  ...string[],
];

export const ZAccountSettings = ZAppearance.extend({
  /** Menu entry keys in the parent's order; an entry the school no longer grants is not shown. */
  pinnedModules: z.array(z.string()),
});
export type TAccountSettings = z.infer<typeof ZAccountSettings>;

export const ZAccountSettingsAnswer = ZApiResult.extend({ settings: ZAccountSettings });
export type TAccountSettingsAnswer = z.infer<typeof ZAccountSettingsAnswer>;

/** A change of some settings; what is left out stays. */
export const ZAccountSettingsChange = z
  .object({
    pinnedModules: z
      .array(z.enum(menuKeys))
      .max(MAX_PINNED_MODULES)
      .refine((keys) => new Set(keys).size === keys.length, { message: 'An entry is pinned once' }),
    ...ZAppearance.shape,
  })
  .partial()
  .strict();
export type TAccountSettingsChange = z.infer<typeof ZAccountSettingsChange>;

/** How a sign-in proved who the parent is. */
export const SIGN_IN_METHODS = ['password', 'code', 'google', 'facebook', 'passkey'] as const;
export type TSignInMethod = (typeof SIGN_IN_METHODS)[number];

/** The most sign-ins the history lists (the newest). */
export const SIGN_IN_HISTORY_LENGTH = 50;

export const ZSignIn = z.object({
  id: z.string(),
  at: z.string(),
  method: z.enum(SIGN_IN_METHODS),
  /** The browser and system, as read from the User-Agent ("Chrome on Android"); '' when unknown. */
  browser: z.string(),
  ip: z.string(),
  /** The sign-in of the session asking. */
  current: z.boolean(),
  /** Its session is still signed in. */
  active: z.boolean(),
});
export type TSignIn = z.infer<typeof ZSignIn>;

export const ZSignIns = ZApiResult.extend({ items: z.array(ZSignIn) });
export type TSignIns = z.infer<typeof ZSignIns>;

/** A new password, proven by the current one; the other sessions are signed out. */
export const ZChangePasswordBody = z.object({
  currentPassword: z.string().min(1).max(LIMITS.passwordMax),
  newPassword: ZNewPassword,
});
export type TChangePasswordBody = z.infer<typeof ZChangePasswordBody>;

/** A new e-mail address: a code goes to it, and the address changes once the code comes back. */
export const ZChangeEmailBody = z.object({ email: z.email().max(254) });
export type TChangeEmailBody = z.infer<typeof ZChangeEmailBody>;

export const ZConfirmEmailBody = z.object({ code: ZOtp });
export type TConfirmEmailBody = z.infer<typeof ZConfirmEmailBody>;

export const ZContact = ZApiResult.extend({ email: z.string() });
export type TContact = z.infer<typeof ZContact>;

export const accountEndpoints = {
  settings: endpoint({
    method: 'GET',
    path: '/account/settings',
    module: null,
    response: ZAccountSettingsAnswer,
  }),
  changeSettings: endpoint({
    method: 'PATCH',
    path: '/account/settings',
    module: null,
    body: ZAccountSettingsChange,
    response: ZAccountSettingsAnswer,
  }),
  /** The newest sign-ins, newest first. */
  signIns: endpoint({ method: 'GET', path: '/account/sign-ins', module: null, response: ZSignIns }),
  /** Signs out every session of the parent but this one. */
  signOutOthers: endpoint({
    method: 'POST',
    path: '/account/sign-out-others',
    module: null,
    response: ZApiResult,
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/account/password',
    module: null,
    body: ZChangePasswordBody,
    response: ZApiResult,
  }),
  /** The contact address (where codes and notices are mailed). */
  contact: endpoint({ method: 'GET', path: '/account/contact', module: null, response: ZContact }),
  changeEmail: endpoint({
    method: 'POST',
    path: '/account/email',
    module: null,
    body: ZChangeEmailBody,
    response: ZApiResult,
  }),
  confirmEmail: endpoint({
    method: 'POST',
    path: '/account/email/confirm',
    module: null,
    body: ZConfirmEmailBody,
    response: ZContact,
  }),
};
