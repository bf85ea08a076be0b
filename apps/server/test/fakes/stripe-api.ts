import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

export type TStripeMode = 'ok' | 'error' | 'garbage';

export type TSessionRequest = {
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  contentType: string | undefined;
  form: URLSearchParams;
};

export type TFakeStripe = {
  /** STRIPE_API_URL for the app. */
  url: string;
  setMode: (mode: TStripeMode) => void;
  /** How long the fake waits before answering a session creation. */
  setDelay: (ms: number) => void;
  /** Every POST /v1/checkout/sessions, in order (repeats of a key included). */
  requests: TSessionRequest[];
  /** Sessions created (a repeated idempotency key creates none). */
  sessions: Map<string, { id: string; form: URLSearchParams }>;
  close: () => Promise<void>;
};

const REQUIRED = [
  'mode',
  'success_url',
  'cancel_url',
  'line_items[0][quantity]',
  'line_items[0][price_data][currency]',
  'line_items[0][price_data][unit_amount]',
  'line_items[0][price_data][product_data][name]',
];

/**
 * A local stand-in for Stripe's `POST /v1/checkout/sessions`, strict as Stripe is: a bearer
 * secret key, a form body with the required fields, and idempotency keys (the same key with
 * the same parameters answers the first session; with other parameters, 400; while the first
 * request with a key is still running, 409).
 */
export async function startFakeStripe(secretKey: string): Promise<TFakeStripe> {
  const requests: TSessionRequest[] = [];
  const sessions = new Map<string, { id: string; form: URLSearchParams }>();
  const byKey = new Map<string, { body: string; answer: unknown }>();
  const inFlight = new Set<string>();
  let mode: TStripeMode = 'ok';
  let delay = 0;

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void handle(request, Buffer.concat(chunks).toString('utf8'), response);
    });
  });

  const send = (response: http.ServerResponse, status: number, body: unknown) =>
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const error = (type: string, message: string) => ({ error: { type, message } });

  async function handle(request: http.IncomingMessage, body: string, response: http.ServerResponse) {
    if (request.method !== 'POST' || request.url !== '/v1/checkout/sessions') {
      return send(response, 404, error('invalid_request_error', 'Unrecognized request URL'));
    }
    const key = request.headers['idempotency-key'] as string | undefined;
    const form = new URLSearchParams(body);
    requests.push({
      idempotencyKey: key,
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      form,
    });
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return send(response, 401, error('invalid_request_error', 'Invalid API Key provided'));
    }
    if (key && inFlight.has(key)) {
      return send(
        response,
        409,
        error('idempotency_error', 'There is currently another in-progress request'),
      );
    }
    if (key) inFlight.add(key);
    try {
      if (delay > 0) await sleep(delay);
      if (mode === 'error') return send(response, 500, error('api_error', 'Something went wrong'));
      if (mode === 'garbage')
        return void response.writeHead(200, { 'content-type': 'text/html' }).end('<html>');
      const earlier = key ? byKey.get(key) : undefined;
      if (earlier) {
        if (earlier.body !== body) {
          return send(
            response,
            400,
            error(
              'idempotency_error',
              'Keys for idempotent requests can only be used with the same parameters',
            ),
          );
        }
        return send(response, 200, earlier.answer);
      }
      const missing = REQUIRED.find((field) => !form.get(field));
      if (missing)
        return send(response, 400, error('invalid_request_error', `Missing required param: ${missing}`));
      const id = `cs_test_${randomBytes(12).toString('hex')}`;
      const answer = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
        currency: form.get('line_items[0][price_data][currency]'),
        client_reference_id: form.get('client_reference_id'),
        payment_status: 'unpaid',
        status: 'open',
      };
      sessions.set(id, { id, form });
      if (key) byKey.set(key, { body, answer });
      return send(response, 200, answer);
    } finally {
      if (key) inFlight.delete(key);
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setMode: (next) => {
      mode = next;
    },
    setDelay: (ms) => {
      delay = ms;
    },
    requests,
    sessions,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A Stripe event about a Checkout Session, as Stripe's webhook delivers it. */
export function stripeEvent(
  type: string,
  sessionId: string,
  paymentStatus = 'paid',
  id = randomBytes(8).toString('hex'),
) {
  return JSON.stringify({
    id: `evt_${id}`,
    object: 'event',
    api_version: '2024-06-20',
    created: Math.floor(Date.now() / 1000),
    type,
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        payment_status: paymentStatus,
        status: 'complete',
      },
    },
  });
}
