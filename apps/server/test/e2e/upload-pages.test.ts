/// <reference lib="dom" />
import { describe } from 'vitest';
import type { Locator } from 'playwright-core';
import type { TLook } from './browser.ts';
import { modulePagesSuite, type TModulePageCheck } from './module-pages.ts';

// The uploads page (docs/modules.md F5, module `uploads`) with the demo data of parent@mogra.demo:
// a passport copy still wanted for Layla, Omar's vaccination record under review and Yousef's
// photo accepted.

const PAGES: TModulePageCheck[] = [
  {
    path: '/upload',
    heading: { en: 'Uploads', ar: 'الملفات المرفوعة' },
    async shows(main: Locator, look: TLook) {
      const en = look.lng === 'en';
      await main.getByRole('heading', { name: en ? 'Passport copy' : 'نسخة من جواز السفر' }).waitFor();
      await main
        .getByText(en ? 'Waiting for you' : 'بانتظارك')
        .first()
        .waitFor();
      await main.getByText('omar-vaccination-card.pdf').first().waitFor();
      await main
        .getByText(en ? 'Accepted' : 'مقبول')
        .first()
        .waitFor();
    },
  },
];

describe('the uploads page in Chromium', () => {
  modulePagesSuite('upload', PAGES);
});
