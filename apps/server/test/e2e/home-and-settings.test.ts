/// <reference lib="dom" />
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  axeViolations,
  LOOKS,
  mograBrowserSuite,
  nameOfLook,
  SCREENSHOT_DIR,
  signedInPage,
  type TLook,
} from './browser.ts';
import { modulePagesSuite, type TModulePageCheck } from './module-pages.ts';

// Home's "needs your action", the grouped menu with its search and the account settings page
// (docs/modules.md section 5), as the demo parent of three children sees them.

const SETTINGS: TModulePageCheck[] = [
  {
    path: '/settings',
    heading: { en: 'Account settings', ar: 'إعدادات الحساب' },
    async shows(main: Locator, look: TLook) {
      const en = look.lng === 'en';
      await main.getByLabel(en ? 'Current password' : 'كلمة المرور الحالية').waitFor();
      await main.getByText('parent@mogra.demo').waitFor();
      // The language of the portal (the notification preferences have their mail's language too).
      expect(await main.locator('input[name="language"][value="en"]').isChecked()).toBe(en);
      await main
        .getByText(en ? 'This device' : 'هذا الجهاز')
        .first()
        .waitFor();
      await main
        .getByText(en ? 'Password' : 'كلمة المرور', { exact: true })
        .first()
        .waitFor();
      // Web Push for this browser, off until the parent turns it on.
      const device = main.getByRole('region', {
        name: en ? 'Notifications on this device' : 'الإشعارات على هذا الجهاز',
      });
      await device.getByRole('button', { name: en ? 'Turn on notifications' : 'تفعيل الإشعارات' }).waitFor();
    },
  },
];

describe('the account settings page in Chromium', () => {
  modulePagesSuite('account', SETTINGS);
});

const heading = { en: 'Needs your action', ar: 'بحاجة إلى إجراء منك' } as const;
const glanceHeading = { en: 'Your children at a glance', ar: 'أبناؤك في لمحة' } as const;
const glanceParts = {
  en: ['Attendance', 'Next lessons', 'Latest results'],
  ar: ['الحضور', 'الحصص القادمة', 'أحدث النتائج'],
} as const;
/** A lesson's start as the timetable writes it: a twelve-hour clock, in the page's language. */
const lessonTime = { en: /\d{1,2}:\d{2} (am|pm)/, ar: /\d{1,2}:\d{2} (ص|م)/ } as const;
const MOGRA_CHILDREN = ['Omar', 'Layla', 'Yousef'];

/** Home's glance of each child, every part loaded. */
async function childrenGlance(page: Page, look: TLook): Promise<Locator> {
  const section = page.getByRole('region', { name: glanceHeading[look.lng] });
  await expect.poll(() => section.getByRole('article').count()).toBe(MOGRA_CHILDREN.length);
  await expect.poll(() => section.locator('.animate-pulse').count()).toBe(0);
  return section;
}

/** The dashboard with its action list loaded. */
async function actionList(page: Page, look: TLook): Promise<Locator> {
  const section = page.getByRole('region', { name: heading[look.lng] });
  await section.getByRole('list').waitFor();
  return section;
}

