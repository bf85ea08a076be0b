/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createSeededDataDir, DEMO_PASSWORD } from '../helper.ts';
import { SIGN_IN_UNTHROTTLED, startServer, type TServerProcess } from '../server-process.ts';
import { axeViolations, launchChromium, requireBuiltWebApp, STEP_TIME_MS, VIEWPORTS } from './browser.ts';

const { phone: PHONE, desktop: DESKTOP } = VIEWPORTS;
type TLanguage = 'en' | 'ar';
type TScheme = 'light' | 'dark';

describe('the fee page on a phone, the theme and Arabic names in Chromium', () => {
  const data = createSeededDataDir('portal-e2e-phone-theme-');
  let server: TServerProcess;
  let browser: Browser;
  let origin = '';

  beforeAll(async () => {
    requireBuiltWebApp();
    server = await startServer({ DATA_DIR: data.dir, ...SIGN_IN_UNTHROTTLED });
    origin = `http://mogra.localhost:${server.port}`;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    data.remove();
  });

  /** A new browser in this language, with the device set to this colour scheme. */
  async function openContext(
    lng: TLanguage,
    scheme: TScheme,
    viewport = PHONE,
    options: { bypassCSP?: boolean } = {},
  ): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport, colorScheme: scheme, ...options });
    await context.addInitScript((language) => window.localStorage.setItem('i18nextLng', language), lng);
    return context;
  }

  /** Signs the mogra parent in (in either language) and waits for the dashboard. */
  async function signIn(context: BrowserContext): Promise<Page> {
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIME_MS);
    await page.goto(`${origin}/sign-in`);
    await page.locator('input[autocomplete~="username"]').fill('parent@mogra.demo');
    await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { level: 1 }).waitFor();
    return page;
  }

  async function openFees(page: Page): Promise<void> {
    await page.goto(`${origin}/feepayment`);
    await page.locator('section[aria-labelledby="fee-lines-title"] table').waitFor();
    await page.waitForLoadState('networkidle');
  }

  const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

  /** The box of an element in the viewport's coordinates. */
  const rectOf = (page: Page, selector: string) =>
    page.locator(selector).evaluate((element) => {
      const { top, bottom, left, right, width, height } = element.getBoundingClientRect();
      return { top, bottom, left, right, width, height };
    });

  const payBar = '[data-pay-bar]';
  const payButton = (page: Page) => page.locator(`${payBar} button`);
  const openBoxes = (page: Page) =>
    page.locator('section[aria-labelledby="fee-lines-title"] input[type="checkbox"]:not([disabled])');

  /** How the Pay button looks: its background, text colour and pointer. */
  const looks = (page: Page) =>
    payButton(page).evaluate((button) => {
      const style = getComputedStyle(button);
      return { background: style.backgroundColor, color: style.color, cursor: style.cursor };
    });

  /** Every checkbox of the fee screens measures at least 24 x 24 px (WCAG 2.2, 2.5.8). */
  async function expectCheckboxesAtLeast24(page: Page): Promise<void> {
    const sizes = await page
      .locator('main input[type="checkbox"]')
      .evaluateAll((boxes) => boxes.map((box) => [box.clientWidth, box.clientHeight]));
    expect(sizes.length).toBeGreaterThan(0);
    for (const [width, height] of sizes) {
      expect(width).toBeGreaterThanOrEqual(24);
      expect(height).toBeGreaterThanOrEqual(24);
    }
  }

  for (const lng of ['en', 'ar'] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`keeps the total and the Pay button in view on a phone while lines are ticked (${lng}, ${scheme})`, async () => {
        const context = await openContext(lng, scheme);
        const page = await signIn(context);
        await openFees(page);
        expect(await isDark(page)).toBe(scheme === 'dark');
        await expectCheckboxesAtLeast24(page);

        // Nothing chosen: the Pay button is disabled and looks it.
        const idle = await looks(page);
        expect(await payButton(page).isDisabled()).toBe(true);
        expect(idle.cursor).toBe('not-allowed');

        const boxes = openBoxes(page);
        const count = Math.min(await boxes.count(), 3);
        expect(count).toBeGreaterThan(1);
        for (let index = 0; index < count; index += 1) {
          const box = boxes.nth(index);
          await box.scrollIntoViewIfNeeded();
          await box.check();
          const [bar, ticked] = await Promise.all([
            rectOf(page, payBar),
            box.evaluate((element) => element.getBoundingClientRect().bottom),
          ]);
          // The bar is on screen, at its bottom, across its width, and the ticked box above it.
          expect(bar.top).toBeGreaterThan(PHONE.height / 2);
          expect(bar.bottom).toBeLessThanOrEqual(PHONE.height + 0.5);
          expect(bar.width).toBeGreaterThanOrEqual(PHONE.width - 1);
          expect(ticked).toBeLessThanOrEqual(bar.top);
        }
        // Scrolled part way and all the way: still there.
        for (const where of [0.5, 1]) {
          await page.evaluate((share) => window.scrollTo(0, document.body.scrollHeight * share), where);
          const bar = await rectOf(page, payBar);
          expect(bar.bottom).toBeLessThanOrEqual(PHONE.height + 0.5);
          expect(bar.top).toBeGreaterThan(PHONE.height / 2);
        }
        // At the end of the page the last content ends above the bar: room is kept for it.
        const [bar, lastEnd] = await Promise.all([
          rectOf(page, payBar),
          page.evaluate(
            () => document.querySelector('main')?.lastElementChild?.getBoundingClientRect().bottom,
          ),
        ]);
        expect(lastEnd).toBeLessThanOrEqual(bar.top + 0.5);

        // Lines chosen: the button pays the total the bar shows, and no longer looks disabled.
        const ready = await looks(page);
        expect(await payButton(page).isDisabled()).toBe(false);
        expect(ready.cursor).not.toBe('not-allowed');
        expect(ready.background).not.toBe(idle.background);
        expect(ready.color).not.toBe(idle.color);
        const total = (await page.locator(`${payBar} p span`).last().innerText()).trim();
        expect(total).not.toBe('');
        expect(await payButton(page).innerText()).toContain(total);
        await context.close();
      });
    }
  }

  for (const lng of ['en', 'ar'] as const) {
    it(`on a desktop the Pay row stays in the pay panel, boxes measure 24 px, a disabled Pay looks it (${lng})`, async () => {
      const context = await openContext(lng, 'dark', DESKTOP);
      const page = await signIn(context);
      await openFees(page);
      await expectCheckboxesAtLeast24(page);
      expect(await page.locator(payBar).evaluate((bar) => getComputedStyle(bar).position)).not.toBe('fixed');
      expect(await payButton(page).isDisabled()).toBe(true);
      const idle = await looks(page);
      expect(idle.cursor).toBe('not-allowed');
      await openBoxes(page).first().check();
      expect((await looks(page)).background).not.toBe(idle.background);
      await context.close();
    });
  }

  it('follows the device theme, live, until the parent picks one; the pick stays until set back to the device', async () => {
    for (const lng of ['en', 'ar'] as const) {
      const context = await openContext(lng, 'light', PHONE);
      const page = await signIn(context);
      const menu = page.getByRole('button', { name: lng === 'en' ? /^Theme: / : /^المظهر: / });
      // A pick is kept on the account too (decision 024): wait until it is saved, so the next
      // sign-in in this suite starts from the device's theme again.
      const pick = async (name: string) => {
        const saved = page.waitForResponse(
          (response) =>
            response.url().endsWith('/api/v1/ppn/account/settings') &&
            response.request().method() === 'PATCH',
        );
        await menu.click();
        await page.getByRole('menuitemradio', { name, exact: true }).click();
        await saved;
      };
      const [light, dark, device] =
        lng === 'en' ? ['Light', 'Dark', 'Same as this device'] : ['فاتح', 'داكن', 'مثل إعداد هذا الجهاز'];

      expect(await isDark(page)).toBe(false);
      await page.emulateMedia({ colorScheme: 'dark' });
      await expect.poll(() => isDark(page)).toBe(true);
      await page.emulateMedia({ colorScheme: 'light' });
      await expect.poll(() => isDark(page)).toBe(false);

      await pick(dark);
      expect(await isDark(page)).toBe(true);
      await page.emulateMedia({ colorScheme: 'light' });
      expect(await isDark(page)).toBe(true);
      await page.reload();
      await menu.waitFor();
      expect(await isDark(page)).toBe(true);

      await pick(light);
      await page.emulateMedia({ colorScheme: 'dark' });
      expect(await isDark(page)).toBe(false);

      await pick(device);
      await expect.poll(() => isDark(page)).toBe(true);
      await page.emulateMedia({ colorScheme: 'light' });
      await expect.poll(() => isDark(page)).toBe(false);
      expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBeNull();
      await context.close();
    }
  });

  it("has the right theme on the page before the app's code runs (no flash of the wrong one)", async () => {
    const cases: { saved: string | null; device: TScheme; dark: boolean }[] = [
      { saved: null, device: 'dark', dark: true },
      { saved: null, device: 'light', dark: false },
      { saved: 'dark', device: 'light', dark: true },
      { saved: 'light', device: 'dark', dark: false },
    ];
    for (const { saved, device, dark } of cases) {
      const context = await browser.newContext({ colorScheme: device });
      if (saved) await context.addInitScript((theme) => window.localStorage.setItem('theme', theme), saved);
      // The app's own code never arrives: what shows is what the page has before it runs.
      await context.route('**/assets/*.js', (route) => route.abort());
      const page = await context.newPage();
      await page.goto(`${origin}/sign-in`, { waitUntil: 'load' });
      expect([saved, device, await isDark(page)]).toEqual([saved, device, dark]);
      const scheme = await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme);
      expect([saved, device, scheme]).toEqual([saved, device, dark ? 'dark' : 'light']);
      await context.close();
    }
  });

  it('paints the first signed-in page of a new device in the theme and language kept on the account', async () => {
    const username = 'family.haddad@mogra.demo';
    const api = async (path: string, init: { method: string; body: object; token?: string }) => {
      const response = await fetch(`${server.baseUrl}/api/v1/ppn${path}`, {
        method: init.method,
        headers: {
          'client-id': 'mogra',
          'content-type': 'application/json',
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        },
        body: JSON.stringify(init.body),
      });
      expect(response.status).toBe(200);
      return (await response.json()) as { token?: string };
    };
    const { token } = await api('/auth/login', {
      method: 'POST',
      body: { username, password: DEMO_PASSWORD },
    });
    await api('/account/settings', { method: 'PATCH', body: { language: 'ar', theme: 'dark' }, token });

    // A browser that has never seen the portal: English, the device light.
    const context = await openContext('en', 'light', PHONE);
    // What the page shows the moment the dashboard's heading first appears.
    await context.addInitScript(() => {
      new MutationObserver((_changes, observer) => {
        const heading = document.querySelector('main h1');
        if (location.pathname !== '/dashboard' || !heading) return;
        const root = document.documentElement;
        Object.assign(window, {
          firstDashboard: { dark: root.classList.contains('dark'), lang: root.lang, dir: root.dir },
        });
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIME_MS);
    const patches: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH') patches.push(request.url());
    });
    await page.goto(`${origin}/sign-in`);
    await page.locator('input[autocomplete~="username"]').fill(username);
    await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(
      await page.evaluate(() => (window as unknown as { firstDashboard: unknown }).firstDashboard),
    ).toEqual({
      dark: true,
      lang: 'ar',
      dir: 'rtl',
    });
    // Applying what the account keeps changes nothing on it.
    await page.waitForLoadState('networkidle');
    expect(patches).toEqual([]);
    await context.close();
    await api('/account/settings', { method: 'PATCH', body: { language: null, theme: null }, token });
  });

  it(
    'finds no colour-contrast violation with axe in the dark theme: sign-in, dashboard, fee page; en and ar; phone and desktop',
    async () => {
      const found: string[] = [];
      const check = async (page: Page, where: string) => {
        found.push(
          ...(await axeViolations(page, ['color-contrast', 'target-size'])).map((v) => `${where} ${v}`),
        );
      };
      for (const lng of ['en', 'ar'] as const) {
        for (const [size, viewport] of [
          ['phone', PHONE],
          ['desktop', DESKTOP],
        ] as const) {
          // axe is injected as a script the page's CSP would refuse.
          const context = await openContext(lng, 'dark', viewport, { bypassCSP: true });
          const page = await context.newPage();
          page.setDefaultTimeout(STEP_TIME_MS);
          await page.goto(`${origin}/sign-in`);
          await page.locator('input[autocomplete~="username"]').waitFor();
          await page.waitForLoadState('networkidle');
          expect(await isDark(page)).toBe(true);
          await check(page, `${lng} ${size} sign-in`);
          await page.close();

          const signedIn = await signIn(context);
          await signedIn.waitForLoadState('networkidle');
          await check(signedIn, `${lng} ${size} dashboard`);
          await openFees(signedIn);
          await openBoxes(signedIn).first().check();
          await check(signedIn, `${lng} ${size} fee page`);
          await context.close();
        }
      }
      expect(found).toEqual([]);
      // Twelve pages (three pages in two languages at two widths), each signed in and checked by axe.
    },
    // Twelve pages, each signed in and checked by axe: up to 15 s each beside another browser file.
    12 * 15_000,
  );

  it('greets the parent and names the grades in Arabic when the portal is in Arabic, in English otherwise', async () => {
    const expected = {
      en: { greeting: 'Hello, Sara', grade: 'Grade 9', not: 'الصف 9' },
      ar: { greeting: 'مرحبًا، سارة', grade: 'الصف 9', not: 'Grade 9' },
    };
    for (const lng of ['en', 'ar'] as const) {
      for (const viewport of [PHONE, DESKTOP]) {
        const context = await openContext(lng, 'light', viewport);
        const page = await signIn(context);
        const heading = page.getByRole('heading', { level: 1 });
        await expect.poll(() => heading.innerText()).toBe(expected[lng].greeting);
        const main = page.locator('main');
        await main.getByText(expected[lng].grade, { exact: false }).first().waitFor();
        expect(await main.innerText()).not.toContain(expected[lng].not);
        await context.close();
      }
    }
  });
});
