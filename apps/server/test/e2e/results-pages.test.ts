/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import { signedInPage, type TLook } from './browser.ts';
import { modulePagesSuite, openModulePage, type TModulePageCheck } from './module-pages.ts';

// The graded-results pages (docs/decisions/020-results-and-care.md) with the demo data of
// Omar, the first child of parent@mogra.demo: released results with their legend, one
// assessment not released yet, report cards, trends.

const NOT_RELEASED = { en: 'Not released yet', ar: 'لم يُنشر بعد' };
const LEGEND = { en: 'Grading legend', ar: 'دليل التقديرات' };

const PAGES: TModulePageCheck[] = [
  {
    path: '/assessment-mark',
    heading: { en: 'Assessment marks', ar: 'درجات التقييم' },
    async shows(main, look) {
      await expect(
        main.getByText('36 / 40').or(main.getByText('36 من 40')).first().isVisible(),
      ).resolves.toBe(true);
      expect(await main.getByText(NOT_RELEASED[look.lng]).count()).toBeGreaterThan(0);
      expect(await main.getByRole('heading', { name: LEGEND[look.lng] }).count()).toBe(1);
    },
  },
  {
    path: '/assignment',
    heading: { en: 'Assignments', ar: 'الواجبات' },
    async shows(main) {
      expect(await main.getByRole('listitem').count()).toBeGreaterThanOrEqual(4);
    },
  },
  {
    path: '/assessment-marksheet',
    heading: { en: 'Marksheet', ar: 'كشف الدرجات' },
    async shows(main, look) {
      expect(await main.getByText(look.lng === 'en' ? 'Mathematics' : 'الرياضيات').count()).toBeGreaterThan(
        0,
      );
      expect(await main.getByText(look.lng === 'en' ? '257 / 350' : '257 من 350').count()).toBeGreaterThan(0);
    },
  },
  {
    path: '/coScholastic-marks',
    heading: { en: 'Co-scholastic marks', ar: 'درجات الأنشطة' },
    async shows(main, look) {
      expect(await main.getByRole('heading', { name: LEGEND[look.lng] }).count()).toBe(1);
    },
  },
  {
    path: '/report',
    heading: { en: 'Report card', ar: 'بطاقة التقرير' },
    async shows(main, look) {
      expect(
        await main.getByRole('button', { name: look.lng === 'en' ? /English/ : /الإنجليزية/ }).count(),
      ).toBe(1);
    },
  },
  {
    path: '/mojo-insights',
    heading: { en: 'Progress insights', ar: 'رؤى التقدّم' },
    async shows(main) {
      expect(await main.locator('svg[role="img"]').count()).toBeGreaterThanOrEqual(2);
    },
  },
];

describe('the graded-results pages in Chromium', () => {
  const suite = modulePagesSuite('results', PAGES);
  const desktop: TLook = { lng: 'en', theme: 'light', device: 'desktop' };

  it("marks an unopened report card new until it is opened, and the opening is kept (Layla's)", async () => {
    const errors: string[] = [];
    const page = await signedInPage(suite.browser, suite.origin, desktop, {
      username: 'parent@mogra.demo',
      errors,
    });
    await openModulePage(page, suite.origin, '/report?enrollNumber=MG1002', 'Report card');
    const main = page.getByRole('main');
    await main.getByText('New', { exact: true }).waitFor();
    const download = page.waitForEvent('download');
    await main.getByRole('button', { name: /English/ }).click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
    await main.getByText(/Opened on/).waitFor();
    expect(await main.getByText('New', { exact: true }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
