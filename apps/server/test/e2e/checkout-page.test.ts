/// <reference lib="dom" />
import path from 'node:path';
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { TOPUP_LIMITS } from '@portal/contracts/fees';
import { createSeededDataDir } from '../helper.ts';
import {
  signInDemoParent,
  SIGN_IN_UNTHROTTLED,
  startServer,
  type TServerProcess,
} from '../server-process.ts';
import {
  axeViolations,
  launchChromium,
  LOOKS,
  nameOfLook,
  SCREENSHOT_DIR,
  type TLook,
  VIEWPORTS,
} from './browser.ts';

/** What the sandbox provider's page says, in each language. */
const WORDS = {
  en: { school: 'Mogra Demo School', title: 'Sandbox payment', pay: 'Pay (succeeds)', other: 'العربية' },
  ar: { school: 'مدرسة موغرا التجريبية', title: 'دفع تجريبي', pay: 'ادفع (ينجح)', other: 'English' },
} as const;

describe("the sandbox provider's checkout page in Chromium", () => {
  const data = createSeededDataDir('portal-e2e-checkout-');
  let server: TServerProcess;
  let browser: Browser;
  let token = '';
  let enrollNumber = '';

  beforeAll(async () => {
    server = await startServer({ DATA_DIR: data.dir, ...SIGN_IN_UNTHROTTLED });
    browser = await launchChromium();
    const parent = await signInDemoParent(server.baseUrl, 'mogra', 'parent@mogra.demo');
    token = parent.token;
    enrollNumber = parent.enrollNumbers[0] ?? '';
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    data.remove();
  });

  /** Starts a wallet top-up from the portal in the look's language; answers the provider's page. */
  async function startTopUp(look: TLook): Promise<string> {
    const response = await fetch(`${server.baseUrl}/api/v1/ppn/payments`, {
      method: 'POST',
      headers: {
        'client-id': 'mogra',
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'accept-language': look.lng,
      },
      body: JSON.stringify({
        kind: 'topup',
        idempotencyKey: randomUUID(),
        enrollNumber,
        // Another amount for each look: the same choice again would answer the open checkout.
        amountMinor: TOPUP_LIMITS.minimumMinor + LOOKS.indexOf(look) * 100,
      }),
    });
    expect(response.status).toBe(201);
    const { redirectUrl } = (await response.json()) as { redirectUrl: string | null };
    if (!redirectUrl) throw new Error('the top-up has no checkout page');
    return redirectUrl;
  }

  for (const look of LOOKS) {
    it(`speaks the portal's language, mirrors in Arabic, fits the width and passes axe (${nameOfLook(look)})`, async () => {
      const checkout = await startTopUp(look);
      // The browser prefers the other language: the page follows the portal's.
      const context = await browser.newContext({
        viewport: VIEWPORTS[look.device],
        colorScheme: look.theme,
        locale: look.lng === 'ar' ? 'en-GB' : 'ar-AE',
        bypassCSP: true,
      });
      const page = await context.newPage();
      await page.goto(checkout);
      const words = WORDS[look.lng];
      expect(await page.locator('html').getAttribute('lang')).toBe(look.lng);
      expect(await page.locator('html').getAttribute('dir')).toBe(look.lng === 'ar' ? 'rtl' : 'ltr');
      expect(await page.locator('h1').innerText()).toBe(words.school);
      await expect(page.title()).resolves.toContain(words.title);
      expect(await page.getByRole('button', { name: words.pay }).isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: words.other }).isVisible()).toBe(true);
      // The page follows the device's theme: a dark page on a dark device.
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      const [red = 0, green = 0, blue = 0] = (background.match(/\d+/g) ?? []).map(Number);
      const light = (red + green + blue) / 3 > 128;
      expect(light, `background ${background}`).toBe(look.theme === 'light');
      // Nothing wider than the screen.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await axeViolations(page)).toEqual([]);
      if (SCREENSHOT_DIR) {
        fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, `checkout-${nameOfLook(look)}.png`) });
      }
      await context.close();
    });
  }
});
