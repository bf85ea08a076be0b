/// <reference lib="dom" />
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CDPSession, Page } from 'playwright-core';
import type { TPasskeys, TRegistrationOptionsAnswer } from '@portal/contracts/passkeys';
import { signInDemoParent } from '../server-process.ts';
import { createSoftAuthenticator } from '../modules/account/soft-authenticator.ts';
import {
  axeViolations,
  LOOKS,
  mograBrowserSuite,
  nameOfLook,
  SCREENSHOT_DIR,
  signedInPage,
  VIEWPORTS,
  type TLook,
} from './browser.ts';

// Passkeys in Chromium (docs/security.md, Passkeys): one added from the account settings with
// the browser's virtual authenticator (DevTools protocol, WebAuthn domain), used to sign in from
// the sign-in page, seen in the sign-in history and removed; the settings section and the
// sign-in page in every look, axe-clean.

/** A platform authenticator that keeps passkeys and verifies the parent, answering at once. */
async function addVirtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/** Signs out with the header's account menu (its last menu button). */
async function signOut(page: Page): Promise<void> {
  await page.locator('header button[aria-haspopup="menu"]').last().click();
  await page.getByRole('menuitem', { name: /^(Sign out|تسجيل الخروج)$/ }).click();
  await page.waitForURL('**/sign-in**');
}

const TEXT = {
  en: { section: 'Passkeys', signIn: 'Sign in with a passkey', remove: 'Remove this passkey?' },
  ar: { section: 'مفاتيح المرور', signIn: 'تسجيل الدخول بمفتاح مرور', remove: 'إزالة مفتاح المرور هذا؟' },
} as const;

describe('passkeys in Chromium', () => {
  const suite = mograBrowserSuite('portal-e2e-passkeys-');

  /** Gives the parent a passkey (made in software, through the API) unless they have one. */
  async function withSoftPasskey(username: string): Promise<void> {
    const { token } = await signInDemoParent(suite.server.baseUrl, 'mogra', username);
    const call = (url: string, method: 'GET' | 'POST', body?: object) =>
      fetch(`${suite.server.baseUrl}/api/v1/ppn${url}`, {
        method,
        headers: {
          'client-id': 'mogra',
          authorization: `Bearer ${token}`,
          'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0.0.0 Mobile Safari/537.36',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    const list = (await (await call('/account/passkeys', 'GET')).json()) as TPasskeys;
    if (list.items.length > 0) return;
    const { options } = (await (
      await call('/account/passkeys/options', 'POST')
    ).json()) as TRegistrationOptionsAnswer;
    const credential = createSoftAuthenticator().register(options, {
      origin: suite.origin,
      rpId: 'mogra.localhost',
    });
    expect((await call('/account/passkeys', 'POST', credential)).status).toBe(201);
  }

  it('adds a passkey in the settings, signs in with it, shows it in the history, and removes it', async () => {
    const errors: string[] = [];
    const look: TLook = { lng: 'en', theme: 'light', device: 'desktop' };
    const page = await signedInPage(suite.browser, suite.origin, look, {
      username: 'family.haddad@mogra.demo',
      errors,
    });
    const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
    await page.goto(`${suite.origin}/settings`);
    const section = page.getByRole('region', { name: 'Passkeys' });
    await section.getByText('You have no passkey yet.').waitFor();
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await section.getByText('Your passkey is added.', { exact: false }).waitFor();
    await expect.poll(() => section.getByRole('listitem').count()).toBe(1);
    await section.getByText('not used yet').waitFor();
    // The authenticator keeps a discoverable passkey for the school's host.
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'mogra.localhost' });

    // Signed out, the browser offers the passkey in the username field's suggestions; the
    // virtual authenticator answers at once, so the parent is signed in again by itself, back
    // where they were: the same session as a password, recorded as a passkey sign-in.
    await signOut(page);
    await page.waitForURL('**/settings');
    const history = page.getByRole('region', { name: 'Sign-in history' });
    const newest = history.getByRole('listitem').first();
    await newest.getByText('Passkey', { exact: false }).waitFor();
    await newest.getByText('This device').waitFor();
    await section.getByText('last used', { exact: false }).waitFor();

    // The button: the authenticator comes back only once the page's autofill request waits
    // (so that request cannot take it), with the passkey it kept.
    const [kept] = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
    await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
    await signOut(page);
    await page.goto(`${suite.origin}/sign-in`);
    const button = page.getByRole('button', { name: 'Sign in with a passkey' });
    await button.waitFor();
    await page.waitForLoadState('networkidle');
    const again = await addVirtualAuthenticator(page);
    await again.cdp.send('WebAuthn.addCredential', {
      authenticatorId: again.authenticatorId,
      credential: kept!,
    });
    await button.click();
    await page.waitForURL('**/dashboard');
    await page.goto(`${suite.origin}/settings`);
    await expect.poll(() => history.getByRole('listitem').filter({ hasText: 'Passkey' }).count()).toBe(2);
    expect(
      (await again.cdp.send('WebAuthn.getCredentials', { authenticatorId: again.authenticatorId }))
        .credentials[0]?.signCount,
    ).toBe((kept?.signCount ?? 0) + 1);

    // Removed, after a confirmation; it signs in no more.
    await section.getByRole('button', { name: /^Remove the passkey/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this passkey?' });
    await dialog.getByRole('button', { name: 'Remove passkey' }).click();
    await section.getByText('The passkey is removed.').waitFor();
    await section.getByText('You have no passkey yet.').waitFor();
    await signOut(page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page
      .getByRole('alert')
      .getByText('This passkey does not belong to an account at this school.', { exact: false })
      .waitFor();
    expect(page.url()).toContain('/sign-in');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  for (const look of LOOKS) {
    it(`shows the passkeys section and the sign-in page, mirrored in Arabic and axe-clean (${nameOfLook(look)})`, async () => {
      const errors: string[] = [];
      const username = 'parent@mogra.demo';
      await withSoftPasskey(username);

      const page = await signedInPage(suite.browser, suite.origin, look, {
        username,
        errors,
        context: { bypassCSP: true },
      });
      await page.goto(`${suite.origin}/settings`);
      const section = page.getByRole('region', { name: TEXT[look.lng].section });
      await section.getByRole('listitem').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(look.lng === 'ar' ? 'rtl' : 'ltr');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await axeViolations(page)).toEqual([]);
      if (SCREENSHOT_DIR) {
        await section.screenshot({
          path: path.join(SCREENSHOT_DIR, `passkeys-settings-${nameOfLook(look)}.png`),
        });
      }
      // The confirmation too.
      await section.getByRole('button').first().click();
      const dialog = page.getByRole('dialog', { name: TEXT[look.lng].remove });
      await dialog.waitFor();
      expect(await axeViolations(page)).toEqual([]);
      if (SCREENSHOT_DIR) {
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, `passkeys-remove-${nameOfLook(look)}.png`) });
      }
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      // The sign-in page with its passkey button.
      await signOut(page);
      await page.getByRole('button', { name: TEXT[look.lng].signIn }).waitFor();
      await page.waitForLoadState('networkidle');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(VIEWPORTS[look.device].width);
      expect(await axeViolations(page)).toEqual([]);
      if (SCREENSHOT_DIR) {
        await page.screenshot({
          path: path.join(SCREENSHOT_DIR, `passkeys-sign-in-${nameOfLook(look)}.png`),
          fullPage: true,
        });
      }
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }
});
