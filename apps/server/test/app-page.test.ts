import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_DATA_ELEMENT_ID, type TBootData } from '@portal/contracts/boot-data';
import { schoolBannerTexts } from '../src/db/schema/index.ts';
import { buildTestApp, createTempDir, type TTestApp } from './helper.ts';

// The app's page carries the boot data of the host's school (docs/decisions/032-boot-data.md).

const PAGE = `<!doctype html>
<html lang="en" dir="ltr">
  <head><title>portal</title><script type="module" src="/assets/index.js"></script></head>
  <body><div id="root"></div></body>
</html>`;
const BOOT_SCRIPT = new RegExp(
  `<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">(.*?)</script>`,
  's',
);

function bootDataOf(html: string): TBootData {
  const json = BOOT_SCRIPT.exec(html)?.[1];
  if (!json) throw new Error(`no boot data in ${html}`);
  return JSON.parse(json) as TBootData;
}

describe("the app's page", () => {
  let t: TTestApp;
  const dist = createTempDir('portal-dist-');
  beforeAll(async () => {
    fs.writeFileSync(path.join(dist.dir, 'index.html'), PAGE);
    for (const [language, hello] of [
      ['en', 'Hello'],
      ['ar', 'مرحبا'],
    ]) {
      fs.mkdirSync(path.join(dist.dir, 'locales', language!), { recursive: true });
      fs.writeFileSync(path.join(dist.dir, 'locales', language!, 'common.json'), JSON.stringify({ hello }));
      fs.writeFileSync(path.join(dist.dir, 'locales', language!, 'auth.json'), '{"signIn":"…"}');
      // Not a namespace of the first views: loaded by the module's page itself.
      fs.writeFileSync(path.join(dist.dir, 'locales', language!, 'fees.json'), '{"pay":"…"}');
    }
    t = await buildTestApp({ webDistDir: dist.dir });
  });
  afterAll(async () => {
    await t.close();
    dist.remove();
  });

  const page = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { host: 'mogra.localhost', ...headers } });

  it("holds the host's school's details as its API answers them, on every client route", async () => {
    const details = await t.app.inject({
      method: 'GET',
      url: '/api/v1/oa/public/school-details',
      headers: { 'client-id': 'mogra' },
    });
    for (const url of ['/', '/sign-in', '/dashboard', '/feepayment?child=1']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      const boot = bootDataOf(response.body);
      expect(boot.schoolId, url).toBe('mogra');
      expect(boot.schoolDetails, url).toEqual(details.json());
    }
  });

  it("holds another school's details on that school's host only", async () => {
    const bcad = bootDataOf((await page('/sign-in', { host: 'bcad.localhost:3000' })).body);
    expect(bcad.schoolId).toBe('bcad');
    expect(bcad.schoolDetails?.schoolNameLogo[0]?.school_name).not.toBe(
      bootDataOf((await page('/sign-in')).body).schoolDetails?.schoolNameLogo[0]?.school_name,
    );
    // The test environment's hosts choose their school in the browser; an unknown school has no details.
    expect(bootDataOf((await page('/sign-in', { host: 'localhost:3000' })).body)).toMatchObject({
      schoolId: '',
      schoolDetails: null,
    });
    expect(bootDataOf((await page('/sign-in', { host: 'nosuchschool.localhost' })).body)).toMatchObject({
      schoolId: 'nosuchschool',
      schoolDetails: null,
    });
  });

  it('is in the language of the query, else the language cookie, else Accept-Language', async () => {
    const cases: [Record<string, string>, string, 'en' | 'ar'][] = [
      [{}, '/sign-in', 'en'],
      [{ 'accept-language': 'ar-AE,ar;q=0.9' }, '/sign-in', 'ar'],
      [{ 'accept-language': 'ar', cookie: 'theme=dark; i18next=en' }, '/sign-in', 'en'],
      [{ cookie: 'i18next=ar' }, '/sign-in', 'ar'],
      [{ cookie: 'i18next=ar' }, '/sign-in?lng=en', 'en'],
      [{}, '/sign-in?lng=ar', 'ar'],
      [{ 'accept-language': 'fr' }, '/sign-in?lng=xx', 'en'],
    ];
    for (const [headers, url, language] of cases) {
      const response = await page(url, headers);
      const boot = bootDataOf(response.body);
      expect(boot.language, JSON.stringify(headers) + url).toBe(language);
      expect(response.body).toContain(`<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">`);
      expect(boot.translations[language]?.common).toEqual({ hello: language === 'ar' ? 'مرحبا' : 'Hello' });
      expect(Object.keys(boot.translations[language] ?? {}).sort()).toEqual(['auth', 'common']);
      // The fallback language comes beside any other.
      expect(Object.keys(boot.translations).sort()).toEqual(language === 'ar' ? ['ar', 'en'] : ['en']);
      expect(response.headers.vary).toContain('cookie');
    }
  });

  it('shows a change of the school at once, and answers 304 while nothing changed', async () => {
    const first = await page('/sign-in');
    const again = await page('/sign-in', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const db = t.database.db;
    const where = and(eq(schoolBannerTexts.schoolId, 'mogra'), eq(schoolBannerTexts.position, 1));
    const [before] = await db.select().from(schoolBannerTexts).where(where);
    expect(before).toBeDefined();
    await db.update(schoolBannerTexts).set({ textEn: 'Open day on Saturday' }).where(where);
    await t.app.cacheSettled();
    const changed = await page('/sign-in', { 'if-none-match': String(first.headers.etag) });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(first.headers.etag);
    expect(bootDataOf(changed.body).schoolDetails?.swiperText).toContainEqual(
      expect.objectContaining({ text_en: 'Open day on Saturday' }),
    );
  });

  it("keeps a school's text inside the boot data: it cannot close the script element", async () => {
    const db = t.database.db;
    const where = and(eq(schoolBannerTexts.schoolId, 'mogra'), eq(schoolBannerTexts.position, 1));
    const text = '</script><script>alert(1)</script><!--';
    await db.update(schoolBannerTexts).set({ textAr: text }).where(where);
    await t.app.cacheSettled();
    const response = await page('/sign-in');
    expect(response.body).not.toContain('<script>alert(1)');
    expect(response.body.match(/<\/script>/g)).toHaveLength(2);
    expect(bootDataOf(response.body).schoolDetails?.swiperText).toContainEqual(
      expect.objectContaining({ text_ar: text }),
    );
  });
});
