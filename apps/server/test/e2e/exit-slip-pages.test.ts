/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { signedInPage, type TLook } from './browser.ts';
import { modulePagesSuite, openModulePage, type TModulePageCheck } from './module-pages.ts';

// The exit slip page (docs/modules.md F5, "Exit slip") with the demo data of parent@mogra.demo:
// Omar's slip for tomorrow, approved, whose gate code shows as a QR, and Layla's in review.

const PAGES: TModulePageCheck[] = [
  {
    path: '/exit-slip-request',
    heading: { en: 'Exit slips', ar: 'تصاريح الخروج' },
    async shows(main: Locator, look: TLook) {
      await main
        .getByRole('heading', { name: look.lng === 'en' ? /^Gate code for Omar/ : /^رمز البوابة لـOmar/ })
        .waitFor();
      const qr = main.getByRole('img', { name: /QR/ }).first();
      await qr.waitFor();
      expect(await qr.evaluate((element) => element.tagName.toLowerCase())).toBe('svg');
      // A slip's status chip (its history, folded away, names the states too).
      await main
        .getByText(look.lng === 'en' ? 'In review' : 'قيد المراجعة')
        .filter({ visible: true })
        .first()
        .waitFor();
      await main.getByText('فاطمة المنصوري').first().waitFor();
    },
  },
];

describe('the exit slip page in Chromium', () => {
  const suite = modulePagesSuite('exit-slips', PAGES);
  const desktop: TLook = { lng: 'en', theme: 'light', device: 'desktop' };

  it('asks for a slip for Yousef, then cancels it', async () => {
    const errors: string[] = [];
    const page = await signedInPage(suite.browser, suite.origin, desktop, {
      username: 'parent@mogra.demo',
      errors,
    });
    await openModulePage(page, suite.origin, '/exit-slip-request', 'Exit slips');
    const main = page.getByRole('main');
    const form = main
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Ask for an exit slip' }) });
    const yousef = await form
      .getByLabel('Child', { exact: true })
      .locator('option')
      .filter({ hasText: /^Yousef/ })
      .getAttribute('value');
    await form.getByLabel('Child', { exact: true }).selectOption(yousef ?? '');
    const day = await form.getByLabel('Day', { exact: true }).getAttribute('min');
    const [year, month, date] = (day ?? '').split('-').map(Number) as [number, number, number];
    const inThreeDays = new Date(Date.UTC(year, month - 1, date + 3)).toISOString().slice(0, 10);
    await form.getByLabel('Day', { exact: true }).fill(inThreeDays);
    await form.getByLabel('Time of leaving').fill('12:15');
    await form.getByLabel('Full name').fill('Samir Haddad');
    await form.getByLabel('Relation to the child').fill('Driver');
    await form.getByLabel('Phone').fill('+971 50 111 2222');
    await form.getByRole('button', { name: 'Send request' }).click();
    await form.getByText(/Request sent\./).waitFor();
    const slip = main.locator('article').filter({ hasText: 'Samir Haddad' });
    await slip.getByText('Submitted').first().waitFor();
    await slip.getByRole('button', { name: 'Cancel slip' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, cancel it' }).click();
    await slip.getByText('Cancelled').first().waitFor();
    expect(await slip.getByRole('button', { name: 'Cancel slip' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
