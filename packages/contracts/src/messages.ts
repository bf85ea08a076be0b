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
  /** The mail server cannot take the code's message now; nothing was done, try again (503). */
  mailUnavailable: 'L015',
  /** A passkey's answer did not verify: an unknown, used or expired challenge, another site, a bad signature. */
  passkeyNotVerified: 'L016',
  /** The passkey is no account's at this school (never added here, or removed). */
  passkeyUnknown: 'L017',
  /** This passkey is on the account already (409). */
  passkeyAlreadyAdded: 'L018',
  /** The account has as many passkeys as it may keep; remove one first (409). */
  passkeysFull: 'L019',
  /** Passkeys need the school's address, which this portal has not been given (503). */
  passkeysUnavailable: 'L020',
  passwordTooShort: 'P001',
  passwordTooLong: 'P002',
  passwordTooCommon: 'P003',
  missingSchoolId: 'L000',
  unknownSchool: 'L000',
  invalidRequest: 'V001',
  malformedJson: 'V002',
  bodyTooLarge: 'V003',
  unsupportedMediaType: 'V004',
  /** The photo has an image's first bytes but cannot be decoded as one (415). */
  photoUnreadable: 'V010',
  /** The photo decodes to more pixels than are converted, or takes too long to convert (400). */
  photoTooManyPixels: 'V011',
  /** As many photos as are converted at once are being converted; try again shortly (503). */
  photoConversionsBusy: 'V012',
  /** As many missing translation keys as are kept are recorded already; no new one is taken (409). */
  missingTranslationsFull: 'V020',
  /** A push subscription the portal does not take: not a browser push service's address, or not a browser's key (400). */
  pushSubscriptionRefused: 'V030',
  notFound: 'N404',
  /** The parent's school does not grant the module this API belongs to. */
  moduleNotGranted: 'A001',
  /** The enrolment number (or document) is not one of the signed-in parent's children's. */
  notYourChild: 'A002',
  /** An amount is not positive, or more than the fee line still owes. */
  paymentAmountInvalid: 'F001',
  /** Less than a line owes, at a school that takes only whole lines. */
  partialPaymentNotAllowed: 'F002',
  /** A partial payment below the school's minimum. */
  paymentBelowMinimum: 'F003',
  /** The idempotency key was already used for a different request (409). */
  idempotencyKeyReused: 'F004',
  /** The payment link is already paid or has expired (409). */
  paymentLinkClosed: 'F005',
  /** A top-up outside the allowed range. */
  topUpOutOfRange: 'F006',
  /** The payment provider did not answer; nothing was charged (503). */
  paymentProviderUnavailable: 'F007',
  /** A webhook whose signature or timestamp does not verify (400). */
  webhookSignatureInvalid: 'F008',
  /** The payment started; its result is on its way. */
  paymentStarted: 'F009',
  /** Too many documents are being prepared at once; try again after Retry-After (429). */
  serverBusy: 'S429',
  serviceUnavailable: 'S503',
  ok: 'S200',
  /** A request is not in a state that allows this (a lost race, a decided request) (409). */
  requestWrongState: 'R001',
  /** Dates that do not make sense: the end before the start, too far ahead, in the past (422). */
  requestBadDates: 'R002',
  /** Overlaps a request already made (409). */
  requestOverlap: 'R003',
  /** Already answered (409). */
  alreadyAnswered: 'R004',
  /** The deadline has passed (409). */
  deadlinePassed: 'R005',
  /** The slot was taken meanwhile (409). */
  slotTaken: 'R006',
  /** The staff member does not teach or care for this child (403). */
  staffNotLinked: 'A003',
  /** The thread is closed (409). */
  threadClosed: 'M001',
  /** The school's storage for files is full (413). */
  uploadQuotaFull: 'U001',
  /** The file was refused (a PDF with scripts, a failed scan) (422). */
  uploadRefused: 'U002',
  /** A gate code that does not exist (404). */
  gateCodeUnknown: 'X001',
  /** A gate code already used (409). */
  gateCodeUsed: 'X002',
  /** A gate code outside the time it is valid (409). */
  gateCodeNotValidNow: 'X003',
  /** The API key is missing, wrong, revoked or another school's (401). */
  apiKeyInvalid: 'K001',
  /** The API key may not call this API (403). */
  apiKeyWrongScope: 'K002',
  /** Rows of the bundle are invalid; nothing was applied (422). */
  importRowsInvalid: 'I001',
  /** Another bundle of this school is being applied (409). */
  importRunning: 'I002',
} as const;

export type TMessageId = (typeof MessageId)[keyof typeof MessageId];

/** Every distinct id, for the locale files' completeness test. */
export const MESSAGE_IDS: readonly TMessageId[] = [...new Set(Object.values(MessageId))];
