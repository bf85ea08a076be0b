/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { signedInPage, type TLook } from './browser.ts';
import { modulePagesSuite, openModulePage, type TModulePageCheck } from './module-pages.ts';

// The survey and trips pages (docs/modules.md F5) with the demo data of parent@mogra.demo
// (db/seed/demo-surveys.ts, demo-trips.ts): the anonymous satisfaction survey open, the sports
// day survey answered for Omar; the zoo visit waiting for Layla's consent, the desert camp
// consented and paid for Omar, the free farm visit for Yousef.

/** The page shows this text of the demo (in the look's language). */
const showsText =
  (text: { en: string; ar: string }) =>
  async (main: Locator, look: TLook): Promise<void> => {
    await main.getByText(text[look.lng]).first().waitFor();
  };

const PAGES: TModulePageCheck[] = [
  {
    path: '/survey',
    heading: { en: 'Surveys', ar: 'الاستبيانات' },
    shows: showsText({ en: 'Parent satisfaction survey 2026', ar: 'استبيان رضا أولياء الأمور 2026' }),
  },
  {
    path: '/trips',
    heading: { en: 'Trips', ar: 'الرحلات' },
    shows: showsText({
      en: 'Grade 6B visit to Al Ain Zoo',
      ar: 'زيارة الصف السادس (ب) إلى حديقة حيوانات العين',
    }),
  },
];

describe('the survey and trips pages in Chromium', () => {
  const suite = modulePagesSuite('surveys-trips', PAGES);
  const phone: TLook = { lng: 'en', theme: 'light', device: 'phone' };

  it('answers the open survey a question at a time on a phone, then lists it answered', async () => {
    const errors: string[] = [];
    const page = await signedInPage(suite.browser, suite.origin, phone, {
      username: 'parent@mogra.demo',
      errors,
    });
    await openModulePage(page, suite.origin, '/survey', 'Surveys');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Answer: Parent satisfaction survey 2026' }).click();
    await main.getByText('Question 1 of 4').waitFor();
    await main.getByText('4', { exact: true }).click();
    await main.getByRole('button', { name: 'Next' }).click();
    await main.getByText('The portal').click();
    await main.getByRole('button', { name: 'Next' }).click();
    await main.getByText('Robotics').click();
    await main.getByRole('button', { name: 'Next' }).click();
    await main.getByText('Question 4 of 4').waitFor();
    await main.getByRole('button', { name: 'Send answers' }).click();
    await main.getByText(/nobody, not even you/).waitFor();
    await main.getByRole('button', { name: 'All surveys' }).click();
    await main.getByText('You have answered every open survey. Thank you.').waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("gives consent for Layla's zoo visit and offers to pay it", async () => {
    const errors: string[] = [];
    const page = await signedInPage(suite.browser, suite.origin, phone, {
      username: 'parent@mogra.demo',
      errors,
    });
    await openModulePage(page, suite.origin, '/trips', 'Trips');
    const main = page.getByRole('main');
    const zoo = main.locator('article').filter({ hasText: 'Grade 6B visit to Al Ain Zoo' });
    await zoo.getByRole('button', { name: /^Give consent for Layla/ }).click();
    await zoo.getByText('Consent given').waitFor();
    await zoo.getByRole('link', { name: /^Pay for Layla/ }).waitFor();
    const desert = main.locator('article').filter({ hasText: 'Grade 9 desert camp' });
    await desert.getByText('Paid').waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
