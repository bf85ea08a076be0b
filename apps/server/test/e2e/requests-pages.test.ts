/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { signedInPage, type TLook } from './browser.ts';
import { modulePagesSuite, openModulePage, type TModulePageCheck } from './module-pages.ts';

// The leave page and the requests hub (docs/modules.md F5) with the demo data of parent@mogra.demo:
// leave requests in every state (Omar's travel approved, a wedding in review, one for Layla
// submitted, one for Yousef rejected, one cancelled), and the hub grouping every kind of the
// family's requests by state, ten at a time.

const PAGES: TModulePageCheck[] = [
  {
    path: '/student-leave',
    heading: { en: 'Leave requests', ar: 'طلبات الإجازة' },
    async shows(main: Locator, look: TLook) {
      await main.getByText('Family wedding in Amman').first().waitFor();
      await main
        .getByText(look.lng === 'en' ? 'In review' : 'قيد المراجعة')
        .first()
        .waitFor();
      await main
        .getByText(look.lng === 'en' ? 'Rejected' : 'مرفوض')
        .first()
        .waitFor();
    },
  },
  {
    path: '/view-requisition',
    heading: { en: 'Requests', ar: 'الطلبات' },
    async shows(main: Locator, look: TLook) {
      await main
        .getByRole('heading', { name: look.lng === 'en' ? 'Waiting on the school' : 'بانتظار المدرسة' })
        .waitFor();
      await main.getByRole('heading', { name: look.lng === 'en' ? 'Decided' : 'تم البت فيها' }).waitFor();
      // The newest first (every kind of the family's requests); the oldest leave is further on.
      await main.getByText('Visiting her grandmother in Al Ain').first().waitFor();
      await main.getByRole('button', { name: look.lng === 'en' ? 'Show more' : 'عرض المزيد' }).click();
      await main.getByText('Family travel to Muscat for a wedding').first().waitFor();
    },
  },
];

describe('the leave and requests pages in Chromium', () => {
  const suite = modulePagesSuite('requests', PAGES);
  const desktop: TLook = { lng: 'en', theme: 'light', device: 'desktop' };

  it('asks for leave for two children in one request, sees it in the hub, then cancels it', async () => {
    const errors: string[] = [];
    const page = await signedInPage(suite.browser, suite.origin, desktop, {
      username: 'parent@mogra.demo',
      errors,
    });
    await openModulePage(page, suite.origin, '/student-leave', 'Leave requests');
    const main = page.getByRole('main');
    const form = main
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Ask for leave' }) });
    await form.getByRole('checkbox', { name: /^Layla/ }).check();
    await form.getByRole('checkbox', { name: /^Yousef/ }).check();
    // The earliest day the form takes (90 days back): the demo's standing leaves lie between the
    // last weeks and about 13 school days ahead, which may be the latest day the form takes.
    const earliest = (await form.getByLabel('First day').getAttribute('min')) ?? '';
    await form.getByLabel('First day').fill(earliest);
    await form.getByLabel('Last day').fill(earliest);
    await form.getByLabel('Reason').fill('Our cousin’s graduation in Sharjah');
    await form.getByRole('button', { name: 'Send request' }).click();
    await form.getByText(/Your request was sent\./).waitFor();
    const card = main.locator('article').filter({ hasText: 'Our cousin’s graduation in Sharjah' });
    await card.getByText('Submitted').first().waitFor();
    expect(await card.getByText(/^Layla/).count()).toBe(1);
    expect(await card.getByText(/^Yousef/).count()).toBe(1);

    await openModulePage(page, suite.origin, '/view-requisition', 'Requests');
    const inHub = main.locator('article').filter({ hasText: 'Our cousin’s graduation in Sharjah' });
    await inHub.getByRole('button', { name: 'Cancel request' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, cancel it' }).click();
    await inHub.getByText('Cancelled').first().waitFor();
    expect(await inHub.getByRole('button', { name: 'Cancel request' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
