import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { SignJWT, UnsecuredJWT, generateKeyPair } from 'jose';
import { ZLoginResponse } from '@portal/contracts/auth';
import { parents, schools } from '../src/db/schema/index.ts';
import { appSecretProof } from '../src/modules/auth/social/facebook.ts';
import { addParent, buildTestApp, type TTestApp } from './helper.ts';
import { FAKE_GOOGLE_KID, startFakeGoogle, type TFakeGoogle } from './fakes/google-provider.ts';
import { startFakeGraph, type TFakeGraph } from './fakes/facebook-graph.ts';

const MOGRA_CLIENT_ID = 'mogra-portal.apps.googleusercontent.com';
const BCAD_CLIENT_ID = 'bcad-portal.apps.googleusercontent.com';
const FB_APP_ID = '100000000000001';
const FB_APP_SECRET = 'mogra-facebook-app-secret-0123456789';
const OTHER_APP_ID = '200000000000002';
const OTHER_APP_SECRET = 'another-app-secret-9876543210';

type TBody = Record<string, unknown>;

function post(t: TTestApp, schoolId: string, route: 'google-login' | 'facebook-login', payload: TBody) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/ppn/auth/${route}`,
    headers: { 'client-id': schoolId },
    payload,
  });
}

async function parentRow(t: TTestApp, schoolId: string, parentId: string) {
  const [row] = await t.database.db
    .select()
    .from(parents)
    .where(and(eq(parents.schoolId, schoolId), eq(parents.parentId, parentId)));
  return row;
}

async function countParents(t: TTestApp): Promise<number> {
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(parents);
  return row?.n ?? 0;
}

/** Sets a school's social sign-in ids, as an administrator would (before its first request). */
async function configureSchool(
  t: TTestApp,
  schoolId: string,
  ids: { googleClientId?: string; facebookAppId?: string; facebookAppSecret?: string },
) {
  await t.database.db.update(schools).set(ids).where(eq(schools.schoolId, schoolId));
}

describe('Google sign-in (security.md: Google ID tokens, ASVS 10.5)', () => {
  let t: TTestApp;
  let google: TFakeGoogle;
  const now = () => Math.floor(Date.now() / 1000);
  const claims = (extra: TBody = {}): TBody => ({
    aud: MOGRA_CLIENT_ID,
    sub: '110000000000000000001',
    email: 'parent@mogra.demo',
    email_verified: true,
    ...extra,
  });
  const googleLogin = async (schoolId: string, tokenClaims: TBody) =>
    post(t, schoolId, 'google-login', { credential: await google.sign(tokenClaims) });

  beforeAll(async () => {
    google = await startFakeGoogle();
    t = await buildTestApp({ env: { GOOGLE_JWKS_URL: google.jwksUrl } });
    await configureSchool(t, 'mogra', { googleClientId: MOGRA_CLIENT_ID });
    await configureSchool(t, 'bcad', { googleClientId: BCAD_CLIENT_ID });
    await addParent(t.database, 'mogra', {
      parentId: 'MG-GB1',
      username: 'bound.parent@mogra.test',
      enrollNumber: 'MGT-GB1',
    });
    for (const id of ['A', 'B']) {
      await addParent(t.database, 'mogra', {
        parentId: `MG-TW${id}`,
        username: `twin.${id}@mogra.test`,
        enrollNumber: `MGT-TW${id}`,
      });
    }
    await t.database.db
      .update(parents)
      .set({ email: 'shared@mogra.test' })
      .where(and(eq(parents.schoolId, 'mogra'), sql`${parents.parentId} in ('MG-TWA', 'MG-TWB')`));
  });
  afterAll(async () => {
    await t?.close();
    await google?.close();
  });

  it('signs in the parent whose email Google verified (any case) and records the sub', async () => {
    const response = await googleLogin('mogra', claims({ email: 'Parent@MOGRA.demo' }));
    expect(response.statusCode).toBe(200);
    const body = ZLoginResponse.parse(response.json());
    expect(body).toMatchObject({ success: true, messageId: 'L001' });
    expect(body.profile.parent.parentID).toBe('MG-P001');
    expect((await parentRow(t, 'mogra', 'MG-P001'))?.googleSub).toBe('110000000000000000001');

    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/v1/ppn/parent/profile',
      headers: { 'client-id': 'mogra', authorization: `Bearer ${body.token}` },
    });
    expect(profile.statusCode).toBe(200);
  });

  it('matches by sub on later sign-ins, even when the Google account now has another email', async () => {
    const response = await googleLogin('mogra', claims({ email: 'sara.new.address@gmail.example' }));
    expect(response.statusCode).toBe(200);
    expect(ZLoginResponse.parse(response.json()).profile.parent.parentID).toBe('MG-P001');
  });

  it('fetches the key set once and reuses it', async () => {
    const before = google.jwksRequests();
    expect(before).toBeGreaterThanOrEqual(1);
    expect((await googleLogin('mogra', claims())).statusCode).toBe(200);
    expect((await googleLogin('mogra', claims())).statusCode).toBe(200);
    expect(google.jwksRequests()).toBe(before);
  });

  it('refuses a token signed with another key under the published kid (bad signature)', async () => {
    const other = await generateKeyPair('RS256');
    const credential = await google.sign(claims(), { privateKey: other.privateKey, kid: FAKE_GOOGLE_KID });
    const response = await post(t, 'mogra', 'google-login', { credential });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      success: false,
      messageId: 'L013',
      message: 'The sign-in could not be verified',
    });
  });

  it('refuses a token signed with a key Google does not publish', async () => {
    const other = await generateKeyPair('RS256');
    const credential = await google.sign(claims(), { privateKey: other.privateKey, kid: 'unknown-kid' });
    const response = await post(t, 'mogra', 'google-login', { credential });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ messageId: 'L013' });
  });

  it.each([
    ['another audience', { aud: 'someone-else.apps.googleusercontent.com' }],
    ['another issuer', { iss: 'https://evil.example' }],
    ['an expired token', { iat: now() - 7200, exp: now() - 120 }],
    ['email_verified false', { email_verified: false }],
    ['email_verified as a string', { email_verified: 'true' }],
    ['no email_verified', { email_verified: undefined }],
    ['no sub', { sub: undefined }],
    ['no exp', { exp: undefined }],
    ['no email', { email: undefined }],
  ])('refuses %s with 401 L013', async (_name, extra) => {
    const response = await googleLogin('mogra', claims(extra));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, messageId: 'L013' });
  });

  it('refuses unsigned and HMAC-signed tokens and garbage (RS256 only)', async () => {
    const unsecured = new UnsecuredJWT(claims()).setIssuer('https://accounts.google.com').encode();
    const hmac = await new SignJWT(claims())
      .setProtectedHeader({ alg: 'HS256', kid: FAKE_GOOGLE_KID })
      .setIssuer('https://accounts.google.com')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('a-guessable-shared-secret-of-32-bytes!'));
    for (const credential of [unsecured, hmac, 'not-a-jwt', 'a.b.c']) {
      const response = await post(t, 'mogra', 'google-login', { credential });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ messageId: 'L013' });
    }
  });

  it('answers 401 L012 for a verified email no parent of the school has, and creates no account', async () => {
    const before = await countParents(t);
    const response = await googleLogin('mogra', claims({ sub: '1100099', email: 'stranger@gmail.example' }));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      success: false,
      messageId: 'L012',
      message: 'No parent account of this school matches this sign-in',
    });
    expect(await countParents(t)).toBe(before);
  });

  it('refuses a parent already bound to another Google account', async () => {
    const first = await googleLogin(
      'mogra',
      claims({ sub: 'bound-sub-1', email: 'bound.parent@mogra.test' }),
    );
    expect(first.statusCode).toBe(200);
    const second = await googleLogin(
      'mogra',
      claims({ sub: 'bound-sub-2', email: 'bound.parent@mogra.test' }),
    );
    expect(second.statusCode).toBe(401);
    expect(second.json()).toMatchObject({ messageId: 'L012' });
    expect((await parentRow(t, 'mogra', 'MG-GB1'))?.googleSub).toBe('bound-sub-1');
  });

  it('binds nobody when several parents share the email', async () => {
    const response = await googleLogin('mogra', claims({ sub: 'shared-sub', email: 'shared@mogra.test' }));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ messageId: 'L012' });
    expect((await parentRow(t, 'mogra', 'MG-TWA'))?.googleSub).toBeNull();
    expect((await parentRow(t, 'mogra', 'MG-TWB'))?.googleSub).toBeNull();
  });

  it('answers 400 L014 at a school without a Google client id', async () => {
    const response = await googleLogin('bcd', claims({ email: 'parent@bcd.demo' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, messageId: 'L014' });
  });

  it("refuses at bcad a token made for mogra's client id (tenancy)", async () => {
    const response = await googleLogin('bcad', claims({ sub: 'bcad-sub', email: 'parent@bcad.demo' }));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ messageId: 'L013' });
    expect((await parentRow(t, 'bcad', 'BC-P001'))?.googleSub).toBeNull();
  });

  it("does not carry a sub bound at mogra over to bcad's parents", async () => {
    const response = await googleLogin(
      'bcad',
      claims({ aud: BCAD_CLIENT_ID, email: 'someone@gmail.example' }),
    );
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ messageId: 'L012' });
    const bcad = await googleLogin('bcad', claims({ aud: BCAD_CLIENT_ID, email: 'parent@bcad.demo' }));
    expect(bcad.statusCode).toBe(200);
    expect(ZLoginResponse.parse(bcad.json()).profile.parent.parentID).toBe('BC-P001');
  });

  it.each([
    ['google-login', {}],
    ['google-login', { credential: 42 }],
    ['google-login', { credential: '' }],
    ['facebook-login', {}],
    ['facebook-login', { accessToken: 42 }],
  ] as const)('answers 400 V001 to a bad body on %s: %j', async (route, payload) => {
    const response = await post(t, 'mogra', route, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, messageId: 'V001' });
  });
});

describe('Facebook sign-in (security.md: Facebook tokens)', () => {
  let t: TTestApp;
  let graph: TFakeGraph;
  const answers: string[] = [];
  const facebookLogin = async (schoolId: string, accessToken: string) => {
    const response = await post(t, schoolId, 'facebook-login', { accessToken });
    answers.push(JSON.stringify(response.headers) + response.body);
    return response;
  };
  const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

  beforeAll(async () => {
    graph = await startFakeGraph({ [FB_APP_ID]: FB_APP_SECRET, [OTHER_APP_ID]: OTHER_APP_SECRET });
    t = await buildTestApp({ env: { FACEBOOK_GRAPH_URL: graph.url } });
    await configureSchool(t, 'mogra', { facebookAppId: FB_APP_ID, facebookAppSecret: FB_APP_SECRET });
    const user = { appId: FB_APP_ID, userId: '5550001' };
    graph.addToken('fb-good', { ...user, email: 'PARENT@mogra.demo', expiresAt: inAnHour() });
    graph.addToken('fb-good-new-email', { ...user, email: 'sara@elsewhere.example' });
    graph.addToken('fb-good-no-email', { ...user });
    graph.addToken('fb-never-expires', {
      appId: FB_APP_ID,
      userId: '5550002',
      email: 'family.haddad@mogra.demo',
      expiresAt: 0,
    });
    graph.addToken('fb-invalidated', { ...user, email: 'parent@mogra.demo', isValid: false });
    graph.addToken('fb-other-app', { appId: OTHER_APP_ID, userId: '5550003', email: 'parent@bcad.demo' });
    graph.addToken('fb-expired', {
      appId: FB_APP_ID,
      userId: '5550004',
      email: 'parent@bcad.demo',
      expiresAt: Math.floor(Date.now() / 1000) - 60,
    });
    graph.addToken('fb-expired-reported-valid', {
      appId: FB_APP_ID,
      userId: '5550009',
      email: 'parent@bcad.demo',
      expiresAt: Math.floor(Date.now() / 1000) - 60,
      isValid: true,
    });
    graph.addToken('fb-stranger', { appId: FB_APP_ID, userId: '5550005', email: 'stranger@mail.example' });
    graph.addToken('fb-no-email', { appId: FB_APP_ID, userId: '5550006' });
    graph.addToken('fb-other-user', { appId: FB_APP_ID, userId: '5550007', meId: '5550008', email: 'x@y.z' });
  });
  afterAll(async () => {
    await t?.close();
    await graph?.close();
  });

  it('signs in the parent with that email and records the Facebook id', async () => {
    const response = await facebookLogin('mogra', 'fb-good');
    expect(response.statusCode).toBe(200);
    const body = ZLoginResponse.parse(response.json());
    expect(body).toMatchObject({ success: true, messageId: 'L001' });
    expect(body.profile.parent.parentID).toBe('MG-P001');
    expect((await parentRow(t, 'mogra', 'MG-P001'))?.facebookId).toBe('5550001');
  });

  it('asks Graph with the app token, then /me with appsecret_proof and without the secret', async () => {
    graph.requests.length = 0;
    expect((await facebookLogin('mogra', 'fb-good')).statusCode).toBe(200);
    const [debug, me] = graph.requests;
    expect(debug?.path).toBe('/debug_token');
    expect(debug?.query.get('input_token')).toBe('fb-good');
    expect(debug?.query.get('access_token')).toBe(`${FB_APP_ID}|${FB_APP_SECRET}`);
    expect(me?.path).toBe('/me');
    expect(me?.query.get('appsecret_proof')).toBe(appSecretProof('fb-good', FB_APP_SECRET));
    expect(me?.query.toString()).not.toContain(FB_APP_SECRET);
  });

  it('matches by Facebook id later, whatever email (or none) Facebook now gives', async () => {
    for (const token of ['fb-good-new-email', 'fb-good-no-email']) {
      const response = await facebookLogin('mogra', token);
      expect(response.statusCode).toBe(200);
      expect(ZLoginResponse.parse(response.json()).profile.parent.parentID).toBe('MG-P001');
    }
  });

  it('accepts a token that does not expire (expires_at 0)', async () => {
    const response = await facebookLogin('mogra', 'fb-never-expires');
    expect(response.statusCode).toBe(200);
    expect(ZLoginResponse.parse(response.json()).profile.parent.parentID).toBe('MG-P002');
  });

  it.each([
    ['an unknown token', 'fb-unknown', false],
    ['an invalidated token', 'fb-invalidated', false],
    ["another app's token", 'fb-other-app', false],
    ['an expired token', 'fb-expired', false],
    ['a token past expires_at that Graph still calls valid', 'fb-expired-reported-valid', false],
    ['a token whose /me is another user', 'fb-other-user', true],
  ])('refuses %s with 401 L013', async (_name, token, asksMe) => {
    graph.requests.length = 0;
    const response = await facebookLogin('mogra', token);
    // Refused on debug_token's word alone, unless the fault only shows at /me.
    expect(graph.requests.map((r) => r.path)).toEqual(asksMe ? ['/debug_token', '/me'] : ['/debug_token']);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      success: false,
      messageId: 'L013',
      message: 'The sign-in could not be verified',
    });
  });

  it.each([
    ['an email no parent of the school has', 'fb-stranger'],
    ['no email at all', 'fb-no-email'],
  ])('answers 401 L012 for %s, and creates no account', async (_name, token) => {
    const before = await countParents(t);
    const response = await facebookLogin('mogra', token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, messageId: 'L012' });
    expect(await countParents(t)).toBe(before);
  });

  it('answers 400 L014 at a school without a Facebook app', async () => {
    const response = await facebookLogin('bcad', 'fb-good');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, messageId: 'L014' });
  });

  it.each([
    ['answers 5xx', 'error'],
    ['answers something that is not JSON', 'garbage'],
  ] as const)('answers 503 S503 when Graph %s', async (_name, mode) => {
    graph.setMode(mode);
    try {
      const response = await facebookLogin('mogra', 'fb-good');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        success: false,
        messageId: 'S503',
        message: 'Facebook sign-in is unavailable',
      });
    } finally {
      graph.setMode('ok');
    }
  });

  it('answers 503 S503 when Graph is down', async () => {
    await graph.close();
    const response = await facebookLogin('mogra', 'fb-good');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ success: false, messageId: 'S503' });
  });

  it('never puts the app secret in an answer', () => {
    expect(answers.length).toBeGreaterThan(10);
    for (const answer of answers) expect(answer).not.toContain(FB_APP_SECRET);
  });
});

describe('social sign-in when Google is unreachable, and its rate limit', () => {
  let t: TTestApp;
  let google: TFakeGoogle;

  beforeAll(async () => {
    google = await startFakeGoogle();
    t = await buildTestApp({ env: { GOOGLE_JWKS_URL: google.jwksUrl, AUTH_RATE_LIMIT_PER_IP: '4' } });
    await configureSchool(t, 'mogra', { googleClientId: MOGRA_CLIENT_ID });
  });
  afterAll(async () => {
    await t?.close();
    await google?.close();
  });

  it('answers 503 S503 when the key set answers 5xx, garbage, or nothing', async () => {
    const credential = await google.sign({
      aud: MOGRA_CLIENT_ID,
      sub: '1',
      email: 'parent@mogra.demo',
      email_verified: true,
    });
    for (const mode of ['error', 'garbage'] as const) {
      google.setMode(mode);
      const response = await post(t, 'mogra', 'google-login', { credential });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        success: false,
        messageId: 'S503',
        message: 'Google sign-in is unavailable',
      });
    }
    await google.close();
    const down = await post(t, 'mogra', 'google-login', { credential });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ messageId: 'S503' });
  });

  it('limits each route per IP (ASVS 6.3.1)', async () => {
    for (let i = 0; i < 4; i++) {
      expect((await post(t, 'bcd', 'facebook-login', { accessToken: 'x' })).statusCode).toBe(400);
    }
    const limited = await post(t, 'bcd', 'facebook-login', { accessToken: 'x' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, messageId: 'L006' });
    // Google sign-in has its own counter (3 used above), with one try left.
    expect((await post(t, 'bcd', 'google-login', { credential: 'x' })).statusCode).toBe(400);
    expect((await post(t, 'bcd', 'google-login', { credential: 'x' })).statusCode).toBe(429);
  });
});
