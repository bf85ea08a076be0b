/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { signedInPage, type TLook } from './browser.ts';
import { modulePagesSuite, openModulePage, type TModulePageCheck } from './module-pages.ts';

// The publications and inbox pages (docs/decisions/021-publications-and-inbox.md) with the demo
// data of parent@mogra.demo: circulars acknowledged, half and pending, news with pictures,
// albums, policies, exam material, class ambassadors, threads with teachers (one unread, one
// in Arabic), the mail archive and the notifications inbox.

/** The page shows this text of the demo (in the look's language). */
const showsText =
  (text: { en: string; ar: string }) =>
  async (main: Locator, look: TLook): Promise<void> => {
    await main.getByText(text[look.lng]).first().waitFor();
  };

const PAGES: TModulePageCheck[] = [
  {
    path: '/circular',
    heading: { en: 'Circulars', ar: 'التعاميم' },
    shows: showsText({
      en: 'Grade 9 trip to the Museum of the Future',
      ar: 'رحلة الصف التاسع إلى متحف المستقبل',
    }),
  },
  {
    path: '/central-repository-circular',
    heading: { en: 'Circular library', ar: 'مكتبة التعاميم' },
    shows: showsText({ en: 'Winter uniform', ar: 'الزي الشتوي' }),
  },
  {
    path: '/school-policies',
    heading: { en: 'School policies', ar: 'سياسات المدرسة' },
    shows: showsText({ en: 'Behaviour and relationships policy', ar: 'سياسة السلوك والعلاقات' }),
  },
  {
    path: '/exam-material-view',
    heading: { en: 'Exam material', ar: 'مواد الامتحانات' },
    shows: showsText({ en: 'Term 1 revision pack', ar: 'ملف مراجعة الفصل الأول' }),
  },
  {
    path: '/news',
    heading: { en: 'News', ar: 'الأخبار' },
    async shows(main, look) {
      await showsText({
        en: 'Sports Day: a record-breaking morning',
        ar: 'اليوم الرياضي: صباح حافل بالأرقام القياسية',
      })(main, look);
      // Pictures come in several widths, each loaded only when it scrolls into view.
      const picture = main.locator('img[srcset]').first();
      expect(await picture.getAttribute('loading')).toBe('lazy');
      expect(await picture.getAttribute('srcset')).toMatch(/ 480w/);
    },
  },
  {
    path: '/gallery',
    heading: { en: 'Gallery', ar: 'معرض الصور' },
    shows: showsText({ en: 'Sports Day 2026', ar: 'اليوم الرياضي 2026' }),
  },
  {
    path: '/ambassador',
    heading: { en: 'Ambassador', ar: 'السفراء' },
    shows: showsText({ en: 'Huda Al Falasi', ar: 'هدى الفلاسي' }),
  },
  {
    path: '/communication',
    heading: { en: 'Messages', ar: 'الرسائل' },
    shows: showsText({ en: 'Fractions homework', ar: 'Fractions homework' }),
  },
  {
    path: '/email',
    heading: { en: 'Email', ar: 'البريد الإلكتروني' },
    shows: showsText({
      en: 'Omar: the term 2 fee is due in 7 days',
      ar: 'Omar: the term 2 fee is due in 7 days',
    }),
  },
  {
    path: '/notification',
    heading: { en: 'Notifications', ar: 'الإشعارات' },
    shows: showsText({
      en: 'Omar: the term 2 fee is due in 7 days',
      ar: 'عمر: رسوم الفصل الثاني مستحقة خلال 7 أيام',
    }),
  },
];

describe('the publications and inbox pages in Chromium', () => {
  const suite = modulePagesSuite('publications', PAGES);
  const desktop: TLook = { lng: 'en', theme: 'light', device: 'desktop' };

  it('acknowledges the overdue fee reminder for all three children at once, and keeps who did it', async () => {
    const errors: string[] = [];
    const page = await signedInPage(suite.browser, suite.origin, desktop, {
      username: 'parent@mogra.demo',
      errors,
    });
    await openModulePage(page, suite.origin, '/circular', 'Circulars');
    const main = page.getByRole('main');
    // The page opens on the header's child; every child's circulars show once that filter is off.
    await main.getByRole('button', { name: /^Only Omar/ }).click();
    const reminder = main.locator('article').filter({ hasText: 'Reminder: Term 2 fees' });
    await reminder.getByRole('button', { name: 'Acknowledge for all' }).click();
    await reminder
      .getByText(/Acknowledged by you on/)
      .nth(2)
      .waitFor();
    expect(await reminder.getByRole('button', { name: /^Acknowledge for/ }).count()).toBe(0);
    // Read again from the server: the first acknowledgement is the one kept.
    await page.reload();
    await main.getByRole('heading', { level: 1, name: 'Circulars' }).waitFor();
    const again = main.locator('article').filter({ hasText: 'Reminder: Term 2 fees' });
    await again
      .getByText(/Acknowledged by you on/)
      .first()
      .waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('writes to Layla’s science teacher about Layla, and reads the unread reply', async () => {
    const errors: string[] = [];
    const page = await signedInPage(suite.browser, suite.origin, desktop, {
      username: 'parent@mogra.demo',
      errors,
    });
    await openModulePage(page, suite.origin, '/communication?enrollNumber=MG1002', 'Messages');
    const main = page.getByRole('main');
    // The unread reply from Ms Haddad is in Layla's list; opening it marks it read.
    await main.getByText('Reading in science lessons').first().click();
    await main.getByText(/Layla did very well in the reading test/).waitFor();
    await page.getByRole('button', { name: 'New message' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('To', { exact: true }).selectOption({ index: 1 });
    await dialog.getByLabel('Subject').fill('Science project');
    const body = 'Could Layla borrow a science book for her project next week?';
    await dialog.getByLabel('Message', { exact: true }).fill(body);
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await main.getByText(body).waitFor();
    expect(await main.getByText('Layla Khalid Al Mansouri').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
