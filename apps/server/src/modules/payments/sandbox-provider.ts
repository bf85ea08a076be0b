import { randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  parseJson,
  WebhookSignatureError,
  type TCheckout,
  type TCheckoutInput,
  type TOutcome,
  type TPaymentProvider,
  type TProviderEvent,
} from './provider.ts';
import { signatureHeader, verifySignatureHeader } from './signature.ts';

export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';

export type TSandboxCheckout = TCheckoutInput & {
  providerRef: string;
  /** Set once the parent chose an outcome on the page; the page is then closed. */
  outcome: TOutcome | null;
};

export type TSandboxProvider = TPaymentProvider & {
  name: 'sandbox';
  findCheckout: (providerRef: string) => TSandboxCheckout | null;
  /** The signed webhook body and headers for a choice, as a remote provider would send them. */
  eventFor: (
    checkout: TSandboxCheckout,
    outcome: TOutcome,
  ) => { body: string; headers: Record<string, string> };
  /** How many checkouts were opened (a repeated idempotency key opens none). */
  checkoutCount: () => number;
};

const ZSandboxEvent = z.object({
  id: z.string().min(1).max(200),
  type: z.enum(['checkout.succeeded', 'checkout.declined', 'checkout.abandoned']),
  created: z.number().int().positive(),
  data: z.object({ ref: z.string().min(1).max(200) }),
});

/**
 * The built-in provider for the demo and tests: its hosted page is served by this server
 * (sandbox-routes.ts) and takes no card and no money. Its webhooks are signed like Stripe's
 * and go through the same verification as a real provider's. Checkouts live in memory: a
 * restart forgets the open ones (their payments end as abandoned). Each payer keeps at most
 * `perPayer` of them: past that, that payer's oldest (a closed one first) is forgotten, never
 * another payer's (docs/decisions/015-payments.md).
 */
export function createSandboxProvider(options: {
  webhookSecret: string;
  perPayer?: number;
}): TSandboxProvider {
  const perPayer = options.perPayer ?? 10;
  const checkouts = new Map<string, TSandboxCheckout>();
  const byKey = new Map<string, string>();
  /** Each payer's checkouts, oldest first. */
  const byPayer = new Map<string, string[]>();
  let opened = 0;

  const forgetOneOf = (refs: string[]) => {
    const closed = refs.findIndex((ref) => checkouts.get(ref)?.outcome !== null);
    const [gone] = refs.splice(Math.max(0, closed), 1);
    const checkout = gone ? checkouts.get(gone) : undefined;
    if (!checkout) return;
    checkouts.delete(checkout.providerRef);
    byKey.delete(checkout.idempotencyKey);
  };

  const createCheckout = async (input: TCheckoutInput): Promise<TCheckout> => {
    const known = byKey.get(input.idempotencyKey);
    const existing = known ? checkouts.get(known) : undefined;
    if (existing) return { providerRef: existing.providerRef, redirectUrl: pageUrl(existing) };
    const providerRef = `sbx_${randomBytes(16).toString('base64url')}`;
    const checkout: TSandboxCheckout = { ...input, providerRef, outcome: null };
    checkouts.set(providerRef, checkout);
    byKey.set(input.idempotencyKey, providerRef);
    const refs = byPayer.get(input.customer) ?? [];
    refs.push(providerRef);
    byPayer.set(input.customer, refs);
    while (refs.length > perPayer) forgetOneOf(refs);
    opened += 1;
    return { providerRef, redirectUrl: pageUrl(checkout) };
  };

  const verifyWebhook = (rawBody: Buffer, headers: Record<string, string | string[] | undefined>) => {
    verifySignatureHeader(headers[SANDBOX_SIGNATURE_HEADER], rawBody, options.webhookSecret);
    const parsed = ZSandboxEvent.safeParse(parseJson(rawBody));
    if (!parsed.success) throw new WebhookSignatureError('not a sandbox event');
    const event: TProviderEvent = {
      eventId: parsed.data.id,
      type: parsed.data.type.slice('checkout.'.length) as TOutcome,
      providerRef: parsed.data.data.ref,
      occurredAt: new Date(parsed.data.created * 1000).toISOString(),
    };
    return event;
  };

  const eventFor = (checkout: TSandboxCheckout, outcome: TOutcome) => {
    const created = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({
      id: `evt_sbx_${randomUUID()}`,
      type: `checkout.${outcome}`,
      created,
      data: { ref: checkout.providerRef },
    });
    return {
      body,
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signatureHeader(options.webhookSecret, body, created),
      },
    };
  };

  return {
    name: 'sandbox',
    createCheckout,
    verifyWebhook,
    findCheckout: (providerRef) => checkouts.get(providerRef) ?? null,
    eventFor,
    checkoutCount: () => opened,
  };
}

/** The hosted page, on the same host as the return address (the school's own). */
function pageUrl(checkout: TSandboxCheckout): string {
  return `${new URL(checkout.returnUrl).origin}/sandbox-pay/${checkout.providerRef}`;
}
