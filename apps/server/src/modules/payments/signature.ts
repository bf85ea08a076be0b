import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureError } from './provider.ts';

/** How far a webhook's timestamp may be from now, either way (Stripe's default). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The hex HMAC-SHA256 of `<t>.<raw body>`: the timestamp is signed with the body. */
export function signatureOf(secret: string, timestamp: number, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

/** The header value `t=<unix seconds>,v1=<hex>` for a body, as Stripe writes it. */
export function signatureHeader(secret: string, rawBody: Buffer | string, timestamp: number): string {
  return `t=${timestamp},v1=${signatureOf(secret, timestamp, rawBody)}`;
}

/**
 * Checks a `t=...,v1=...[,v1=...]` header against the raw body: one `v1` must equal the
 * expected signature (compared in constant time) and `t` must be within the tolerance.
 */
export function verifySignatureHeader(
  header: string | string[] | undefined,
  rawBody: Buffer,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): void {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) throw new WebhookSignatureError('no signature header');
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of value.split(',')) {
    const [key, ...rest] = part.trim().split('=');
    const text = rest.join('=');
    if (key === 't' && /^\d{1,12}$/.test(text)) timestamp = Number(text);
    if (key === 'v1' && /^[0-9a-f]{64}$/.test(text)) signatures.push(text);
  }
  if (timestamp === null || signatures.length === 0)
    throw new WebhookSignatureError('malformed signature header');
  const expected = Buffer.from(signatureOf(secret, timestamp, rawBody), 'hex');
  const matches = signatures.some((candidate) => timingSafeEqual(Buffer.from(candidate, 'hex'), expected));
  if (!matches) throw new WebhookSignatureError('signature does not match');
  if (Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS) {
    throw new WebhookSignatureError('timestamp outside the tolerance');
  }
}
