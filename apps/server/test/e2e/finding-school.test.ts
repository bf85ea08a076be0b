/// <reference lib="dom" />
import path from 'node:path';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_SCHOOLS } from '../../src/db/seed/demo-schools.ts';
import { createSeededDataDir, DEMO_PASSWORD } from '../helper.ts';
import { SIGN_IN_UNTHROTTLED, startServer, type TServerProcess } from '../server-process.ts';
import {
  axeViolations,
  launchChromium,
  LOOKS,
  nameOfLook,
  requireBuiltWebApp,
  SCREENSHOT_DIR,
  STEP_TIME_MS,
  type TLook,
  VIEWPORTS,
} from './browser.ts';

type TLng = TLook['lng'];

const TEXT = {
  en: {
    schoolNotFound: 'School not found',
    chooseSchool: 'Choose your school',
    picker: 'School',
    pageNotFound: 'Page not found',
    noCode: 'No code?',
    help: 'Need help? Contact your school',
    signIn: 'Sign in',
    email: 'Email address',
    enrollNumber: "Your child's enrolment number",
    newPassword: 'Choose a password',
    sendCode: 'Send me a code',
    schoolAddress: "Your school's address",
    goToSchool: 'Go to my school',
    openMenu: 'Open the menu',
    nav: 'Main navigation',
  },
  ar: {
    schoolNotFound: 'لم يتم العثور على المدرسة',
    chooseSchool: 'اختر مدرستك',
    picker: 'المدرسة',
    pageNotFound: 'الصفحة غير موجودة',
    noCode: 'لم يصلك الرمز؟',
    help: 'تحتاج إلى مساعدة؟ تواصل مع مدرستك',
    signIn: 'تسجيل الدخول',
    email: 'البريد الإلكتروني',
    enrollNumber: 'رقم قيد ابنك أو ابنتك',
    newPassword: 'اختر كلمة المرور',
    sendCode: 'أرسل لي رمزًا',
    schoolAddress: 'عنوان مدرستك',
    goToSchool: 'الذهاب إلى مدرستي',
    openMenu: 'فتح القائمة',
    nav: 'التنقل الرئيسي',
  },
} as const;

const bcad = DEMO_SCHOOLS.find((school) => school.schoolId === 'bcad')!;
const nameOf = (schoolId: string, lng: TLng) => {
  const school = DEMO_SCHOOLS.find((each) => each.schoolId === schoolId)!;
  return lng === 'ar' ? school.nameAr : school.nameEn;
};
/** Every school's name in the language, in the directory's order (by id). */
const directoryNames = (lng: TLng) =>
  [...DEMO_SCHOOLS]
    .sort((a, b) => a.schoolId.localeCompare(b.schoolId))
    .map((school) => nameOf(school.schoolId, lng));