describe('Home and the menu in Chromium', () => {
  const suite = mograBrowserSuite('portal-e2e-home-');

  for (const look of LOOKS) {
    it(`puts what needs the parent first, naming each child, axe-clean (${nameOfLook(look)})`, async () => {
      const errors: string[] = [];
      const page = await signedInPage(suite.browser, suite.origin, look, {
        username: 'parent@mogra.demo',
        errors,
        context: { bypassCSP: true },
      });
      const section = await actionList(page, look);
      const items = section.getByRole('listitem');
      expect(await items.count()).toBeGreaterThanOrEqual(5);
      const text = await section.innerText();
      // Child names are the school's, in English in both languages.
      for (const child of ['Omar', 'Layla']) expect(text).toContain(child);
      // Right below the greeting, and on a phone in the first screen.
      const box = await section.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.y).toBeLessThan(VIEWPORT_TOP_LIMIT[look.device]);
      const first = await page.evaluate(() => {
        const main = document.querySelector('main');
        const region = [...(main?.querySelectorAll('section') ?? [])][0];
        return region?.querySelector('h2')?.textContent ?? '';
      });
      expect(first).toContain(heading[look.lng]);
      // Below it, a card per child with the month's attendance, the next lessons and the latest results.
      const glance = await childrenGlance(page, look);
      const glanceBox = await glance.boundingBox();
      expect(glanceBox!.y).toBeGreaterThanOrEqual(box!.y + box!.height);
      const cards = glance.getByRole('article');
      for (const [index, child] of MOGRA_CHILDREN.entries()) {
        const card = await cards.nth(index).innerText();
        expect(card).toContain(child);
        for (const part of glanceParts[look.lng]) expect(card).toContain(part);
        expect(card).toMatch(lessonTime[look.lng]);
      }
      expect(await axeViolations(page)).toEqual([]);
      if (SCREENSHOT_DIR) {
        await page.screenshot({
          path: path.join(SCREENSHOT_DIR, `home-dashboard-${nameOfLook(look)}.png`),
          fullPage: true,
        });
      }
      // An item opens the exact screen to act on.
      const link = items.first().getByRole('link');
      const href = await link.getAttribute('href');
      await link.click();
      await page.waitForURL((url) => href !== null && url.pathname === href.split('?')[0]);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }

  it("opens a module's page on the child whose glance it was chosen from", async () => {
    const errors: string[] = [];
    const look: TLook = { lng: 'en', theme: 'light', device: 'desktop' };
    const page = await signedInPage(suite.browser, suite.origin, look, {
      username: 'parent@mogra.demo',
      errors,
    });
    const glance = await childrenGlance(page, look);
    const layla = glance.getByRole('article', { name: /^Layla/ });
    await layla.getByRole('link', { name: /^Timetable of Layla/ }).click();
    await page.waitForURL((url) => url.pathname === '/timetable');
    await page.getByRole('button', { name: /^Selected child: Layla/ }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Timetable' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('groups the menu and finds a page as the parent types, in English and in Arabic', async () => {
    const errors: string[] = [];
    const look: TLook = { lng: 'en', theme: 'light', device: 'desktop' };
    const page = await signedInPage(suite.browser, suite.origin, look, {
      username: 'parent@mogra.demo',
      errors,
    });
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    for (const group of [
      'Money',
      'Learning',
      'Schedule and attendance',
      'News and messages',
      'Requests',
      'Child and family',
      'Links',
    ]) {
      await nav.getByRole('list', { name: group }).waitFor();
    }
    const search = nav.getByRole('searchbox', { name: 'Find a page' });
    await search.fill('leave');
    expect(await nav.getByRole('link').allInnerTexts()).toEqual(['Leave requests']);
    await search.fill('');
    // Pinning a page puts it first, and the account keeps it.
    await nav.getByRole('button', { name: 'Choose pinned pages' }).click();
    await nav.getByRole('button', { name: 'Pin Trips' }).click();
    await nav.getByRole('button', { name: 'Done choosing' }).click();
    await nav.getByRole('list', { name: 'Pinned' }).getByRole('link', { name: 'Trips' }).waitFor();
    await page.reload();
    await nav.getByRole('list', { name: 'Pinned' }).getByRole('link', { name: 'Trips' }).waitFor();
    // In Arabic, typed without the article or the hamza.
    await page.goto(`${suite.origin}/dashboard?lng=ar`);
    const navAr = page.getByRole('navigation', { name: 'التنقل الرئيسي' });
    await navAr.getByRole('searchbox', { name: 'ابحث عن صفحة' }).fill('اجازه');
    expect(await navAr.getByRole('link').allInnerTexts()).toEqual(['طلبات الإجازة']);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('changes the password: the old one fails, the new one works, another device is signed out', async () => {
    const errors: string[] = [];
    const look: TLook = { lng: 'en', theme: 'light', device: 'desktop' };
    const username = 'family.haddad@mogra.demo';
    const other = await signedInPage(suite.browser, suite.origin, look, { username, errors });
    const page = await signedInPage(suite.browser, suite.origin, look, { username, errors });
    await page.goto(`${suite.origin}/settings`);
    const main = page.getByRole('main');
    await main.getByLabel('Current password').fill('not-the-password');
    await main.getByLabel('New password').fill('A-new-family-password-2026');
    await main.getByRole('button', { name: 'Change password' }).click();
    await main.getByText('This is not your current password.').waitFor();
    await main.getByLabel('Current password').fill('Demo-Parent-2026');
    await main.getByRole('button', { name: 'Change password' }).click();
    await main.getByText('Your password is changed.', { exact: false }).waitFor();
    // The history names this device and the other one, now signed out.
    await page.reload();
    await main.getByText('This device', { exact: true }).waitFor();
    await main.getByText('Signed out').first().waitFor();
    // The other device: its next request is refused and it lands on sign-in.
    await other.goto(`${suite.origin}/trips`);
    await other.waitForURL('**/sign-in**');
    // The old password no longer signs in; the new one does.
    await other.locator('input[autocomplete~="username"]').fill(username);
    await other.locator('input[autocomplete="current-password"]').fill('Demo-Parent-2026');
    await other.locator('button[type="submit"]').first().click();
    await other.getByText('The email or password is not correct.').waitFor();
    await other.locator('input[autocomplete="current-password"]').fill('A-new-family-password-2026');
    await other.locator('button[type="submit"]').first().click();
    // Back where the parent was sent to sign in.
    await other.waitForURL('**/trips');
    await other.getByRole('heading', { level: 1, name: 'Trips' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
    await other.context().close();
  });
});

/** How far down the action list may start: on a phone, inside the first screen with room to read. */
const VIEWPORT_TOP_LIMIT = { phone: 400, desktop: 500 } as const;
