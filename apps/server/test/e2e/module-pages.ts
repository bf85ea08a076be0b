/// <reference lib="dom" />
import path from 'node:path';
import { expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  axeViolations,
  LOOKS,
  mograBrowserSuite,
  nameOfLook,
  SCREENSHOT_DIR,
  signedInPage,
  type TLook,
  type TMograSuite,
} from './browser.ts';

/** A module page as the browser suites check it: where it is, its heading, what it must show. */
export type TModulePageCheck = {
  path: string;
  heading: { en: string; ar: string };
  /** What the demo data puts on the page (the first child of parent@mogra.demo, as it opens). */
  shows: (main: Locator, look: TLook) => Promise<void>;
};

/**
 * How long each page of a suite may take in one look (open, check, axe, screenshot) on a
 * machine that also runs the other suites: about 3 s alone, 10 s and more beside another
 * browser suite on two cores (decision 022). Speed is the benchmarks' to check.
 */
const PAGE_TIME_MS = 30_000;

/** Opens a page and waits until its answers are in: no skeleton, nothing busy. */
export async function openModulePage(
  page: Page,
  origin: string,
  pagePath: string,
  heading: string,
): Promise<void> {
  await page.goto(`${origin}${pagePath}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.waitForFunction(
    () =>
      document.querySelector('main .animate-pulse, main [aria-busy="true"]') === null &&
      document.querySelector('main h1') !== null,
  );
  await page.waitForLoadState('networkidle');
}

/**
 * The suite of a family's pages at the demo school: for each look (language, theme, width),
 * the demo parent of three opens every page, which shows its demo data, mirrors in Arabic,
 * keeps within the screen, throws nothing and has no axe violation; screenshots are saved
 * when SCREENSHOT_DIR is set.
 */
export function modulePagesSuite(family: string, pages: readonly TModulePageCheck[]): TMograSuite {
  const suite = mograBrowserSuite(`portal-e2e-${family}-`);
  for (const look of LOOKS) {
    it(
      `shows the ${family} pages with their data, mirrored in Arabic, within the width and axe-clean (${nameOfLook(look)})`,
      async () => {
        const errors: string[] = [];
        const page = await signedInPage(suite.browser, suite.origin, look, {
          username: 'parent@mogra.demo',
          errors,
          // axe is injected as a script the page's CSP would refuse.
          context: { bypassCSP: true },
        });
        const found: string[] = [];
        for (const check of pages) {
          await openModulePage(page, suite.origin, check.path, check.heading[look.lng]);
          const main = page.getByRole('main');
          await check.shows(main, look);
          expect(await page.evaluate(() => document.documentElement.dir)).toBe(
            look.lng === 'ar' ? 'rtl' : 'ltr',
          );
          expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
            look.theme === 'dark',
          );
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - window.innerWidth,
          );
          expect(overflow, `${check.path} is wider than the screen`).toBeLessThanOrEqual(0);
          found.push(...(await axeViolations(page)).map((violation) => `${check.path} ${violation}`));
          if (SCREENSHOT_DIR) {
            await page.screenshot({
              path: path.join(
                SCREENSHOT_DIR,
                `${family}${check.path.replace(/\//g, '-')}-${nameOfLook(look)}.png`,
              ),
              fullPage: true,
            });
          }
        }
        expect(found).toEqual([]);
        expect(errors).toEqual([]);
        await page.context().close();
      },
      PAGE_TIME_MS * pages.length,
    );
  }
  return suite;
}
