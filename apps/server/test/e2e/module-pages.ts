/// <reference lib="dom" />
import path from 'node:path';
import { expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  axeViolations,
  LOOKS,
  mograBrowserSuite,
  nameOfLook,
  pageInLook,
  savedSession,
  SCREENSHOT_DIR,
  signedInPage,
  type TLook,
  type TMograSuite,
  type TSavedSession,
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

/**
 * Waits until the app shows the page at `pagePath` complete: its heading, the app's ready signal
 * for that path (its code loaded, no API answer awaited: `data-app-ready`, see
 * apps/web/src/app/ready-signal.ts), no skeleton and nothing busy.
 */
async function pageShown(page: Page, pagePath: string, heading: string): Promise<void> {
  const { pathname } = new URL(pagePath, 'http://path.invalid');
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.waitForFunction(
    (path) =>
      document.documentElement.dataset.appReady === path &&
      document.querySelector('main .animate-pulse, main [aria-busy="true"]') === null &&
      document.querySelector('main h1') !== null,
    pathname,
  );
}

/** Loads a page (the whole document) and waits until it is shown with its answers in. */
export async function openModulePage(
  page: Page,
  origin: string,
  pagePath: string,
  heading: string,
): Promise<void> {
  await page.goto(`${origin}${pagePath}`);
  await pageShown(page, pagePath, heading);
}

/**
 * Takes the app already open on the page to another page without loading the document again,
 * as the browser's back and forward buttons do (a history entry, then `popstate`), and waits
 * until it is shown with its answers in.
 */
export async function moveToModulePage(page: Page, pagePath: string, heading: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, pagePath);
  await pageShown(page, pagePath, heading);
}

/**
 * The looks in which a suite loads each of its pages whole (a link opened, a reload); in the
 * others the app moves from page to page itself, much faster (docs/decisions/027-ci-time.md).
 * One in each language, theme and width.
 */
const LOOKS_LOADING_EACH_PAGE = new Set(['en-light-phone', 'ar-dark-desktop']);

/**
 * The suite of a family's pages at the demo school: for each look (language, theme, width),
 * the demo parent of three opens every page, which shows its demo data, mirrors in Arabic,
 * keeps within the screen, throws nothing and has no axe violation; screenshots are saved
 * when SCREENSHOT_DIR is set.
 */
export function modulePagesSuite(family: string, pages: readonly TModulePageCheck[]): TMograSuite {
  const suite = mograBrowserSuite(`portal-e2e-${family}-`);
  let session: TSavedSession | undefined;
  for (const look of LOOKS) {
    it(
      `shows the ${family} pages with their data, mirrored in Arabic, within the width and axe-clean (${nameOfLook(look)})`,
      async () => {
        const errors: string[] = [];
        // The first look signs in through the form; the others start with the session it saved.
        const page = session
          ? await pageInLook(suite.browser, look, { session, errors, context: { bypassCSP: true } })
          : await signedInPage(suite.browser, suite.origin, look, {
              username: 'parent@mogra.demo',
              errors,
              // axe is injected as a script the page's CSP would refuse.
              context: { bypassCSP: true },
            });
        const loadsEachPage = LOOKS_LOADING_EACH_PAGE.has(nameOfLook(look));
        const found: string[] = [];
        for (const [index, check] of pages.entries()) {
          const heading = check.heading[look.lng];
          if (index === 0 || loadsEachPage) await openModulePage(page, suite.origin, check.path, heading);
          else await moveToModulePage(page, check.path, heading);
          session ??= await savedSession(page);
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
