/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { signedInPage, type TLook } from './browser.ts';
import { modulePagesSuite, openModulePage, type TModulePageCheck } from './module-pages.ts';

// The care and conduct pages (docs/decisions/020-results-and-care.md) with the demo records of
// Omar, the first child of parent@mogra.demo, and Layla's peanut allergy.

const records = (count: number) => async (main: Locator) => {
  expect(await main.getByRole('listitem').count()).toBeGreaterThanOrEqual(count);
};

const PAGES: TModulePageCheck[] = [
  {
    path: '/meritDemerit',
    heading: { en: 'Merits & demerits', ar: 'النقاط الإيجابية والسلبية' },
    shows: records(5),
  },
  {
    path: '/incidence',
    heading: { en: 'Incidents', ar: 'الحوادث' },
    async shows(main) {
      expect(
        await main
          .getByRole('button')
          .filter({ hasText: /Omar|عمر/ })
          .count(),
      ).toBeGreaterThan(0);
    },
  },
  {
    path: '/medical',
    heading: { en: 'Medical', ar: 'السجل الطبي' },
    async shows(main, look) {
      expect(await main.getByText(look.lng === 'en' ? 'Mild asthma' : 'ربو خفيف').count()).toBeGreaterThan(0);
    },
  },
  { path: '/counselling-details', heading: { en: 'Counselling', ar: 'الإرشاد' }, shows: records(0) },
  { path: '/wellbeing', heading: { en: 'Wellbeing', ar: 'الرفاهية' }, shows: records(1) },
  { path: '/goal-settingview', heading: { en: 'Goal setting', ar: 'تحديد الأهداف' }, shows: records(1) },
  { path: '/improvement', heading: { en: 'Improvement plan', ar: 'خطة التحسين' }, shows: records(2) },
  { path: '/portfolio', heading: { en: 'Portfolio', ar: 'ملف الإنجاز' }, shows: records(3) },
  {
    path: '/gnt-portfolio',
    heading: { en: 'Gifted & talented', ar: 'الموهوبون والمتفوقون' },
    shows: records(1),
  },
];

describe('the care and conduct pages in Chromium', () => {
  const suite = modulePagesSuite('care', PAGES);
  const desktop: TLook = { lng: 'en', theme: 'light', device: 'desktop' };

  it("acknowledges Omar's incident once, and comments on his maths plan", async () => {
    const errors: string[] = [];
    const page = await signedInPage(suite.browser, suite.origin, desktop, {
      username: 'parent@mogra.demo',
      errors,
    });
    await openModulePage(page, suite.origin, '/incidence?enrollNumber=MG1001', 'Incidents');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: /Acknowledge for Omar/ }).click();
    await main
      .getByText(/Acknowledged on/)
      .first()
      .waitFor();
    expect(await main.getByRole('button', { name: /Acknowledge for Omar/ }).count()).toBe(0);

    await openModulePage(page, suite.origin, '/improvement?enrollNumber=MG1001', 'Improvement plan');
    await main.getByRole('button', { name: 'Add a comment' }).click();
    const comment = 'We will practise equations together on Saturday.';
    await page.getByRole('textbox').last().fill(comment);
    await page.getByRole('button', { name: 'Send comment' }).click();
    await main.getByText(comment).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("shows Layla's peanut allergy on her medical page, opened from a link about her", async () => {
    const errors: string[] = [];
    const page = await signedInPage(suite.browser, suite.origin, desktop, {
      username: 'parent@mogra.demo',
      errors,
    });
    await openModulePage(page, suite.origin, '/medical?enrollNumber=MG1002', 'Medical');
    const main = page.getByRole('main');
    await main
      .getByText(/Peanut/)
      .first()
      .waitFor();
    expect(await main.locator('header').innerText()).toContain('Layla');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
