/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { signedInPage, type TLook } from './browser.ts';
import { modulePagesSuite, openModulePage, type TModulePageCheck } from './module-pages.ts';

// The appointments page (docs/modules.md F5) with the demo data of parent@mogra.demo
// (db/seed/demo-appointments.ts): six staff offer slots over the next two school weeks, and a
// meeting with Omar's class teacher is booked.

const showsBooking = async (main: Locator): Promise<void> => {
  await main.getByText('Progress in reading this term').first().waitFor();
};

const PAGES: TModulePageCheck[] = [
  {
    path: '/appointment-list',
    heading: { en: 'Appointments', ar: 'المواعيد' },
    shows: showsBooking,
  },
];

describe('the appointments page in Chromium', () => {
  const suite = modulePagesSuite('appointments', PAGES);
  const phone: TLook = { lng: 'en', theme: 'light', device: 'phone' };

  it('shows a teacher’s free times by week on a phone', async () => {
    const errors: string[] = [];
    const page = await signedInPage(suite.browser, suite.origin, phone, {
      username: 'parent@mogra.demo',
      errors,
    });
    await openModulePage(page, suite.origin, '/appointment-list', 'Appointments');
    const main = page.getByRole('main');
    await main
      .getByRole('button', { name: /Counsellor|School counsellor/ })
      .first()
      .click();
    await main.getByText(/^Week of /).waitFor();
    await main.getByRole('button', { name: 'Next week' }).click();
    await main
      .getByRole('button', { name: /^(Monday|Tuesday|Wednesday|Thursday|Friday) \d+ \w+ at / })
      .first()
      .click();
    await main.getByRole('textbox', { name: /Topic/ }).waitFor();
    expect(errors).toEqual([]);
  });
});
