import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { createSeededDataDir, DEMO_PASSWORD } from '../helper.ts';
import { SIGN_IN_UNTHROTTLED, startServer, type TServerProcess } from '../server-process.ts';

/** Debian's Chromium, headless, with the flags this machine needs; never a downloaded browser. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Where to save a screenshot of each page in each look, when set. */
export const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR;

/**
 * How long one browser step (a click's answer, a field appearing) may take on a machine that
 * also runs the other browser suite and its servers on two cores (decision 022); alone it takes
 * well under a second. Speed is the benchmarks' to check.
 */
export const STEP_TIME_MS = 30_000;

/** A language, theme and width a page is checked in. */
export type TLook = { lng: 'en' | 'ar'; theme: 'light' | 'dark'; device: 'phone' | 'desktop' };

export const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } };

/** Every language, theme and width. */
export const LOOKS: TLook[] = (['en', 'ar'] as const).flatMap((lng) =>
  (['light', 'dark'] as const).flatMap((theme) =>
    (['phone', 'desktop'] as const).map((device) => ({ lng, theme, device })),
  ),
);

/** `en-light-phone`: a look as a screenshot's file name ends. */
export function nameOfLook({ lng, theme, device }: TLook): string {
  return `${lng}-${theme}-${device}`;
}

/**
 * What a signed-in tab keeps in its sessionStorage: the saved session the app restores on a
 * reload (docs/decisions/017-sessions-across-tabs.md).
 */
export type TSavedSession = Record<string, string>;

/**
 * A new page in a context of its own, in the look's width, colour scheme, language and theme;
 * it opens nothing yet. With `session` (`savedSession`), the tab starts with that saved
 * session, as a reloaded signed-in tab does: signed in without the form, for suites about what
 * comes after it. Each error the page throws is added to `errors`, named by the look.
 */
export async function pageInLook(
  browser: Browser,
  look: TLook,
  options: { errors: string[]; context?: BrowserContextOptions; session?: TSavedSession },
): Promise<Page> {
  const context = await browser.newContext({
    viewport: VIEWPORTS[look.device],
    colorScheme: look.theme,
    ...options.context,
  });
  await context.addInitScript(
    ({ lng, theme, session }) => {
      window.localStorage.setItem('i18nextLng', lng);
      window.localStorage.setItem('theme', theme);
      // The tab's first document only: later ones find what the app itself has saved since.
      if (window.sessionStorage.length === 0) {
        for (const [key, value] of Object.entries(session)) window.sessionStorage.setItem(key, value);
      }
    },
    { lng: look.lng, theme: look.theme, session: options.session ?? {} },
  );
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIME_MS);
  page.on('pageerror', (error) => options.errors.push(`${nameOfLook(look)}: ${error.message}`));
  return page;
}

/**
 * A new page signed in as a parent (with the demo password, through the sign-in form) and on
 * the dashboard, in the look (see `pageInLook`).
 */
export async function signedInPage(
  browser: Browser,
  origin: string,
  look: TLook,
  options: { username: string; errors: string[]; context?: BrowserContextOptions },
): Promise<Page> {
  const page = await pageInLook(browser, look, options);
  await page.goto(`${origin}/sign-in`);
  await page.locator('input[autocomplete~="username"]').fill(options.username);
  await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
  await page.locator('button[type="submit"]').first().click();
  await page.waitForURL('**/dashboard');
  return page;
}

/** The saved session of a signed-in page that has loaded since signing in (a reload restored it). */
export function savedSession(page: Page): Promise<TSavedSession> {
  return page.evaluate(() => Object.fromEntries(Object.entries(window.sessionStorage)));
}

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

type TAxeResult = { violations: { id: string; nodes: { target: string[] }[] }[] };

/** Resolves once no CSS transition runs on the page. */
async function transitionsFinished(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.getAnimations().every((animation) => !(animation instanceof CSSTransition)),
    undefined,
    { timeout: 5_000 },
  );
}

/**
 * axe's violations on the page as `id: targets`, checked once every CSS transition has
 * finished (a colour caught halfway through a transition is no colour the parent reads).
 * A transition that starts while axe runs (the account's saved theme arriving after a sign-in
 * turns the page dark) makes the check run again once it has finished, at most three times.
 * Every rule runs; axe details only the violations (`resultTypes`), not every element that
 * passed, which took most of its time (docs/decisions/027-ci-time.md). axe is added to the
 * page once, and stays while the app moves from page to page.
 * The page's context needs `bypassCSP`: axe arrives as a script the CSP would refuse.
 */
export async function axeViolations(page: Page, rules?: string[]): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axePath });
  for (let attempt = 1; ; attempt += 1) {
    await transitionsFinished(page);
    const { result, changedMeanwhile } = await page.evaluate(async (runOnly) => {
      let transitionStarted = false;
      const onStart = () => (transitionStarted = true);
      document.addEventListener('transitionstart', onStart, true);
      const rootBefore = document.documentElement.className;
      const answer = await (
        window as unknown as { axe: { run: (context: Document, options: object) => Promise<TAxeResult> } }
      ).axe.run(document, { resultTypes: ['violations'], ...(runOnly ? { runOnly } : {}) });
      document.removeEventListener('transitionstart', onStart, true);
      return {
        result: answer,
        changedMeanwhile: transitionStarted || document.documentElement.className !== rootBefore,
      };
    }, rules);
    if (!changedMeanwhile || attempt === 3) {
      return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    }
  }
}

const webDist = path.resolve(import.meta.dirname, '../../../web/dist');

/** Fails at once, saying what to do, when the web app the server serves has not been built. */
export function requireBuiltWebApp(): void {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    throw new Error('the web app is not built: run `npm run build` first (npm test does)');
  }
}

/** A browser suite's portal and Chromium, ready once its `beforeAll` has run. */
export type TMograSuite = { server: TServerProcess; browser: Browser; origin: string };

/**
 * Registers the hooks of a browser suite at the demo school `mogra`: a portal on a data folder
 * of its own (sign-ins not throttled), Chromium, and the screenshot folder when one is set.
 */
export function mograBrowserSuite(dataPrefix: string): TMograSuite {
  const data = createSeededDataDir(dataPrefix);
  const suite = {} as TMograSuite;
  beforeAll(async () => {
    requireBuiltWebApp();
    suite.server = await startServer({ DATA_DIR: data.dir, ...SIGN_IN_UNTHROTTLED });
    suite.origin = `http://mogra.localhost:${suite.server.port}`;
    suite.browser = await launchChromium();
    if (SCREENSHOT_DIR) fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  }, 120_000);
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
    data.remove();
  });
  return suite;
}