describe('finding the school in Chromium', () => {
  const data = createSeededDataDir('portal-e2e-school-');
  const productionData = createSeededDataDir('portal-e2e-school-production-');
  let server: TServerProcess;
  let production: TServerProcess;
  let browser: Browser;
  const origin = (host: string, port = server.port) => `http://${host}:${port}`;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    requireBuiltWebApp();
    [server, production] = await Promise.all([
      startServer({ DATA_DIR: data.dir, ...SIGN_IN_UNTHROTTLED }),
      startServer({
        DATA_DIR: productionData.dir,
        PORTAL_ENV: 'production',
        SEED_DEMO: '1',
        ...SIGN_IN_UNTHROTTLED,
      }),
    ]);
    browser = await launchChromium();
    if (SCREENSHOT_DIR) fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await Promise.all([server?.stop(), production?.stop()]);
    data.remove();
    productionData.remove();
  });

  /** A page in the variant's language, theme and width; JavaScript errors fail the test. */
  async function open(variant: TLook, storage: Record<string, string> = {}): Promise<Page> {
    const context = await browser.newContext({
      viewport: VIEWPORTS[variant.device],
      colorScheme: variant.theme,
      // axe is injected as a script the page's CSP would refuse.
      bypassCSP: true,
    });
    await context.addInitScript(
      (items) => {
        for (const [key, value] of Object.entries(items)) window.localStorage.setItem(key, value);
      },
      { i18nextLng: variant.lng, theme: variant.theme, ...storage },
    );
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIME_MS);
    page.on('pageerror', (error) => pageErrors.push(`${nameOfLook(variant)}: ${error.message}`));
    return page;
  }

  async function settle(page: Page, variant: TLook, name: string): Promise<void> {
    expect(pageErrors).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(variant.lng);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      variant.theme === 'dark',
    );
    // Every image (the logos) has loaded and drawn something.
    await expect
      .poll(() =>
        page.evaluate(() => [...document.images].every((image) => image.complete && image.naturalWidth > 0)),
      )
      .toBe(true);
    const violations = await axeViolations(page);
    expect(violations.map((v) => `${name} ${nameOfLook(variant)} ${v}`)).toEqual([]);
    if (SCREENSHOT_DIR) {
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `${name}-${nameOfLook(variant)}.png`),
        fullPage: true,
      });
    }
  }

  /** The names the list of schools shows, and whether each shows a logo. */
  async function listedSchools(page: Page, listName: string) {
    const list = page.getByRole('list', { name: listName });
    await list.getByRole('listitem').first().waitFor();
    const items = list.getByRole('listitem');
    const names = (await items.allTextContents()).map((text) => text.trim());
    const logos = await list.locator('img').count();
    return { names, logos };
  }

  it('says an unknown school was not found, naming the address, and offers the schools by name and logo', async () => {
    for (const variant of LOOKS) {
      const text = TEXT[variant.lng];
      const page = await open(variant);
      await page.goto(`${origin('nosuchschool.localhost')}/`);
      await page.waitForURL('**/sign-in');
      await page.getByRole('heading', { level: 1, name: text.schoolNotFound }).waitFor();
      expect(await page.getByRole('main').textContent()).toContain(`nosuchschool.localhost:${server.port}`);
      expect(await page.locator('input[type="password"]').count()).toBe(0);
      expect(await page.getByRole('button', { name: text.signIn, exact: true }).count()).toBe(0);
      const { names, logos } = await listedSchools(page, text.chooseSchool);
      expect(names).toEqual(directoryNames(variant.lng));
      expect(logos).toBe(names.length);
      await settle(page, variant, 'unknown-school');

      // A school of the list is that school's own address, at the same page.
      const link = page.getByRole('link', { name: nameOf('bcad', variant.lng) });
      expect(await link.getAttribute('href')).toBe(`${origin('bcad.localhost')}/sign-in`);
      await link.click();
      await page.waitForURL(`${origin('bcad.localhost')}/sign-in`);
      await page.getByRole('button', { name: text.signIn, exact: true }).waitFor();
      await page.context().close();
    }
  }, 240_000);

  it('in production, takes the typed school address to that school instead of listing the schools', async () => {
    for (const variant of LOOKS) {
      const text = TEXT[variant.lng];
      const page = await open(variant);
      await page.goto(`${origin('nosuchschool.localhost', production.port)}/sign-in`);
      await page.getByRole('heading', { level: 1, name: text.schoolNotFound }).waitFor();
      const field = page.getByLabel(text.schoolAddress);
      await field.waitFor();
      expect(await page.getByRole('list', { name: text.chooseSchool }).count()).toBe(0);
      expect(await page.locator('input[type="password"]').count()).toBe(0);
      await settle(page, variant, 'unknown-school-production');

      await field.fill('bcad');
      await page.getByRole('button', { name: text.goToSchool }).click();
      await page.waitForURL(`${origin('bcad.localhost', production.port)}/sign-in`);
      await page.getByRole('button', { name: text.signIn, exact: true }).waitFor();
      await page.context().close();
    }
  }, 240_000);

  it('lets a visitor on plain localhost pick the school by its name and logo', async () => {
    for (const variant of LOOKS) {
      const text = TEXT[variant.lng];
      const page = await open(variant);
      await page.goto(`${origin('localhost')}/sign-in`);
      const picker = page.getByRole('group', { name: text.picker });
      await picker.waitFor();
      const { names, logos } = await listedSchools(page, variant.lng === 'ar' ? 'المدارس' : 'Schools');
      expect(names).toEqual(directoryNames(variant.lng));
      expect(logos).toBe(names.length);
      expect(await picker.textContent()).not.toMatch(/\b(bcad|bcaa|bcd|bnad|bwa|mogra)\b/);
      await settle(page, variant, 'picker');

      await picker.getByRole('button', { name: nameOf('mogra', variant.lng) }).click();
      await picker.getByText(nameOf('mogra', variant.lng)).waitFor();
      expect(await page.evaluate(() => window.localStorage.getItem('client-id'))).toBe('mogra');
      await page.getByRole('button', { name: text.signIn, exact: true }).waitFor();
      await settle(page, variant, 'picker-chosen');
      await page.context().close();
    }
  }, 240_000);

  it('keeps the signed-in shell around a page that does not exist, and the public view for a visitor', async () => {
    for (const variant of LOOKS) {
      const text = TEXT[variant.lng];
      const page = await open(variant);
      await page.goto(`${origin('bcad.localhost')}/no-such-page`);
      await page.getByRole('heading', { level: 1, name: text.pageNotFound }).waitFor();
      await page.getByText(nameOf('bcad', variant.lng)).first().waitFor();
      expect(await page.getByRole('banner').count()).toBe(0);
      await settle(page, variant, 'not-found-visitor');

      await page.goto(`${origin('bcad.localhost')}/sign-in`);
      await page.locator('input[autocomplete~="username"]').fill('parent@bcad.demo');
      await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: text.signIn, exact: true }).click();
      await page.waitForURL('**/dashboard');
      await page.goto(`${origin('bcad.localhost')}/no-such-page`);
      await page.getByRole('heading', { level: 1, name: text.pageNotFound }).waitFor();
      await page.getByRole('banner').waitFor();
      if (variant.device === 'desktop') await page.getByRole('navigation', { name: text.nav }).waitFor();
      else await page.getByRole('button', { name: text.openMenu }).waitFor();
      await settle(page, variant, 'not-found-signed-in');
      await page.context().close();
    }
  }, 240_000);

  it("explains on the register page what to do when no code arrives, with the school office's contact", async () => {
    for (const variant of LOOKS) {
      const text = TEXT[variant.lng];
      const page = await open(variant);
      await page.goto(`${origin('bcad.localhost')}/sign-in`);
      await page.getByText(text.help).click();
      const mail = page.getByRole('link', { name: bcad.contact.email });
      expect(await mail.getAttribute('href')).toBe(`mailto:${bcad.contact.email}`);
      await settle(page, variant, 'sign-in-help');

      await page.goto(`${origin('bcad.localhost')}/register`);
      await page
        .getByLabel(text.email, { exact: true })
        .fill(`not.recorded.${nameOfLook(variant)}@example.com`);
      await page.getByLabel(text.enrollNumber).fill('BC1001');
      await page.getByLabel(text.newPassword, { exact: true }).fill('a long and quiet river');
      await page.getByRole('button', { name: text.sendCode }).click();
      const help = page.getByRole('region', { name: text.noCode });
      await help.waitFor();
      expect(await help.getByRole('link', { name: bcad.contact.phone }).getAttribute('href')).toBe(
        `tel:${bcad.contact.phone.replace(/ /g, '')}`,
      );
      expect(await help.getByRole('link', { name: bcad.contact.email }).getAttribute('href')).toBe(
        `mailto:${bcad.contact.email}`,
      );
      expect(await help.textContent()).toContain(
        variant.lng === 'ar' ? bcad.contact.addressAr : bcad.contact.addressEn,
      );
      await settle(page, variant, 'register-help');
      await page.context().close();
    }
  }, 240_000);
});
