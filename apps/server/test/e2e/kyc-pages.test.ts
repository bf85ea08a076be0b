/// <reference lib="dom" />
import { describe, expect } from 'vitest';
import type { Locator } from 'playwright-core';
import type { TLook } from './browser.ts';
import { modulePagesSuite, type TModulePageCheck } from './module-pages.ts';

// The identity documents page (docs/modules.md F6, module `kyc`) with the demo data of
// parent@mogra.demo: the parent's Emirates ID expiring in 25 days, Omar's passport valid for
// years, Layla's passport waiting for the school; the parent's upload form opens with its fields.

const PAGES: TModulePageCheck[] = [
  {
    path: '/kyc',
    heading: { en: 'Identity documents', ar: 'وثائق الهوية' },
    async shows(main: Locator, look: TLook) {
      const en = look.lng === 'en';
      const you = main.locator('section[data-owner="parent"]');
      await you.getByRole('heading', { level: 2, name: en ? 'You' : 'أنت' }).waitFor();
      await you
        .getByText(en ? 'Expires in 25 days' : 'تنتهي صلاحيتها خلال 25 يومًا')
        .first()
        .waitFor();
      const omar = main.locator('section[data-owner="MG1001"]');
      await omar
        .getByText(en ? 'Valid' : 'سارية', { exact: true })
        .first()
        .waitFor();
      await omar.locator('[data-expiry="valid"]').first().waitFor();
      const layla = main.locator('section[data-owner="MG1002"]');
      await layla
        .getByText(en ? 'Waiting for the school' : 'بانتظار المدرسة')
        .first()
        .waitFor();
      // The upload form: type, number, expiry and file (left open for axe and the screenshot).
      await you.getByRole('button', { name: en ? 'Upload a document' : 'رفع وثيقة' }).click();
      const form = you.getByRole('form');
      await form.getByLabel(en ? 'Expiry date' : 'تاريخ انتهاء الصلاحية').waitFor();
      expect(await form.locator('input[type="file"]').count()).toBe(1);
      expect(await form.locator('select option').count()).toBe(2);
    },
  },
];

describe('the identity documents page in Chromium', () => {
  modulePagesSuite('kyc', PAGES);
});
