import { z } from 'zod';
import {
  parseJson,
  ProviderUnavailableError,
  WebhookSignatureError,
  type TCheckout,
  type TCheckoutInput,
  type TOutcome,
  type TPaymentProvider,
  type TProviderEvent,
} from './provider.ts';
import { verifySignatureHeader } from './signature.ts';

const REQUEST_TIMEOUT_MS = 10_000;

export type TStripeOptions = { apiUrl: string; secretKey: string; webhookSecret: string };

const ZSession = z.object({ id: z.string().min(1), url: z.url() });

const ZEvent = z.object({
  id: z.string().min(1).max(255),
  type: z.string(),
  created: z.number().int().positive(),
  data: z.object({
    object: z.object({
      id: z.string().min(1).max(255),
      object: z.string(),
      payment_status: z.string().optional(),
    }),
  }),
});

/**
 * Stripe Checkout through its REST API (no SDK): a Checkout Session per payment, created
 * with the payment's idempotency key, and webhooks checked against `Stripe-Signature`.
 */
export function createStripeProvider(options: TStripeOptions): TPaymentProvider {
  const createCheckout = async (input: TCheckoutInput): Promise<TCheckout> => {
    const form = new URLSearchParams({
      mode: 'payment',
      client_reference_id: input.paymentId,
      'metadata[payment_id]': input.paymentId,
      success_url: input.returnUrl,
      cancel_url: input.cancelUrl,
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': input.currency.toLowerCase(),
      'line_items[0][price_data][unit_amount]': String(input.amountMinor),
      'line_items[0][price_data][product_data][name]': input.description,
      'payment_intent_data[metadata][payment_id]': input.paymentId,
    });
    let response: Response;
    try {
      response = await fetch(`${options.apiUrl}/v1/checkout/sessions`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${options.secretKey}`,
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': input.idempotencyKey,
        },
        body: form.toString(),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new ProviderUnavailableError('Stripe did not answer', { cause: error });
    }
    const text = await response.text().catch(() => '');
    if (!response.ok) {
      throw new ProviderUnavailableError(`Stripe answered ${response.status}: ${text.slice(0, 300)}`);
    }
    const session = ZSession.safeParse(parseJson(Buffer.from(text)));
    if (!session.success) throw new ProviderUnavailableError('Stripe answered without a session');
    return { providerRef: session.data.id, redirectUrl: session.data.url };
  };

  const verifyWebhook = (rawBody: Buffer, headers: Record<string, string | string[] | undefined>) => {
    verifySignatureHeader(headers['stripe-signature'], rawBody, options.webhookSecret);
    const parsed = ZEvent.safeParse(parseJson(rawBody));
    if (!parsed.success) throw new WebhookSignatureError('not a Stripe event');
    const event = parsed.data;
    const type = outcomeOf(event.type, event.data.object.payment_status);
    if (!type || event.data.object.object !== 'checkout.session') return null;
    const outcome: TProviderEvent = {
      eventId: event.id,
      type,
      providerRef: event.data.object.id,
      occurredAt: new Date(event.created * 1000).toISOString(),
    };
    return outcome;
  };

  return { name: 'stripe', createCheckout, verifyWebhook };
}

/**
 * A Checkout Session event's outcome. `completed` means paid only when the session's
 * `payment_status` says so; a delayed method (bank debit) completes `unpaid` and reports
 * later with `async_payment_succeeded` or `async_payment_failed`.
 */
function outcomeOf(type: string, paymentStatus: string | undefined): TOutcome | null {
  switch (type) {
    case 'checkout.session.completed':
      return paymentStatus === 'paid' || paymentStatus === 'no_payment_required' ? 'succeeded' : null;
    case 'checkout.session.async_payment_succeeded':
      return 'succeeded';
    case 'checkout.session.async_payment_failed':
      return 'declined';
    case 'checkout.session.expired':
      return 'abandoned';
    default:
      return null;
  }
}
