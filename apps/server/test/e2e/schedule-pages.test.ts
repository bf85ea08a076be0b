/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signedInPage, type TLook } from './browser.ts';
import { modulePagesSuite, openModulePage, type TModulePageCheck } from './module-pages.ts';

/** The schedule family's pages (docs/decisions/018-module-families.md), by path. */
const PAGES = ['attendance_month', 'timetable', 'academic-calendar', 'agenda', 'teacher'] as const;
type TPagePath = (typeof PAGES)[number];

/** What the pages say, in each language. */
const WORDS = {
  en: {
    heading: {
      attendance_month: 'Attendance',
      timetable: 'Timetable',
      'academic-calendar': 'Academic calendar',
      agenda: 'Agenda',
      teacher: 'Teachers',
    },
    legend: ['Present', 'Absent', 'Late', 'Excused', 'Holiday', 'Weekend', 'Not recorded'],
    feed: 'Your personal calendar address',
  },
  ar: {
    heading: {
      attendance_month: 'الحضور',
      timetable: 'الجدول الدراسي',
      'academic-calendar': 'التقويم الأكاديمي',
      agenda: 'الأجندة',
      teacher: 'المعلمون',
    },
    legend: ['حاضر', 'غائب', 'متأخر', 'غياب بعذر', 'عطلة', 'نهاية الأسبوع', 'غير مسجَّل'],
    feed: 'عنوان تقويمك الشخصي',
  },
} as const;

/** What each page shows of the demo data. */
const SHOWS: Record<TPagePath, TModulePageCheck['shows']> = {
  async attendance_month(main, look) {
    expect(await main.getByRole('grid').getByRole('gridcell').count()).toBeGreaterThanOrEqual(28);
    expect((await main.getByRole('listitem').allTextContents()).slice(0, 7)).toEqual(WORDS[look.lng].legend);
  },
  async timetable(main) {
    // A lesson shows in the week (on a phone, in the day shown or another day of it).
    expect(await main.locator('table td li').count()).toBeGreaterThan(0);
  },
  async 'academic-calendar'(main, look) {
    expect(await main.getByRole('grid').getByRole('gridcell').count()).toBeGreaterThanOrEqual(28);
    expect(await main.getByRole('textbox', { name: WORDS[look.lng].feed }).inputValue()).toMatch(
      /^http:\/\/mogra\.localhost:\d+\/ical\/mogra\/[\w-]+\.ics$/,
    );
  },
  async agenda(main) {
    expect(await main.getByRole('checkbox').count()).toBeGreaterThan(0);
  },
  async teacher(main) {
    expect(
      await main
        .getByRole('listitem')
        .filter({ has: main.page().getByRole('heading') })
        .count(),
    ).toBeGreaterThan(0);
    expect(await main.locator('a[href^="mailto:"]').count()).toBeGreaterThan(0);
  },
};

describe('the schedule pages in Chromium', () => {
  const suite = modulePagesSuite(
    'schedule',
    PAGES.map((pagePath) => ({
      path: `/${pagePath}`,
      heading: { en: WORDS.en.heading[pagePath], ar: WORDS.ar.heading[pagePath] },
      shows: SHOWS[pagePath],
    })),
  );
  const pageErrors: string[] = [];

  /** The demo parent of three signed in, in the look's language, theme and width. */
  function signedIn(look: TLook): Promise<Page> {
    return signedInPage(suite.browser, suite.origin, look, {
      username: 'parent@mogra.demo',
      errors: pageErrors,
      // axe is injected as a script the page's CSP would refuse.
      context: { bypassCSP: true },
    });
  }

  /** Opens a page in the look's language and waits until its answers are in. */
  const openPage = (page: Page, pagePath: TPagePath, look: TLook) =>
    openModulePage(page, suite.origin, `/${pagePath}`, WORDS[look.lng].heading[pagePath]);

  const desktop: TLook = { lng: 'en', theme: 'light', device: 'desktop' };

  it('offers to explain an unexplained absence, with an e-mail naming the child and the day', async () => {
    const page = await signedIn(desktop);
    await openPage(page, 'attendance_month', desktop);
    const child = (await page.locator('main header bdi').innerText()).trim();
    const toExplain = page.getByRole('region', { name: 'Absences to explain' });
    // The demo term holds one: look back month by month.
    for (let back = 0; back < 6 && (await toExplain.count()) === 0; back += 1) {
      await page.getByRole('button', { name: 'Previous month' }).click();
      await page.waitForFunction(() => document.querySelector('main [aria-busy="true"]') === null);
    }
    const explain = toExplain.getByRole('button').first();
    // "Wednesday 4 November": the subject names the day with its year ("Wednesday, 4 November 2026").
    const day = (await toExplain.locator('time').first().innerText()).trim().split(/\s+/).slice(1).join(' ');
    await explain.click();
    const dialog = page.getByRole('dialog', { name: 'Explain an absence' });
    await dialog.waitFor();
    const mail = await dialog.locator('a[href^="mailto:"]').getAttribute('href');
    const subject = decodeURIComponent(new URL(mail ?? '').searchParams.get('subject') ?? '');
    expect(subject).toContain(child);
    expect(subject).toContain(day);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.context().close();
  });

  it('keeps an agenda item ticked done over a reload, and unticked again', async () => {
    const page = await signedIn(desktop);
    await openPage(page, 'agenda', desktop);
    const box = page.getByRole('main').getByRole('checkbox').first();
    const name = (await box.getAttribute('aria-labelledby')) ?? '';
    expect(name).not.toBe('');
    const before = await box.isChecked();
    // The tick is saved when the server has answered the PUT, not when the box shows it.
    const saved = () =>
      page.waitForResponse(
        (answer) => answer.request().method() === 'PUT' && answer.url().includes('/agenda/'),
      );
    const firstBox = () => page.getByRole('main').getByRole('checkbox').first();
    // Ticked as a keyboard user does: the box itself is visually hidden behind its styled label.
    const toggle = async () => {
      await firstBox().focus();
      await page.keyboard.press('Space');
    };
    const savedOnce = saved();
    await toggle();
    expect((await savedOnce).status()).toBe(200);
    await page.reload();
    await openPage(page, 'agenda', desktop);
    await expect.poll(() => firstBox().isChecked(), { timeout: 10_000 }).toBe(!before);
    const savedTwice = saved();
    await toggle();
    expect((await savedTwice).status()).toBe(200);
    await page.reload();
    await openPage(page, 'agenda', desktop);
    await expect.poll(() => firstBox().isChecked(), { timeout: 10_000 }).toBe(before);
    await page.context().close();
  });

  it('makes a new calendar address after a confirmation; the old one stops answering', async () => {
    const page = await signedIn(desktop);
    await openPage(page, 'academic-calendar', desktop);
    const address = page.getByRole('textbox', { name: WORDS.en.feed });
    const old = await address.inputValue();
    // The feed as a calendar app fetches it: no header, the address alone.
    const feed = await fetch(`${suite.server.baseUrl}${new URL(old).pathname}`);
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain('BEGIN:VCALENDAR');

    await page.getByRole('button', { name: 'Make a new address' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make a new address?' });
    await dialog.getByRole('button', { name: 'Make a new address' }).click();
    await expect.poll(() => address.inputValue()).not.toBe(old);
    await page.getByText('A new address is ready.', { exact: false }).waitFor();
    const stale = await fetch(`${suite.server.baseUrl}${new URL(old).pathname}`);
    expect(stale.status).toBe(404);
    await page.context().close();
  });
});
