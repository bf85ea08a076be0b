import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TAppearance } from '@portal/contracts/auth';
import { makeStore } from './store.ts';
import { createMemoryI18n, languageOf } from '../lib/i18n.ts';
import { loginAnswer } from '../test/fixtures.ts';
import { signedInWithPasskey } from '../features/auth/api.ts';
import { appearanceOnSignIn } from '../features/auth/sign-in-appearance.ts';

const isDark = () => document.documentElement.classList.contains('dark');

// The account's language and theme take effect with the sign-in, before the first signed-in page.
describe("the account's appearance at sign-in", () => {
  beforeEach(() => {
    window.localStorage.clear();
    document.documentElement.classList.remove('dark');
  });
  afterEach(() => {
    window.localStorage.clear();
    document.documentElement.classList.remove('dark');
  });

  async function signIn(appearance: TAppearance) {
    const i18n = await createMemoryI18n({ en: { common: {} }, ar: { common: {} } });
    const signInAppearance = appearanceOnSignIn();
    const store = makeStore(undefined, null, signInAppearance.middleware);
    signInAppearance.follow(i18n);
    store.dispatch(signedInWithPasskey({ ...loginAnswer, appearance }));
    return { i18n, store };
  }

  it('turns this device to the saved theme at once and starts loading the saved language', async () => {
    const { i18n, store } = await signIn({ language: 'ar', theme: 'dark' });
    expect(isDark()).toBe(true);
    expect(window.localStorage.getItem('theme')).toBe('dark');
    expect(languageOf(i18n)).toBe('ar');
    expect(store.getState().session.signedIn).toBe(true);
    await expect.poll(() => i18n.language).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
  });

  it("leaves the device's own when the account keeps none", async () => {
    const { i18n, store } = await signIn({ language: null, theme: null });
    expect(isDark()).toBe(false);
    expect(window.localStorage.getItem('theme')).toBeNull();
    expect(languageOf(i18n)).toBe('en');
    expect(store.getState().session.signedIn).toBe(true);
  });
});
