import type { IncomingHttpHeaders } from 'node:http';
import type { TLanguage } from '@portal/contracts/constants';

/**
 * A payment provider with a hosted checkout page: the parent's browser is sent there, the
 * card is typed there and never reaches the portal (PCI DSS SAQ A). The provider reports the
 * outcome by a signed webhook.
 */
export type TPaymentProvider = {
  /** Stored in `payments.provider` and in the webhook path `/api/v1/webhooks/payments/<name>`. */
  name: 'sandbox' | 'stripe';
  /** Opens a checkout; throws `ProviderUnavailableError` when the provider cannot. */
  createCheckout: (input: TCheckoutInput) => Promise<TCheckout>;
  /**
   * Checks the signature (HMAC-SHA256, 300 s tolerance) and reads the event; throws
   * `WebhookSignatureError` when it does not verify. Null for a verified event that does not
   * concern a checkout's outcome.
   */
  verifyWebhook: (rawBody: Buffer, headers: IncomingHttpHeaders) => TProviderEvent | null;
};

export type TCheckoutInput = {
  paymentId: string;
  amountMinor: number;
  currency: string;
  description: string;
  /** The same in Arabic, for a page that speaks it. */
  descriptionAr: string;
  /** Where the browser goes after paying (or failing to). */
  returnUrl: string;
  /** Where the browser goes when the parent gives up. */
  cancelUrl: string;
  /** The same key opens the same checkout at the provider, however often it is sent. */
  idempotencyKey: string;
  /** The school, shown on the sandbox's page (a real provider shows its account's name). */
  merchant: { nameEn: string; nameAr: string };
  /** Who pays (`<school>:<parent>`): the sandbox keeps each payer's checkouts apart. */
  customer: string;
  /** The portal language the parent came from; the page speaks it. */
  language: TLanguage;
};

export type TCheckout = { providerRef: string; redirectUrl: string };

export const OUTCOMES = ['succeeded', 'declined', 'abandoned'] as const;
export type TOutcome = (typeof OUTCOMES)[number];

export type TProviderEvent = {
  /** The provider's id of the event: the same event delivered twice has the same id. */
  eventId: string;
  type: TOutcome;
  /** The checkout the event is about (`TCheckout.providerRef`). */
  providerRef: string;
  /** ISO 8601. */
  occurredAt: string;
};

/** The provider did not open a checkout (down, timed out, refused); nothing was charged. */
export class ProviderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderUnavailableError';
  }
}

/** A webhook whose signature, or timestamp, does not verify. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** A body as JSON, or undefined when it is not JSON. */
export function parseJson(rawBody: Buffer): unknown {
  try {
    return JSON.parse(rawBody.toString('utf8'));
  } catch {
    return undefined;
  }
}
