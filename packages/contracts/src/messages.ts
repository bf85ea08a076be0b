/**
 * Message ids: every answer of the API carries one. Their English and Arabic texts live in
 * the locale files under the `messages` namespace, keyed by id.
 */
export const MessageId = {
  /** Generic failure; also what the client reports when an error has no body. */
  genericFailure: 'L000',
  signInSucceeded: 'L001',
  invalidCredentials: 'L002',
  signedOut: 'L003',
  sessionInvalid: 'L004',
  accountLocked: 'L005',
  tooManyRequests: 'L006',
  /** The same answer whether or not the account exists (no enumeration). */
  codeSentIfAccountExists: 'L007',
  codeInvalid: 'L008',
  accountActivated: 'L009',
  passwordReset: 'L010',
  signedOutEverywhere: 'L011',
  socialAccountUnknown: 'L012',
  socialTokenInvalid: 'L013',
  socialNotConfigured: 'L014',
  passwordTooShort: 'P001',
  passwordTooLong: 'P002',
  passwordTooCommon: 'P003',
  missingSchoolId: 'L000',
  unknownSchool: 'L000',
  invalidRequest: 'V001',
  malformedJson: 'V002',
  bodyTooLarge: 'V003',
  unsupportedMediaType: 'V004',
  notFound: 'N404',
  serviceUnavailable: 'S503',
  ok: 'S200',
} as const;

export type TMessageId = (typeof MessageId)[keyof typeof MessageId];

/** Every distinct id, for the locale files' completeness test. */
export const MESSAGE_IDS: readonly TMessageId[] = [...new Set(Object.values(MessageId))];
