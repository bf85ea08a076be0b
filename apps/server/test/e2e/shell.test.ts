/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MENU } from '@portal/contracts/menu';
import { createSeededDataDir, DEMO_PASSWORD } from '../helper.ts';
import { startServer, type TServerProcess } from '../server-process.ts';
import { axeViolations, launchChromium, requireBuiltWebApp, STEP_TIME_MS, VIEWPORTS } from './browser.ts';

describe('the portal shell in Chromium', () => {
  const data = createSeededDataDir('portal-e2e-shell-');
  let server: TServerProcess;
  let browser: Browser;
  const origin = (school: string) => `http://${school}.localhost:${server.port}`;

  beforeAll(async () => {
    requireBuiltWebApp();
    server = await startServer({ DATA_DIR: data.dir });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    data.remove();
  });

  async function signIn(school: string, viewport = VIEWPORTS.desktop): Promise<Page> {
    const page = await browser.newPage({ viewport });
    page.setDefaultTimeout(STEP_TIME_MS);
    await page.goto(`${origin(school)}/sign-in`);
    await page.getByLabel('Email or username').fill(`parent@${school}.demo`);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/dashboard');
    return page;
  }

  /** The names of the links the main navigation offers. */
  async function offered(page: Page): Promise<string[]> {
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link').first().waitFor();
    return (await nav.getByRole('link').allTextContents()).map((text) => text.trim());
  }

  it('offers the bcad parent Home, Agenda and Fee payment only, and guards the rest', async () => {
    const page = await signIn('bcad');
    const names = await offered(page);
    // Home, then the menu's groups in their order: Money before Schedule and attendance.
    expect(names).toEqual(['Home', 'Fee payment', 'Agenda']);
    expect(names).not.toContain('Timetable');
    expect(names).not.toContain('Medical');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    expect(await nav.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');

    await nav.getByRole('link', { name: 'Agenda' }).click();
    await page.getByRole('heading', { level: 1, name: 'Agenda' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Agenda' }).getAttribute('aria-current')).toBe('page');

    await page.goto(`${origin('bcad')}/timetable`);
    await page.getByRole('heading', { level: 1, name: 'This is not available for your account' }).waitFor();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL('**/dashboard');
    await page.close();
  });

  it('offers the mogra parent every module', async () => {
    const page = await signIn('mogra');
    const names = await offered(page);
    expect(names).toHaveLength(MENU.length);
    expect(names).toHaveLength(57);
    expect(names[0]).toBe('Home');

    // The list scrolls; the current page's entry is scrolled into sight, not left below it.
    await page.goto(`${origin('mogra')}/feepayment`);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const current = nav.locator('[aria-current="page"]');
    await current.waitFor();
    expect((await current.textContent())?.trim()).toBe('Fee payment');
    await expect
      .poll(async () => {
        const [box, view] = await Promise.all([current.boundingBox(), nav.boundingBox()]);
        return box !== null && view !== null && box.y >= view.y && box.y + box.height <= view.y + view.height;
      })
      .toBe(true);
    await page.close();
  });

  it('turns the page right-to-left with ?lng=ar, and a reload keeps Arabic', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(STEP_TIME_MS);
    await page.goto(`${origin('bcad')}/?lng=ar`);
    await page.waitForURL('**/sign-in');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ar');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      'ar',
      'rtl',
    ]);
    await page.close();
  });

  it('keeps the dark theme over a reload', async () => {
    const page = await signIn('bcad');
    await page.getByRole('button', { name: /^Theme: / }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.reload();
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.getByRole('button', { name: 'Theme: Dark' }).waitFor();
    await page.close();
  });

  it('returns to /sign-in with the session cleared when the server answers 401', async () => {
    const page = await signIn('bcad');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    const token = await page.evaluate(() => {
      const saved = JSON.parse(window.sessionStorage.getItem('persist:portal') ?? '{}') as {
        session?: string;
      };
      return (JSON.parse(saved.session ?? '{}') as { token?: string }).token ?? '';
    });
    expect(token).not.toBe('');
    // Revoke the session on the server, as signing out on another device would.
    const answer = await fetch(`${server.baseUrl}/api/v1/ppn/auth/sign-out`, {
      method: 'POST',
      headers: { 'client-id': 'bcad', authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(200);

    await page.goto(`${origin('bcad')}/agenda`);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/sign-in');
    await page.getByLabel('Email or username').waitFor();
    const session = await page.evaluate(() => {
      const saved = JSON.parse(window.sessionStorage.getItem('persist:portal') ?? '{}') as {
        session?: string;
      };
      return JSON.parse(saved.session ?? '{}') as { signedIn?: boolean; token?: string | null };
    });
    expect(session.signedIn).toBe(false);
    expect(session.token).toBeNull();
    await page.close();
  });

  it('has no axe violations on sign-in, the dashboard and a module page, in English and Arabic', async () => {
    const found: string[] = [];
    for (const lng of ['en', 'ar'] as const) {
      // axe is injected as a script the page's CSP would refuse.
      const context = await browser.newContext({ viewport: VIEWPORTS.desktop, bypassCSP: true });
      await context.addInitScript((language) => window.localStorage.setItem('i18nextLng', language), lng);
      const page = await context.newPage();
      page.setDefaultTimeout(STEP_TIME_MS);
      await page.goto(`${origin('bcad')}/sign-in`);
      await page.locator('input[autocomplete~="username"]').waitFor();
      await page.waitForLoadState('networkidle');
      found.push(...(await axeViolations(page)).map((v) => `${lng} sign-in ${v}`));

      await page.locator('input[autocomplete~="username"]').fill('parent@bcad.demo');
      await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
      await page.locator('button[type="submit"]').click();
      await page.waitForURL('**/dashboard');
      await page.getByRole('navigation').first().waitFor();
      await page.getByRole('heading', { level: 1 }).waitFor();
      // The view's code and answers are in (the app's ready signal, docs/decisions/027-ci-time.md):
      // the address changes before the view's code has arrived (docs/decisions/033-declarative-router.md).
      await page.waitForFunction(() => document.documentElement.dataset.appReady === '/dashboard');
      found.push(...(await axeViolations(page)).map((v) => `${lng} dashboard ${v}`));

      await page.goto(`${origin('bcad')}/agenda`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForFunction(() => document.documentElement.dataset.appReady === '/agenda');
      found.push(...(await axeViolations(page)).map((v) => `${lng} agenda ${v}`));
      await context.close();
    }
    expect(found).toEqual([]);
  });
});
