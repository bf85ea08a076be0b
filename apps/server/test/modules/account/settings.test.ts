import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PINNED_MODULES, MENU } from '@portal/contracts/menu';
import type { TAccountSettingsAnswer } from '@portal/contracts/account';
import { ZLoginResponse } from '@portal/contracts/auth';
import { buildTestApp, DEMO_PASSWORD, postAuth, signIn, type TTestApp } from '../../helper.ts';
import { answerOf, parentApi, type TParentApi } from '../publications/circulars-data.ts';

// What a parent keeps on the account (pinned menu entries, language, theme): the same on every
// device, the parent's own.
describe('account settings', () => {
  let t: TTestApp;
  let mogra: TParentApi;
  let haddad: TParentApi;

  beforeAll(async () => {
    t = await buildTestApp();
    mogra = parentApi(t, 'mogra', await signIn(t.app, 'mogra', 'parent@mogra.demo'));
    haddad = parentApi(t, 'mogra', await signIn(t.app, 'mogra', 'family.haddad@mogra.demo'));
  }, 180_000);
  afterAll(() => t.close());

  it('starts empty, keeps what is changed and leaves the rest, and is the parent’s own', async () => {
    const fresh = await answerOf<TAccountSettingsAnswer>(mogra.get('/account/settings'));
    expect(fresh.settings).toEqual({ pinnedModules: [], language: null, theme: null });
    await answerOf(mogra.patch('/account/settings', { pinnedModules: ['circulars', 'feePayment'] }));
    const changed = await answerOf<TAccountSettingsAnswer>(
      mogra.patch('/account/settings', { language: 'ar', theme: 'dark' }),
    );
    expect(changed.settings).toEqual({
      pinnedModules: ['circulars', 'feePayment'],
      language: 'ar',
      theme: 'dark',
    });
    // Another device: the same parent, signed in again; the sign-in's answer brings the language
    // and theme, to be applied before the first signed-in page (another parent's are their own).
    const signedInAgain = ZLoginResponse.parse(
      (
        await postAuth(t.app, 'mogra', 'login', { username: 'parent@mogra.demo', password: DEMO_PASSWORD })
      ).json(),
    );
    expect(signedInAgain.appearance).toEqual({ language: 'ar', theme: 'dark' });
    const haddadAgain = ZLoginResponse.parse(
      (
        await postAuth(t.app, 'mogra', 'login', {
          username: 'family.haddad@mogra.demo',
          password: DEMO_PASSWORD,
        })
      ).json(),
    );
    expect(haddadAgain.appearance).toEqual({ language: null, theme: null });
    const again = parentApi(t, 'mogra', signedInAgain.token);
    expect(
      (await answerOf<TAccountSettingsAnswer>(again.get('/account/settings'))).settings.pinnedModules,
    ).toEqual(['circulars', 'feePayment']);
    expect((await answerOf<TAccountSettingsAnswer>(haddad.get('/account/settings'))).settings).toEqual({
      pinnedModules: [],
      language: null,
      theme: null,
    });
    await answerOf(mogra.patch('/account/settings', { theme: null }));
    expect(
      (await answerOf<TAccountSettingsAnswer>(mogra.get('/account/settings'))).settings.theme,
    ).toBeNull();
  });

  it('refuses an unknown entry, Home, a repeated one, too many, an unknown field or language (400 V001)', async () => {
    const tooMany = MENU.filter((entry) => entry.group !== null)
      .slice(0, MAX_PINNED_MODULES + 1)
      .map((entry) => entry.key);
    for (const body of [
      { pinnedModules: ['nope'] },
      { pinnedModules: ['home'] },
      { pinnedModules: ['news', 'news'] },
      { pinnedModules: tooMany },
      { colour: 'red' },
      { language: 'fr' },
      { theme: 'blue' },
    ]) {
      const answer = await mogra.patch('/account/settings', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().messageId).toBe('V001');
    }
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/v1/ppn/account/settings',
      headers: { 'client-id': 'mogra' },
    });
    expect(answer.statusCode).toBe(401);
  });
});
