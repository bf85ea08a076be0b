/// <reference lib="dom" />
import path from 'node:path';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createSeededDataDir, DEMO_PASSWORD } from '../helper.ts';
import { SIGN_IN_UNTHROTTLED, startServer, type TServerProcess } from '../server-process.ts';
import {
  launchChromium,
  LOOKS,
  nameOfLook,
  requireBuiltWebApp,
  SCREENSHOT_DIR,
  type TLook,
  VIEWPORTS,
} from './browser.ts';

/** Short enough to wait for: the warning comes halfway (15 s), the end at 29 s without a request. */
const IDLE_SECONDS = 30;

const texts = {
  en: { notice: /You were signed out after 30 seconds without activity/ },
  ar: { notice: /تم تسجيل خروجك بعد .+ دون أي نشاط/ },
};

type TSaved = { token: string | null; selectedChild: { sims_student_enroll_number: string } | null };

/** The session this tab keeps in sessionStorage. */
async function savedSession(page: Page): Promise<TSaved> {
  return page.evaluate(() => {
    const root = JSON.parse(window.sessionStorage.getItem('persist:portal') ?? '{}') as { session?: string };
    return JSON.parse(root.session ?? '{}') as TSaved;
  });
}

/** Calls the API from the page, past the app (as another device would): the answer's status. */
function callApi(page: Page, method: string, url: string, token: string): Promise<number> {
  return page.evaluate(
    async ({ method, url, token }) =>
      (await fetch(url, { method, headers: { 'client-id': 'mogra', authorization: `Bearer ${token}` } }))
        .status,
    { method, url, token },
  );
}

const selectedOf = async (page: Page) => (await savedSession(page)).selectedChild?.sims_student_enroll_number;

