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
 * A new page signed in as a parent (with the demo password) and on the dashboard, in the look's
 * width, colour scheme, language and theme. Each error the page throws is added to `errors`,
 * named by the look.
 */
export async function signedInPage(
  browser: Browser,
  origin: string,
  look: TLook,
  options: { username: string; errors: string[]; context?: BrowserContextOptions },
): Promise<Page> {
  const context = await browser.newContext({
    viewport: VIEWPORTS[look.device],
    colorScheme: look.theme,
    ...options.context,
  });
  await context.addInitScript(
    ({ lng, theme }) => {
      window.localStorage.setItem('i18nextLng', lng);
      window.localStorage.setItem('theme', theme);
    },
    { lng: look.lng, theme: look.theme },
  );
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (error) => options.errors.push(`${nameOfLook(look)}: ${error.message}`));
  await page.goto(`${origin}/sign-in`);
  await page.locator('input[autocomplete="username"]').fill(options.username);
  await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
  await page.locator('button[type="submit"]').first().click();
  await page.waitForURL('**/dashboard');
  return page;
}

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

type TAxeResult = { violations: { id: string; nodes: { target: string[] }[] }[] };

/**
 * axe's violations on the page as `id: targets`, checked once every CSS transition has
 * finished (a colour caught halfway through a transition is no colour the parent reads).
 * The page's context needs `bypassCSP`: axe arrives as a script the CSP would refuse.
 */
export async function axeViolations(page: Page, rules?: string[]): Promise<string[]> {
  await page.waitForFunction(
    () => document.getAnimations().every((animation) => !(animation instanceof CSSTransition)),
    undefined,
    { timeout: 5_000 },
  );
  await page.addScriptTag({ path: axePath });
  const result = await page.evaluate(
    (runOnly) =>
      (
        window as unknown as { axe: { run: (context: Document, options: object) => Promise<TAxeResult> } }
      ).axe.run(document, runOnly ? { runOnly } : {}),
    rules,
  );
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
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
