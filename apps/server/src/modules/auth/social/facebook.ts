import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { describeFailure, type TVerification } from './repository.ts';

const FETCH_TIMEOUT_MS = 5_000;

/** A school's Facebook app. The secret never leaves the server except to Graph itself. */
export type TFacebookApp = { appId: string; appSecret: string };

// Graph's answers, as far as we read them. Ids arrive as strings; times as Unix seconds.
const ZDebugToken = z.object({
  data: z.object({
    is_valid: z.boolean(),
    app_id: z.string().optional(),
    user_id: z.string().optional(),
    expires_at: z.number().optional(),
  }),
});
const ZMe = z.object({ id: z.string(), email: z.string().optional() });
const ZGraphError = z.object({
  error: z.object({ code: z.number().optional(), type: z.string().optional() }),
});

/** `appsecret_proof`: HMAC-SHA256 of the access token keyed with the app secret, in hex. */
export function appSecretProof(accessToken: string, appSecret: string): string {
  return createHmac('sha256', appSecret).update(accessToken).digest('hex');
}

type TGraphAnswer = { ok: true; status: number; body: unknown } | { ok: false; reason: string };

/**
 * One GET to Graph. A network failure, a time-out, a 5xx or a body that is not JSON is
 * "unavailable"; 4xx answers come back for the caller to judge. The URL (which carries the
 * app token) never reaches the log.
 */
async function getGraph(url: URL, step: string): Promise<TGraphAnswer> {
  let response: Response;
  try {
    response = await fetch(url, {
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      redirect: 'error',
      headers: { accept: 'application/json' },
    });
  } catch (error) {
    return { ok: false, reason: `facebook ${step}: ${describeFailure(error)}` };
  }
  if (response.status >= 500) {
    await response.body?.cancel();
    return { ok: false, reason: `facebook ${step}: HTTP ${response.status}` };
  }
  try {
    return { ok: true, status: response.status, body: await response.json() };
  } catch (error) {
    return { ok: false, reason: `facebook ${step}: unreadable answer (${describeFailure(error)})` };
  }
}

function graphErrorOf(body: unknown): string {
  const parsed = ZGraphError.safeParse(body);
  return parsed.success
    ? `${parsed.data.error.type ?? 'error'} ${parsed.data.error.code ?? ''}`.trim()
    : 'error';
}

/** Checks Facebook user access tokens with Graph's `debug_token` and `/me`. */
export function createFacebookVerifier(graphUrl: string) {
  const base = graphUrl.replace(/\/+$/, '');

  /** Verifies that `accessToken` is a live token of this school's app, and reads who it belongs to. */
  async function verify(accessToken: string, app: TFacebookApp): Promise<TVerification> {
    const invalid = (reason: string): TVerification => ({ ok: false, failure: 'invalid', reason });
    const unavailable = (reason: string): TVerification => ({ ok: false, failure: 'unavailable', reason });

    const debugUrl = new URL(`${base}/debug_token`);
    debugUrl.searchParams.set('input_token', accessToken);
    debugUrl.searchParams.set('access_token', `${app.appId}|${app.appSecret}`);
    const debug = await getGraph(debugUrl, 'debug_token');
    if (!debug.ok) return unavailable(debug.reason);
    // Graph answers a token it cannot parse with a 4xx; so would it our app token, which
    // the log then shows as a stream of refusals.
    if (debug.status !== 200)
      return invalid(`facebook debug_token: HTTP ${debug.status} ${graphErrorOf(debug.body)}`);
    const parsed = ZDebugToken.safeParse(debug.body);
    if (!parsed.success) return unavailable('facebook debug_token: unexpected answer');
    const data = parsed.data.data;
    if (data.is_valid !== true) return invalid('facebook token: not valid');
    if (data.app_id !== app.appId) return invalid('facebook token: made for another app');
    if (data.expires_at === undefined) return invalid('facebook token: no expiry');
    // 0: a token that does not expire.
    if (data.expires_at !== 0 && data.expires_at * 1000 <= Date.now())
      return invalid('facebook token: expired');
    if (!data.user_id) return invalid('facebook token: no user');

    const meUrl = new URL(`${base}/me`);
    meUrl.searchParams.set('fields', 'id,email');
    meUrl.searchParams.set('access_token', accessToken);
    meUrl.searchParams.set('appsecret_proof', appSecretProof(accessToken, app.appSecret));
    const me = await getGraph(meUrl, 'me');
    if (!me.ok) return unavailable(me.reason);
    if (me.status !== 200) return invalid(`facebook me: HTTP ${me.status} ${graphErrorOf(me.body)}`);
    const user = ZMe.safeParse(me.body);
    if (!user.success) return unavailable('facebook me: unexpected answer');
    if (user.data.id !== data.user_id) return invalid('facebook me: another user than the token');
    const email = user.data.email?.trim() ? user.data.email.trim() : null;
    return { ok: true, identity: { id: user.data.id, email } };
  }

  return { verify };
}
