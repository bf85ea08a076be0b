import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TSignIns } from '@portal/contracts/account';
import type { TLoginResponse } from '@portal/contracts/auth';
import {
  MAX_PASSKEYS,
  type TAuthenticationOptionsAnswer,
  type TPasskeyAnswer,
  type TPasskeys,
  type TRegistrationOptionsAnswer,
} from '@portal/contracts/passkeys';
import { passkeys, signIns, webauthnChallenges } from '../../../src/db/schema/index.ts';
import { relyingPartyOf } from '../../../src/modules/account/passkeys/relying-party.ts';
import type { TSchool } from '../../../src/access/school.ts';
import { ApiError } from '../../../src/api-error.ts';
import { schoolAddress } from '../../../src/school-address.ts';
import { signIn } from '../../helper.ts';
import { subjectOfMail, textOfMail } from '../../mail-reader.ts';
import { answerOf, parentApi, type TParentApi } from '../publications/circulars-data.ts';
import { accountApp, expectRefused } from './account-data.ts';
import {
  createSoftAuthenticator,
  type TCeremonySite,
  type TSoftAuthenticator,
} from './soft-authenticator.ts';

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** The demo schools' addresses outside production with the default port (school-address.ts). */
const MOGRA: TCeremonySite = { origin: 'http://mogra.localhost:3000', rpId: 'mogra.localhost' };
const BCAD: TCeremonySite = { origin: 'http://bcad.localhost:3000', rpId: 'bcad.localhost' };

