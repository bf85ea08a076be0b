import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How the fake answers: as Graph does, with a 500, or with a body that is not JSON. */
export type TGraphMode = 'ok' | 'error' | 'garbage';

/** A user access token the test has "issued". */
export type TFakeFacebookToken = {
  appId: string;
  userId: string;
  /** Left out of /me when undefined (the user did not share it). */
  email?: string;
  /** Unix seconds; 0 for a token that does not expire. One hour from now by default. */
  expiresAt?: number;
  /**
   * What debug_token reports as `is_valid`: by default, true until the token expires. False
   * for a token Facebook has invalidated (password change, log-out, ...); true to report a
   * token valid whatever its `expires_at` says (a clock out of step).
   */
  isValid?: boolean;
  /** What /me answers as `id`, when it should differ from `userId`. */
  meId?: string;
};

export type TFakeGraph = {
  /** FACEBOOK_GRAPH_URL for the app. */
  url: string;
  addToken: (token: string, details: TFakeFacebookToken) => void;
  setMode: (mode: TGraphMode) => void;
  /** Every request's path and query, in order. */
  requests: { path: string; query: URLSearchParams }[];
  close: () => Promise<void>;
};

/** Graph paths carry the API version, as FACEBOOK_GRAPH_URL does. */
const VERSION = '/v19.0';
const oauthError = { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 };

function proofOf(token: string, secret: string): string {
  return createHmac('sha256', secret).update(token).digest('hex');
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * A local stand-in for Graph's `/debug_token` and `/me`, strict as Facebook is: the app
 * token must be `<app id>|<app secret>` of a known app, and /me wants the token's
 * `appsecret_proof`. `apps` maps app ids to their secrets.
 */
export async function startFakeGraph(apps: Record<string, string>): Promise<TFakeGraph> {
  const tokens = new Map<string, TFakeFacebookToken>();
  const requests: TFakeGraph['requests'] = [];
  let mode: TGraphMode = 'ok';

  const isLive = (details: TFakeFacebookToken | undefined): details is TFakeFacebookToken => {
    if (!details || details.isValid === false) return false;
    const expiresAt = details.expiresAt ?? Infinity;
    return expiresAt === 0 || expiresAt * 1000 > Date.now();
  };

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://graph.local');
    const path = url.pathname.startsWith(`${VERSION}/`) ? url.pathname.slice(VERSION.length) : '';
    requests.push({ path, query: url.searchParams });
    const send = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (mode === 'error') return void response.writeHead(500).end('{"error":"internal"}');
    if (mode === 'garbage') {
      return void response.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
    }

    if (path === '/debug_token') {
      const [appId = '', ...rest] = (url.searchParams.get('access_token') ?? '').split('|');
      const secret = apps[appId];
      if (secret === undefined || !sameText(rest.join('|'), secret))
        return void send(400, { error: oauthError });
      const details = tokens.get(url.searchParams.get('input_token') ?? '');
      if (!details) return void send(200, { data: { error: oauthError, is_valid: false, scopes: [] } });
      const expiresAt = details.expiresAt ?? Math.floor(Date.now() / 1000) + 3600;
      return void send(200, {
        data: {
          app_id: details.appId,
          type: 'USER',
          application: 'Parent portal',
          data_access_expires_at: expiresAt,
          expires_at: expiresAt,
          is_valid: details.isValid ?? isLive(details),
          scopes: details.email === undefined ? ['public_profile'] : ['email', 'public_profile'],
          user_id: details.userId,
        },
      });
    }

    if (path === '/me') {
      const token = url.searchParams.get('access_token') ?? '';
      const details = tokens.get(token);
      if (!isLive(details)) return void send(400, { error: oauthError });
      const secret = apps[details.appId] ?? '';
      if (!sameText(url.searchParams.get('appsecret_proof') ?? '', proofOf(token, secret))) {
        return void send(400, {
          error: {
            message: 'Invalid appsecret_proof provided in the API argument',
            type: 'GraphMethodException',
            code: 100,
          },
        });
      }
      const fields = (url.searchParams.get('fields') ?? 'id').split(',');
      const me: Record<string, string> = { id: details.meId ?? details.userId };
      if (fields.includes('email') && details.email !== undefined) me.email = details.email;
      return void send(200, me);
    }

    send(404, { error: { message: 'Unknown path', type: 'GraphMethodException', code: 100 } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}${VERSION}`,
    addToken: (token, details) => void tokens.set(token, details),
    setMode: (next) => {
      mode = next;
    },
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
