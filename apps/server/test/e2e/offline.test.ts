/// <reference lib="dom" />
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  axeViolations,
  LOOKS,
  mograBrowserSuite,
  nameOfLook,
  SCREENSHOT_DIR,
  signedInPage,
  type TLook,
} from './browser.ts';

// The installable portal (docs/decisions/025-passkeys-pwa-push.md): the school's manifest, and
// Home and the timetable as last seen once the network is gone, served by the service worker.

const HOME_LIST = { en: 'Needs your action', ar: 'بحاجة إلى إجراء منك' } as const;
const TIMETABLE = { en: 'Timetable', ar: 'الجدول الدراسي' } as const;
const OFFLINE = {
  en: /^You are offline\. Showing what you saw at .+\. Changes are disabled\.$/,
  ar: /^أنت غير متصل بالإنترنت\. نعرض ما رأيته الساعة .+\. التغييرات معطّلة\.$/,
};
/** The buttons of Home that change something on the server: the layout's and a child's photo. */
const WRITES = {
  en: /^(Reset layout|Move .+ (up|down)|Change photo of .+)$/,
  ar: /^(استعادة الترتيب الافتراضي|نقل .+ (للأعلى|للأسفل)|تغيير صورة .+)$/,
};
const SCHOOL_NAME = { en: 'Mogra Demo School', ar: 'مدرسة موغرا التجريبية' } as const;

/** Waits until the service worker answers the page's requests (it installs after the first load). */
async function workerInControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    );
  });
}

/** Home with its action list in (the demo parent has things to do). */
async function homeLoaded(page: Page, look: TLook): Promise<void> {
  const section = page.getByRole('region', { name: HOME_LIST[look.lng] });
  await section.getByRole('link').first().waitFor();
}

/**
 * Whether each of Home's buttons that write can be used, once they show (the page may still be
 * rendering what it keeps when the action list is in).
 */
async function writesUsable(page: Page, look: TLook): Promise<boolean[]> {
  const writes = page.getByRole('main').getByRole('button', { name: WRITES[look.lng] });
  await writes.first().waitFor();
  return writes.evaluateAll((buttons) =>
    buttons.map(
      (button) => !(button as HTMLButtonElement).disabled && button.getAttribute('aria-disabled') !== 'true',
    ),
  );
}

/** The timetable with this week's lessons. */
async function timetableLoaded(page: Page, look: TLook): Promise<void> {
  await page.getByRole('heading', { level: 1, name: TIMETABLE[look.lng] }).waitFor();
  await page.getByRole('main').getByRole('table').waitFor();
}

async function screenshot(page: Page, name: string, look: TLook): Promise<void> {
  if (!SCREENSHOT_DIR) return;
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, `${name}-${nameOfLook(look)}.png`),
    fullPage: true,
  });
}

describe('the installable portal in Chromium', () => {
  const suite = mograBrowserSuite('portal-e2e-offline-');

  it("links the school's manifest, which names the school and its icons", async () => {
    for (const lng of ['en', 'ar'] as const) {
      const errors: string[] = [];
      const page = await signedInPage(
        suite.browser,
        suite.origin,
        { lng, theme: 'light', device: 'desktop' },
        { username: 'parent@mogra.demo', errors },
      );
      const manifest = await page.evaluate(async () => {
        const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
        const response = await fetch(link?.href ?? '');
        const body = (await response.json()) as { name: string; start_url: string; icons: { src: string }[] };
        const icons = await Promise.all(
          body.icons.map(async (icon) => (await fetch(icon.src)).headers.get('content-type')),
        );
        return { href: link?.getAttribute('href'), type: response.headers.get('content-type'), body, icons };
      });
      expect(manifest.href).toBe(`/manifest.webmanifest?lng=${lng}`);
      expect(manifest.type).toContain('application/manifest+json');
      expect(manifest.body.name).toBe(SCHOOL_NAME[lng]);
      expect(manifest.body.start_url).toBe('/dashboard');
      expect(manifest.icons).toEqual(['image/png', 'image/png', 'image/png']);
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });

  for (const look of LOOKS) {
    it(`shows Home and the timetable as last seen without a network, read-only and axe-clean (${nameOfLook(look)})`, async () => {
      const errors: string[] = [];
      const page = await signedInPage(suite.browser, suite.origin, look, {
        username: 'parent@mogra.demo',
        errors,
        // axe is injected as a script the page's CSP would refuse.
        context: { bypassCSP: true },
      });
      await homeLoaded(page, look);
      expect(await writesUsable(page, look)).toContain(true);
      await workerInControl(page);
      await page.goto(`${suite.origin}/timetable`);
      await timetableLoaded(page, look);
      const lessons = await page.getByRole('main').getByRole('table').innerText();
      await page.waitForLoadState('networkidle');
      // The kept page is the one the worker stored as it installed: more than a second ago.
      await page.waitForTimeout(1_100);

      await page.context().setOffline(true);
      const reloaded = await page.reload();
      expect(reloaded?.fromServiceWorker()).toBe(true);
      const kept = await page.evaluate(async () => {
        const names = await caches.keys();
        const app = names.find((name) => name.startsWith('portal-app-')) ?? '';
        const page = await caches.match('/index.html', { cacheName: app });
        const server = await fetch('/api/health').then(
          () => 'answered',
          () => 'unreachable',
        );
        return { date: page?.headers.get('date') ?? null, server };
      });
      // The page came from the worker's cache, not from the network (which does not answer).
      expect(kept.server).toBe('unreachable');
      expect(await reloaded?.headerValue('date')).toBe(kept.date);

      await timetableLoaded(page, look);
      expect(await page.getByRole('main').getByRole('table').innerText()).toBe(lessons);
      const banner = page.getByRole('status').filter({ hasText: OFFLINE[look.lng] });
      await banner.waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'offline-timetable', look);

      // Home, loaded again without a network: read-only.
      await page.goto(`${suite.origin}/dashboard`);
      await homeLoaded(page, look);
      await banner.waitFor();
      const writes = await writesUsable(page, look);
      expect(writes.length).toBeGreaterThan(0);
      expect(writes).not.toContain(true);
      expect(await page.evaluate(() => navigator.onLine)).toBe(false);
      expect(page.url()).toBe(`${suite.origin}/dashboard`);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'offline-home', look);

      // Back online, the pages are asked for again and the banner goes.
      await page.context().setOffline(false);
      await banner.waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }
});