describe('sessions across tabs and the idle time-out in Chromium', () => {
  const data = createSeededDataDir('portal-e2e-sessions-');
  let server: TServerProcess;
  let browser: Browser;
  const origin = () => `http://mogra.localhost:${server.port}`;

  beforeAll(async () => {
    requireBuiltWebApp();
    server = await startServer({
      DATA_DIR: data.dir,
      SESSION_IDLE_SECONDS: String(IDLE_SECONDS),
      // Eight browsers sign the same parent in at once here.
      ...SIGN_IN_UNTHROTTLED,
    });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    data.remove();
  });

  /** A browser (its tabs share localStorage and the BroadcastChannel) in a language, theme and width. */
  async function openBrowser(look: TLook): Promise<BrowserContext> {
    const context = await browser.newContext({
      viewport: VIEWPORTS[look.device],
      colorScheme: look.theme,
    });
    await context.addInitScript((lng) => window.localStorage.setItem('i18nextLng', lng), look.lng);
    return context;
  }

  async function newTab(context: BrowserContext): Promise<Page> {
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    return page;
  }

  async function fillSignIn(page: Page): Promise<void> {
    await page.locator('input[name="username"]').fill('parent@mogra.demo');
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.locator('form button[type="submit"]').first().click();
  }

  async function signIn(page: Page): Promise<void> {
    await page.goto(`${origin()}/sign-in`);
    await fillSignIn(page);
    await page.waitForURL('**/dashboard');
  }

  /** Chooses the second child in the header's child switcher (the first of its menu buttons). */
  async function chooseSecondChild(page: Page): Promise<string> {
    await page.locator('header button[aria-haspopup="menu"]').first().click();
    await page.getByRole('menuitemradio').nth(1).click();
    await expect.poll(() => selectedOf(page), { timeout: 15_000 }).not.toBe(undefined);
    const chosen = await selectedOf(page);
    if (!chosen) throw new Error('no child chosen');
    return chosen;
  }

  /** Signs out with the header's account menu (its last menu button; "Sign out" comes first). */
  async function signOut(page: Page): Promise<void> {
    await page.locator('header button[aria-haspopup="menu"]').last().click();
    await page.getByRole('menuitem', { name: /^(Sign out|تسجيل الخروج)$/ }).click();
  }

  /** The addresses a tab showed, client-side navigations included. */
  function addressesOf(page: Page): string[] {
    const seen: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) seen.push(frame.url());
    });
    return seen;
  }

  async function shot(page: Page, name: string): Promise<void> {
    if (!SCREENSHOT_DIR) return;
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
  }

  for (const look of [LOOKS[0], LOOKS[7]] as TLook[]) {
    it(`opens a link in a second tab signed in, with the same child, and signs both out together (${nameOfLook(look)})`, async () => {
      const context = await openBrowser(look);
      const first = await newTab(context);
      await signIn(first);
      const child = await chooseSecondChild(first);

      const second = await newTab(context);
      const seen = addressesOf(second);
      await second.goto(`${origin()}/feepayment`);
      await second.locator('main h1').waitFor();
      expect(new URL(second.url()).pathname).toBe('/feepayment');
      expect(seen.some((address) => address.includes('/sign-in'))).toBe(false);
      expect(await selectedOf(second)).toBe(child);
      // The token went over the channel only: nothing of it in localStorage.
      const token = (await savedSession(second)).token ?? '';
      expect(token).not.toBe('');
      const stored = await second.evaluate(() => Object.values(window.localStorage).join('\n'));
      expect(stored).not.toContain(token);

      await signOut(second);
      await second.waitForURL('**/sign-in**');
      await first.waitForURL('**/sign-in**');
      expect((await savedSession(first)).token).toBeNull();
      await context.close();
    });
  }

  it('signs every tab out when the server refuses the session in one (401)', async () => {
    const context = await openBrowser(LOOKS[0] as TLook);
    const first = await newTab(context);
    await signIn(first);
    const second = await newTab(context);
    await second.goto(`${origin()}/dashboard`);
    await second.locator('main h1').waitFor();
    const token = (await savedSession(second)).token ?? '';
    // The session is revoked on the server (as from another device); the first tab's next request is refused.
    expect(await callApi(second, 'POST', '/api/v1/ppn/auth/sign-out', token)).toBe(200);
    await first.goto(`${origin()}/feepayment`);
    await first.waitForURL('**/sign-in**');
    await second.waitForURL('**/sign-in**');
    await second.getByRole('status').filter({ hasText: 'Your session has ended' }).waitFor();
    await context.close();
  });

  it(
    'warns before the idle time-out in every language, theme and width; "Stay signed in" keeps the session; after it ends, signing in returns to the same page and child',
    // Eight flows of two idle times each, their page loads one at a time (`oneAtATime`).
    { timeout: 480_000 },
    async () => {
      const busy = oneAtATime();
      await Promise.all(LOOKS.map((look) => idleFlow(look, busy)));
    },
  );

  /**
   * Runs the given steps one after the other, in the order asked: the flows wait out their idle
   * times side by side, but eight apps loading at once on two cores beside another browser suite
   * took more than a minute each.
   */
  function oneAtATime(): <T>(steps: () => Promise<T>) => Promise<T> {
    let last: Promise<unknown> = Promise.resolve();
    return (steps) => {
      const run = last.then(steps, steps);
      last = run.catch(() => undefined);
      return run;
    };
  }

  async function idleFlow(look: TLook, busy: ReturnType<typeof oneAtATime>): Promise<void> {
    const context = await openBrowser(look);
    const page = await newTab(context);
    page.setDefaultTimeout(60_000);
    const child = await busy(async () => {
      await signIn(page);
      const chosen = await chooseSecondChild(page);
      await page.goto(`${origin()}/feepayment?view=lines`);
      await page.locator('main h1').waitFor();
      return chosen;
    });
    const signedInAt = Date.now();

    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    // Focus is in the dialog, on "Stay signed in", and Tab keeps it there.
    const focused = () => page.evaluate(() => document.activeElement?.closest('dialog') !== null);
    expect(await focused()).toBe(true);
    for (let i = 0; i < 3; i += 1) {
      await page.keyboard.press('Tab');
      expect(await focused()).toBe(true);
    }
    expect(await dialog.getAttribute('aria-describedby')).toBeTruthy();
    await expect.poll(() => page.locator('[role="timer"]').innerText()).toMatch(/\d:\d\d|[٠-٩]:[٠-٩]{2}/);
    await shot(page, `idle-warning-${nameOfLook(look)}`);

    const buttons = dialog.getByRole('button');
    await buttons.first().click();
    await dialog.waitFor({ state: 'hidden' });
    // Past the first deadline the session lives: the server's idle clock restarted.
    const firstDeadline = signedInAt + IDLE_SECONDS * 1000;
    await page.waitForTimeout(Math.max(0, firstDeadline + 1_000 - Date.now()));
    expect(new URL(page.url()).pathname).toBe('/feepayment');
    const token = (await savedSession(page)).token ?? '';
    expect(await callApi(page, 'GET', '/api/v1/ppn/parent/profile', token)).toBe(200);

    // This time nobody answers: the session ends, and the sign-in page says why.
    await page.waitForURL('**/sign-in**', { timeout: 60_000 });
    const notice = page.getByRole('status').filter({ hasText: texts[look.lng].notice });
    await notice.waitFor();
    await shot(page, `signed-out-notice-${nameOfLook(look)}`);
    expect((await savedSession(page)).token).toBeNull();
    // The server forgot the session too.
    expect(await callApi(page, 'GET', '/api/v1/ppn/parent/profile', token)).toBe(401);

    await busy(async () => {
      await fillSignIn(page);
      await page.waitForURL('**/feepayment?view=lines');
      await page.locator('main h1').waitFor();
    });
    expect(await selectedOf(page)).toBe(child);
    await context.close();
  }
});
