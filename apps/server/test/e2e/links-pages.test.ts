/// <reference lib="dom" />
import { describe, expect } from 'vitest';
import type { Locator } from 'playwright-core';
import type { TLook } from './browser.ts';
import { modulePagesSuite, type TModulePageCheck } from './module-pages.ts';

// The outside-link pages (docs/modules.md F7) and the transport and student ID pages (F6) with the
// demo data of parent@mogra.demo: the school's learning platform, digital library, Facebook and
// Instagram pages; Layla on bus route 3 and Omar on none; Omar's ID card with its QR code.

/** The page shows this text of the demo (in the look's language). */
const showsText =
  (text: { en: string; ar: string }) =>
  async (main: Locator, look: TLook): Promise<void> => {
    await main.getByText(text[look.lng]).first().waitFor();
  };

/** A card whose link opens the destination in a new tab, naming its host. */
const opensOutside = (host: string) => async (main: Locator) => {
  const link = main.getByRole('link', { name: new RegExp(host.replace(/\./g, '\\.')) }).first();
  await link.waitFor();
  expect(await link.getAttribute('target')).toBe('_blank');
  expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
  expect(await main.locator('iframe').count()).toBe(0);
};

const PAGES: TModulePageCheck[] = [
  {
    path: '/moodle',
    heading: { en: 'Moodle', ar: 'مودل' },
    async shows(main, look) {
      await showsText({ en: 'Mogra Moodle', ar: 'منصة مودل لمدرسة موغرا' })(main, look);
      await opensOutside('lms.mogra.example')(main);
    },
  },
  {
    path: '/digital',
    heading: { en: 'Digital learning', ar: 'التعلم الرقمي' },
    async shows(main, look) {
      await showsText({ en: 'Research databases', ar: 'قواعد بيانات البحث' })(main, look);
      expect(await main.locator('a[target="_blank"]').count()).toBe(3);
    },
  },
  {
    path: '/facebook',
    heading: { en: 'Facebook', ar: 'فيسبوك' },
    shows: async (main) => opensOutside('www.facebook.com')(main),
  },
  {
    path: '/instagram',
    heading: { en: 'Instagram', ar: 'إنستغرام' },
    shows: async (main) => opensOutside('www.instagram.com')(main),
  },
  {
    path: '/transport?enrollNumber=MG1002',
    heading: { en: 'Transport', ar: 'النقل' },
    shows: showsText({ en: 'Route 3 — Al Barsha', ar: 'المسار 3 — البرشاء' }),
  },
  {
    path: '/transport?enrollNumber=MG1001',
    heading: { en: 'Transport', ar: 'النقل' },
    shows: showsText({
      en: 'Omar Khalid Al Mansouri does not take the school bus. When the school gives them a route, the bus, the stop and its times appear here.',
      ar: 'لا يستخدم Omar Khalid Al Mansouri حافلة المدرسة. عندما تخصص له المدرسة مسارًا، تظهر هنا الحافلة والمحطة ومواعيدها.',
    }),
  },
  {
    path: '/student-Id',
    heading: { en: 'Student ID', ar: 'بطاقة الطالب' },
    async shows(main, look) {
      await showsText({ en: 'Omar Khalid Al Mansouri', ar: 'Omar Khalid Al Mansouri' })(main, look);
      await main.locator('#student-id-card svg[role="img"] path').waitFor();
    },
  },
];

describe('the outside-link, transport and student ID pages in Chromium', () => {
  modulePagesSuite('links', PAGES);
});
