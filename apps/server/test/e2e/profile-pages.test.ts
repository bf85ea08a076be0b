/// <reference lib="dom" />
import { describe } from 'vitest';
import type { Locator } from 'playwright-core';
import type { TLook } from './browser.ts';
import { modulePagesSuite, type TModulePageCheck } from './module-pages.ts';

// The parent's and the children's record pages (docs/modules.md F6) with the demo data of
// parent@mogra.demo: Sara's record with her new mobile number waiting and her address change
// approved; Omar's record in the standard set with a refused change; Layla's in the South Asian
// set with her name in Arabic script, her national id masked and an emergency number waiting.

/** The page shows this text of the demo (in the look's language). */
const showsText =
  (...texts: { en: string; ar: string }[]) =>
  async (main: Locator, look: TLook): Promise<void> => {
    for (const text of texts) await main.getByText(text[look.lng]).first().waitFor();
  };

const PAGES: TModulePageCheck[] = [
  {
    path: '/parent-profile',
    heading: { en: 'My profile', ar: 'ملفي الشخصي' },
    shows: showsText(
      { en: 'parent@mogra.demo', ar: 'parent@mogra.demo' },
      { en: 'One change is waiting for the school to approve it.', ar: 'تغيير واحد بانتظار موافقة المدرسة.' },
      { en: 'Villa 14, Street 7, Al Barsha 2', ar: 'Villa 14, Street 7, Al Barsha 2' },
    ),
  },
  {
    path: '/student-profile?enrollNumber=MG1001',
    heading: { en: 'Student profile', ar: 'ملف الطالب' },
    shows: showsText(
      { en: 'Emergency contact', ar: 'جهة الاتصال في الطوارئ' },
      {
        en: 'Please send the laboratory report to the school clinic first.',
        ar: 'Please send the laboratory report to the school clinic first.',
      },
    ),
  },
  {
    path: '/student-profile-asian?enrollNumber=MG1002',
    heading: { en: 'Student profile (Asian curriculum)', ar: 'ملف الطالب (المنهج الآسيوي)' },
    shows: showsText(
      { en: 'ليلى خالد المنصوري', ar: 'ليلى خالد المنصوري' },
      { en: '••••••••45-6', ar: '••••••••45-6' },
      { en: 'Waiting for the school:', ar: 'بانتظار المدرسة:' },
    ),
  },
];

describe('the parent and student profile pages in Chromium', () => {
  modulePagesSuite('profile', PAGES);
});
