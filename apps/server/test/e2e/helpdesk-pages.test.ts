/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { signedInPage, type TLook } from './browser.ts';
import { modulePagesSuite, openModulePage, type TModulePageCheck } from './module-pages.ts';

// The help desk and photocopy pages (docs/modules.md F5) with the demo data of parent@mogra.demo:
// a ticket the school resolved with its answer and an open one with the parent's note; a
// bonafide certificate approved and added to the fees, and a report card copy still submitted.

const PAGES: TModulePageCheck[] = [
  {
    path: '/happytohelp',
    heading: { en: 'Help desk', ar: 'مكتب المساعدة' },
    async shows(main: Locator, look: TLook) {
      await main.getByText('Change of bus stop next month').first().waitFor();
      await main
        .getByText(look.lng === 'en' ? 'Resolved' : 'تم الحل')
        .first()
        .waitFor();
      await main
        .getByText(/report card is published now/)
        .first()
        .waitFor();
    },
  },
  {
    path: '/photocopyform',
    heading: { en: 'Photocopy requests', ar: 'طلبات التصوير' },
    async shows(main: Locator, look: TLook) {
      await main
        .getByText(look.lng === 'en' ? 'Added to your fees.' : 'أُضيف إلى رسومك.')
        .first()
        .waitFor();
      await main
        .getByText(look.lng === 'en' ? 'Submitted' : 'مُرسل')
        .first()
        .waitFor();
    },
  },
];

describe('the help desk and photocopy pages in Chromium', () => {
  const suite = modulePagesSuite('helpdesk', PAGES);
  const desktop: TLook = { lng: 'en', theme: 'light', device: 'desktop' };

  it('sends a help request and sees it in the list', async () => {
    const errors: string[] = [];
    const page = await signedInPage(suite.browser, suite.origin, desktop, {
      username: 'parent@mogra.demo',
      errors,
    });
    await openModulePage(page, suite.origin, '/happytohelp', 'Help desk');
    const main = page.getByRole('main');
    const form = main.locator('section').filter({ has: page.getByRole('heading', { name: 'Ask for help' }) });
    await form.getByLabel('Desk').selectOption('fees');
    await form.getByLabel('Subject').fill('Receipt for the second term');
    await form.getByRole('textbox', { name: 'Your message' }).fill('Please send the receipt again.');
    await form.getByRole('button', { name: 'Send' }).click();
    await form.getByText(/Your request was sent\./).waitFor();
    const card = main.locator('article').filter({ hasText: 'Receipt for the second term' });
    await card.getByText('Submitted').first().waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
