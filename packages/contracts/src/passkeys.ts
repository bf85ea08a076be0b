import { z } from 'zod';
import { ZApiResult } from './api-result.ts';
import { ZLoginResponse } from './auth.ts';
import { endpoint } from './endpoint.ts';

/**
 * Passkeys (WebAuthn): a parent adds one from the account settings and signs in with it from
 * the sign-in page. The relying party is the school's host, so a passkey works at the school
 * it was added at and nowhere else. The options and answers are WebAuthn's JSON forms, as
 * `@simplewebauthn/server` makes and `@simplewebauthn/browser` returns them.
 */

/** The most passkeys one account keeps. */
export const MAX_PASSKEYS = 10;

/** base64url without padding, at most `max` characters. */
const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/);

/** A credential id: at most 1,023 bytes (WebAuthn), 1,364 characters in base64url. */
export const ZCredentialId = base64url(1364);

/** The ways a browser reaches an authenticator that WebAuthn names; the server keeps only these. */
export const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
const ZUserVerification = z.enum(['required', 'preferred', 'discouraged']);
const ZHint = z.enum(['hybrid', 'security-key', 'client-device']);

const ZCredentialDescriptor = z.object({
  id: z.string(),
  type: z.string(),
  transports: z.array(z.string()).optional(),
});

/** What the browser needs to create a passkey (`navigator.credentials.create`). */
export const ZRegistrationOptions = z.object({
  challenge: z.string(),
  rp: z.object({ id: z.string().optional(), name: z.string() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(ZCredentialDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      requireResidentKey: z.boolean().optional(),
      userVerification: ZUserVerification.optional(),
    })
    .optional(),
  attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
  hints: z.array(ZHint).optional(),
});
export type TRegistrationOptions = z.infer<typeof ZRegistrationOptions>;

/** What the browser needs to sign in with a passkey (`navigator.credentials.get`). */
export const ZAuthenticationOptions = z.object({
  challenge: z.string(),
  rpId: z.string(),
  timeout: z.number().optional(),
  /** Empty: any passkey of this site may answer, which the browser's autofill offers. */
  allowCredentials: z.array(ZCredentialDescriptor).optional(),
  userVerification: ZUserVerification.optional(),
  hints: z.array(ZHint).optional(),
});
export type TAuthenticationOptions = z.infer<typeof ZAuthenticationOptions>;

// What the browser answers, bounded: the server checks the rest with @simplewebauthn/server.
// Its extension results are not read (and dropped).
const ZAttachment = z.enum(['platform', 'cross-platform']).optional();

/** A new passkey, as the browser returns it (`startRegistration`). */
export const ZRegistrationResponse = z.object({
  id: ZCredentialId,
  rawId: ZCredentialId,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(8192),
    attestationObject: base64url(32_768),
    authenticatorData: base64url(16_384).optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4096).optional(),
  }),
  authenticatorAttachment: ZAttachment,
});
export type TRegistrationResponse = z.infer<typeof ZRegistrationResponse>;

/** A passkey's signature, as the browser returns it (`startAuthentication`). */
export const ZAuthenticationResponse = z.object({
  id: ZCredentialId,
  rawId: ZCredentialId,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(8192),
    authenticatorData: base64url(16_384),
    signature: base64url(2048),
    /** The account's user handle, which a discoverable passkey carries (up to 64 bytes). */
    userHandle: base64url(88).nullish(),
  }),
  authenticatorAttachment: ZAttachment,
});
export type TAuthenticationResponse = z.infer<typeof ZAuthenticationResponse>;

/** One of the parent's passkeys. */
export const ZPasskey = z.object({
  /** The credential id. */
  id: z.string(),
  /** The browser and system it was added on ("Chrome on Android"); '' when unknown. */
  name: z.string(),
  createdAt: z.string(),
  /** When it last signed in; null when never. */
  lastUsedAt: z.string().nullable(),
  /** Kept by a passkey provider that copies it to the parent's other devices. */
  synced: z.boolean(),
});
export type TPasskey = z.infer<typeof ZPasskey>;

export const ZPasskeys = ZApiResult.extend({ items: z.array(ZPasskey) });
export type TPasskeys = z.infer<typeof ZPasskeys>;

export const ZRegistrationOptionsAnswer = ZApiResult.extend({ options: ZRegistrationOptions });
export type TRegistrationOptionsAnswer = z.infer<typeof ZRegistrationOptionsAnswer>;

export const ZAuthenticationOptionsAnswer = ZApiResult.extend({ options: ZAuthenticationOptions });
export type TAuthenticationOptionsAnswer = z.infer<typeof ZAuthenticationOptionsAnswer>;

export const ZPasskeyAnswer = ZApiResult.extend({ passkey: ZPasskey });
export type TPasskeyAnswer = z.infer<typeof ZPasskeyAnswer>;

export const ZPasskeyParams = z.object({ credentialId: ZCredentialId });

export const passkeyEndpoints = {
  /** The signed-in parent's passkeys, newest first. */
  list: endpoint({ method: 'GET', path: '/account/passkeys', module: null, response: ZPasskeys }),
  /** A challenge to create a passkey for the signed-in parent (one use, a few minutes). */
  registrationOptions: endpoint({
    method: 'POST',
    path: '/account/passkeys/options',
    module: null,
    response: ZRegistrationOptionsAnswer,
  }),
  /** Keeps the passkey the browser created for that challenge. */
  add: endpoint({
    method: 'POST',
    path: '/account/passkeys',
    module: null,
    body: ZRegistrationResponse,
    response: ZPasskeyAnswer,
    created: true,
  }),
  /** Removes one of the parent's passkeys; it signs in no more. */
  remove: endpoint({
    method: 'DELETE',
    path: '/account/passkeys/:credentialId',
    module: null,
    params: ZPasskeyParams,
    response: ZApiResult,
  }),
  /** A challenge any passkey of this school may answer, without a session. */
  signInOptions: endpoint({
    method: 'POST',
    path: '/auth/passkey-options',
    module: null,
    response: ZAuthenticationOptionsAnswer,
  }),
  /** Signs in with a passkey's answer: the same session and answer as a password sign-in. */
  signIn: endpoint({
    method: 'POST',
    path: '/auth/passkey-login',
    module: null,
    body: ZAuthenticationResponse,
    response: ZLoginResponse,
  }),
};