// Passkeys (WebAuthn): added from the account with the school's host as the relying party,
// signing in with no username and the same session as a password, removed by their owner only.
// A software authenticator answers as a browser would.
describe('passkeys', () => {
  const app = accountApp('PK', [
    'first@mogra.demo',
    'replay@mogra.demo',
    'site@mogra.demo',
    'owner@mogra.demo',
    'other@mogra.demo',
    'full@mogra.demo',
    'limit@mogra.demo',
  ]);

  /** A parent's API in a new session, with the headers it sends. */
  type TSession = TParentApi & { headers: Record<string, string> };
  const as = async (username: string, schoolId = 'mogra'): Promise<TSession> => {
    const token = await signIn(app.t.app, schoolId, username);
    return {
      ...parentApi(app.t, schoolId, token),
      headers: { 'client-id': schoolId, authorization: `Bearer ${token}` },
    };
  };

  const registrationOptions = async (api: TParentApi) =>
    (await answerOf<TRegistrationOptionsAnswer>(api.post('/account/passkeys/options'))).options;
  const addPasskey = (api: TSession, body: object, userAgent = '') =>
    app.t.app.inject({
      method: 'POST',
      url: '/api/v1/ppn/account/passkeys',
      headers: { ...api.headers, 'user-agent': userAgent },
      payload: body,
    });
  const listOf = async (api: TParentApi) => (await answerOf<TPasskeys>(api.get('/account/passkeys'))).items;
  const remove = (api: TSession, credentialId: string) =>
    app.t.app.inject({
      method: 'DELETE',
      url: `/api/v1/ppn/account/passkeys/${credentialId}`,
      headers: api.headers,
    });
  const signInOptions = async (schoolId = 'mogra') => {
    const answer = app.t.app.inject({
      method: 'POST',
      url: '/api/v1/ppn/auth/passkey-options',
      headers: { 'client-id': schoolId },
    });
    return (await answerOf<TAuthenticationOptionsAnswer>(answer)).options;
  };
  const passkeyLogin = (body: object, schoolId = 'mogra', userAgent = '') =>
    app.t.app.inject({
      method: 'POST',
      url: '/api/v1/ppn/auth/passkey-login',
      headers: { 'client-id': schoolId, 'user-agent': userAgent },
      payload: body,
    });

  /** A parent's session with a passkey added to the account. */
  async function withPasskey(username: string): Promise<{ api: TSession; key: TSoftAuthenticator }> {
    const api = await as(username);
    const key = createSoftAuthenticator();
    await answerOf(addPasskey(api, key.register(await registrationOptions(api), MOGRA)), 201);
    return { api, key };
  }

  it('adds a passkey and signs in with it: the same session and answer as a password, recorded as a passkey', async () => {
    const api = await as('first@mogra.demo');
    const options = await registrationOptions(api);
    expect(options).toMatchObject({
      rp: { id: 'mogra.localhost', name: 'Mogra Demo School' },
      user: { name: 'first@mogra.demo', displayName: 'Test Parent' },
      attestation: 'none',
      excludeCredentials: [],
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    expect(options.pubKeyCredParams.map((param) => param.alg)).toContain(-7);

    const key = createSoftAuthenticator();
    const added = await answerOf<TPasskeyAnswer>(
      addPasskey(api, key.register(options, MOGRA), CHROME_ANDROID),
      201,
    );
    expect(added).toMatchObject({
      success: true,
      messageId: 'S200',
      passkey: { id: key.credentialId, name: 'Chrome on Android', lastUsedAt: null, synced: false },
    });
    expect(await listOf(api)).toEqual([added.passkey]);
    const mail = await app.smtp.waitForMessage('first@mogra.demo');
    expect(subjectOfMail(mail)).toBe('A passkey was added to your Mogra Demo School parent portal account');
    expect(textOfMail(mail)).toContain('If you did not add it');
    // The browser is asked not to make a second passkey on the same authenticator.
    expect((await registrationOptions(api)).excludeCredentials).toEqual([
      { id: key.credentialId, type: 'public-key', transports: ['internal', 'hybrid'] },
    ]);

    const signInWith = await signInOptions();
    expect(signInWith).toMatchObject({
      rpId: 'mogra.localhost',
      allowCredentials: [],
      userVerification: 'preferred',
    });
    const answer = await answerOf<TLoginResponse>(
      passkeyLogin(key.signIn(signInWith, MOGRA), 'mogra', CHROME_ANDROID),
    );
    expect(answer).toMatchObject({ success: true, messageId: 'L001', idleSeconds: 1800 });
    expect(answer.profile.parent.parentID).toBe('MG-PK0');
    // Shaped like a password sign-in's answer.
    const password = await app.t.app.inject({
      method: 'POST',
      url: '/api/v1/ppn/auth/login',
      headers: { 'client-id': 'mogra' },
      payload: { username: 'first@mogra.demo', password: 'Demo-Parent-2026' },
    });
    expect(Object.keys(answer).sort()).toEqual(Object.keys(password.json() as object).sort());

    // The session works, and the history names the passkey on this device.
    const session = parentApi(app.t, 'mogra', answer.token);
    const history = await answerOf<TSignIns>(session.get('/account/sign-ins'));
    expect(history.items.find((item) => item.current)).toMatchObject({
      method: 'passkey',
      current: true,
      active: true,
      browser: 'Chrome on Android',
    });
    const [row] = await app.t.database.db
      .select()
      .from(passkeys)
      .where(and(eq(passkeys.schoolId, 'mogra'), eq(passkeys.credentialId, key.credentialId)));
    expect(row?.signCount).toBe(1);
    expect((await listOf(api))[0]?.lastUsedAt).not.toBeNull();
    // A second sign-in moves the counter on.
    await answerOf(passkeyLogin(key.signIn(await signInOptions(), MOGRA)));
    const rows = await app.t.database.db
      .select({ method: signIns.method })
      .from(signIns)
      .where(and(eq(signIns.schoolId, 'mogra'), eq(signIns.parentId, 'MG-PK0')));
    expect(rows.filter((entry) => entry.method === 'passkey')).toHaveLength(2);
  });

  it('uses a challenge once, before it expires, for its purpose and parent only', async () => {
    const { api, key } = await withPasskey('replay@mogra.demo');
    // The same answer twice: the second finds its challenge used.
    const signed = key.signIn(await signInOptions(), MOGRA);
    await answerOf(passkeyLogin(signed));
    await expectRefused(passkeyLogin(signed), 401, 'L016');

    // An expired challenge is refused, and gone.
    const late = await signInOptions();
    await app.t.database.db
      .update(webauthnChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(webauthnChallenges.challenge, late.challenge));
    await expectRefused(passkeyLogin(key.signIn(late, MOGRA)), 401, 'L016');
    const left = await app.t.database.db
      .select()
      .from(webauthnChallenges)
      .where(eq(webauthnChallenges.challenge, late.challenge));
    expect(left).toEqual([]);

    // A challenge to add a passkey does not sign in, and one of another parent adds nothing.
    const toAdd = await registrationOptions(api);
    await expectRefused(passkeyLogin(key.signIn({ ...toAdd, rpId: MOGRA.rpId }, MOGRA)), 401, 'L016');
    const others = await registrationOptions(await as('other@mogra.demo'));
    await expectRefused(addPasskey(api, createSoftAuthenticator().register(others, MOGRA)), 400, 'L016');
    // Nor does a sign-in challenge add a passkey.
    const signInChallenge = await signInOptions();
    const forged = createSoftAuthenticator().register(
      { ...toAdd, challenge: signInChallenge.challenge },
      MOGRA,
    );
    await expectRefused(addPasskey(api, forged), 400, 'L016');
    expect(await listOf(api)).toHaveLength(1);

    // The school's expired challenges go when a new one is made.
    await app.t.database.db.insert(webauthnChallenges).values({
      schoolId: 'mogra',
      challenge: 'expired-long-ago',
      purpose: 'sign-in',
      expiresAt: new Date(Date.now() - 60_000),
    });
    await signInOptions();
    const expired = await app.t.database.db
      .select()
      .from(webauthnChallenges)
      .where(eq(webauthnChallenges.challenge, 'expired-long-ago'));
    expect(expired).toEqual([]);
  });

  it('refuses an answer made for another site, or naming another account', async () => {
    const { api, key } = await withPasskey('site@mogra.demo');
    const elsewhere = { origin: 'http://evil.localhost:3000', rpId: 'evil.localhost' };
    // Signed in another page, or for another relying party.
    await expectRefused(
      passkeyLogin(key.signIn(await signInOptions(), { ...MOGRA, origin: elsewhere.origin })),
      401,
      'L016',
    );
    await expectRefused(
      passkeyLogin(key.signIn(await signInOptions(), { ...MOGRA, rpId: elsewhere.rpId })),
      401,
      'L016',
    );
    await expectRefused(passkeyLogin(key.signIn(await signInOptions(), BCAD)), 401, 'L016');
    // Added from another page: 400, not 401 (which would sign the browser out).
    const stranger = createSoftAuthenticator();
    await expectRefused(
      addPasskey(api, stranger.register(await registrationOptions(api), elsewhere)),
      400,
      'L016',
    );
    // A user handle that is not the passkey's account.
    const other = await registrationOptions(await as('other@mogra.demo'));
    await expectRefused(
      passkeyLogin(key.signIn(await signInOptions(), MOGRA, { userHandle: other.user.id })),
      401,
      'L016',
    );
    // A signature that is not the passkey's.
    const signed = key.signIn(await signInOptions(), MOGRA);
    const forged = {
      ...signed,
      response: {
        ...signed.response,
        signature: stranger.signIn(await signInOptions(), MOGRA).response.signature,
      },
    };
    await expectRefused(passkeyLogin(forged), 401, 'L016');
    // Still good here.
    await answerOf(passkeyLogin(key.signIn(await signInOptions(), MOGRA)));
  });

  it('looks a passkey up in the request’s school only', async () => {
    const { key } = await withPasskey('owner@mogra.demo');
    // Another school does not know it, whichever site it signs for.
    await expectRefused(passkeyLogin(key.signIn(await signInOptions('bcad'), BCAD), 'bcad'), 401, 'L017');
    await expectRefused(passkeyLogin(key.signIn(await signInOptions('bcad'), MOGRA), 'bcad'), 401, 'L017');
    // A passkey nobody added.
    await expectRefused(
      passkeyLogin(createSoftAuthenticator().signIn(await signInOptions(), MOGRA)),
      401,
      'L017',
    );
  });

  it('removes a passkey for its owner only; a removed passkey signs in no more', async () => {
    const { api, key } = await withPasskey('owner@mogra.demo');
    const stranger = await as('other@mogra.demo');
    const bcad = await as('parent@bcad.demo', 'bcad');
    await expectRefused(remove(stranger, key.credentialId), 404, 'N404');
    await expectRefused(remove(bcad, key.credentialId), 404, 'N404');
    expect((await listOf(api)).map((passkey) => passkey.id)).toContain(key.credentialId);
    expect(await listOf(stranger)).toEqual([]);

    expect(await answerOf(remove(api, key.credentialId))).toEqual({ success: true, messageId: 'S200' });
    expect((await listOf(api)).map((passkey) => passkey.id)).not.toContain(key.credentialId);
    await expectRefused(passkeyLogin(key.signIn(await signInOptions(), MOGRA)), 401, 'L017');
    await expectRefused(remove(api, key.credentialId), 404, 'N404');
  });

  it('keeps a passkey once, and at most MAX_PASSKEYS on an account', async () => {
    const api = await as('full@mogra.demo');
    const key = createSoftAuthenticator();
    await answerOf(addPasskey(api, key.register(await registrationOptions(api), MOGRA)), 201);
    await expectRefused(addPasskey(api, key.register(await registrationOptions(api), MOGRA)), 409, 'L018');
    // Another parent cannot take it over either.
    const other = await as('other@mogra.demo');
    await expectRefused(
      addPasskey(other, key.register(await registrationOptions(other), MOGRA)),
      409,
      'L018',
    );

    const options = await registrationOptions(api);
    await app.t.database.db.insert(passkeys).values(
      Array.from({ length: MAX_PASSKEYS - 1 }, (_, index) => ({
        schoolId: 'mogra',
        credentialId: `filler-${index}`,
        parentId: 'MG-PK5',
        publicKey: 'AA',
        deviceType: 'singleDevice',
        name: '',
      })),
    );
    await expectRefused(api.post('/account/passkeys/options'), 409, 'L019');
    await expectRefused(addPasskey(api, createSoftAuthenticator().register(options, MOGRA)), 409, 'L019');
    expect(await listOf(api)).toHaveLength(MAX_PASSKEYS);
  });

  it('refuses bad input with 400 V001, and asks a session of the account routes (401 L004)', async () => {
    const api = await as('other@mogra.demo');
    const key = createSoftAuthenticator();
    const good = key.register(await registrationOptions(api), MOGRA);
    await answerOf(addPasskey(api, good), 201);
    const signed = key.signIn(await signInOptions(), MOGRA);
    for (const body of [
      {},
      { ...signed, id: 'not base64url!' },
      { ...signed, type: 'password' },
      { ...signed, response: { ...signed.response, signature: undefined } },
      { ...signed, response: { ...signed.response, authenticatorData: 'x'.repeat(20_000) } },
      { ...signed, response: { ...signed.response, userHandle: 5 } },
    ]) {
      await expectRefused(passkeyLogin(body), 400, 'V001');
    }
    for (const body of [
      {},
      { ...good, response: { clientDataJSON: good.response.clientDataJSON } },
      { ...good, rawId: '' },
    ]) {
      await expectRefused(addPasskey(api, body), 400, 'V001');
    }
    await expectRefused(remove(api, 'a.b'), 400, 'V001');
    // Well formed but unreadable: a failed check, not a fault.
    await expectRefused(
      passkeyLogin({ ...signed, response: { ...signed.response, clientDataJSON: 'AAAA' } }),
      401,
      'L016',
    );
    const unreadable = createSoftAuthenticator().register(await registrationOptions(api), MOGRA);
    const attestationObject = 'AAAA';
    await expectRefused(
      addPasskey(api, { ...unreadable, response: { ...unreadable.response, attestationObject } }),
      400,
      'L016',
    );

    for (const [method, url] of [
      ['GET', '/api/v1/ppn/account/passkeys'],
      ['POST', '/api/v1/ppn/account/passkeys/options'],
      ['POST', '/api/v1/ppn/account/passkeys'],
      ['DELETE', `/api/v1/ppn/account/passkeys/${key.credentialId}`],
    ] as const) {
      const answer = await app.t.app.inject({ method, url, headers: { 'client-id': 'mogra' } });
      expect(answer.statusCode, url).toBe(401);
      expect(answer.json().messageId).toBe('L004');
    }
  });

  it('limits the challenges one parent asks for to add a passkey (429 L006)', async () => {
    const api = await as('limit@mogra.demo');
    const answers = [];
    for (let index = 0; index < 11; index += 1) answers.push(await api.post('/account/passkeys/options'));
    expect(answers.slice(0, 9).every((answer) => answer.statusCode === 200)).toBe(true);
    const last = answers.at(-1);
    expect(last?.statusCode).toBe(429);
    expect(last?.json().messageId).toBe('L006');
  });
});

describe('the relying party of a school', () => {
  const school = { schoolId: 'mogra', nameEn: 'Mogra Demo School' } as TSchool;
  const config = (publicBaseUrl: string | null, isProduction = false) => ({
    payments: { publicBaseUrl } as never,
    port: 3000,
    isProduction,
  });

  it('is the school’s host name without its port, and its origin', () => {
    const local = relyingPartyOf((id) => schoolAddress(config(null), id), school);
    expect(local).toEqual({
      id: 'mogra.localhost',
      origin: 'http://mogra.localhost:3000',
      name: 'Mogra Demo School',
    });
    const hosted = relyingPartyOf(
      (id) => schoolAddress(config('https://{schoolId}.portal.example:8443/parents'), id),
      school,
    );
    expect(hosted).toEqual({
      id: 'mogra.portal.example',
      origin: 'https://mogra.portal.example:8443',
      name: 'Mogra Demo School',
    });
  });

  it('is unavailable (503 L020) in production without the portal’s address', () => {
    const refusal = (() => {
      try {
        relyingPartyOf((id) => schoolAddress(config(null, true), id), school);
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ statusCode: 503, messageId: 'L020' });
  });
});
