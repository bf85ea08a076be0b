import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOutsideLinkAnswer } from '@portal/contracts/families/links';
import { outsideLinks, schools } from '../../../src/db/schema/index.ts';
import { headerOf } from '../../../src/kits/bundle-file.ts';
import { linksFile } from '../../../src/modules/links/import.ts';
import { readBundle } from '../../../src/modules/school-data/bundle-reader.ts';
import { csvText, manifestText } from '../../../src/modules/school-data/csv-text.ts';
import { BUNDLE_FILES } from '../../../src/modules/school-data/files.ts';
import { importBundle } from '../../../src/modules/school-data/import-bundle.ts';
import { schoolToday } from '../../../src/access/school.ts';
import { buildTestApp, signIn, type TTestApp } from '../../helper.ts';

// Outside links (docs/modules.md F7; docs/school-data.md, links.csv): each module's destinations
// with their hosts, behind its own grant; an https address only (another is refused at
// import, I001); none: `url` null for the page's empty state.
describe('outside links', () => {
  let t: TTestApp;
  let mogra: Record<string, string>;
  let bwa: Record<string, string>;
  let bcd: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp();
    const bearer = async (schoolId: string, username: string) => ({
      'client-id': schoolId,
      authorization: `Bearer ${await signIn(t.app, schoolId, username)}`,
    });
    mogra = await bearer('mogra', 'parent@mogra.demo');
    bwa = await bearer('bwa', 'parent@bwa.demo');
    bcd = await bearer('bcd', 'parent@bcd.demo');
  });
  afterAll(() => t.close());

  const get = (module: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/api/v1/ppn/links/${module}`, headers });
  const linkOf = async (module: string, headers = mogra) => {
    const response = await get(module, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as TOutsideLinkAnswer;
  };
  const importLinks = async (rows: Record<string, string | number>[], mode: 'bulk' | 'delta' = 'delta') => {
    const files = new Map([['links.csv', csvText(headerOf(linksFile), rows)]]);
    const manifest = manifestText('1.2', { 'links.csv': mode });
    const bundle = readBundle(new Map([['manifest.csv', manifest], ...files]), BUNDLE_FILES);
    return importBundle(t.database.db, bundle, {
      schoolId: 'mogra',
      keyId: null,
      bytes: new Uint8Array(),
      dryRun: false,
      today: schoolToday('Asia/Dubai'),
    });
  };

  it("answers each module's destination with its host; the digital library lists several", async () => {
    const moodle = await linkOf('moodle');
    expect(moodle).toMatchObject({
      success: true,
      url: 'https://lms.mogra.example/login/index.php',
      host: 'lms.mogra.example',
      label: 'Mogra Moodle',
    });
    expect(moodle.labelAr).not.toBe('');
    const digital = await linkOf('digital');
    expect(digital.items.map((item) => item.host)).toEqual([
      'library.mogra.example',
      'reading.mogra.example',
      'research.mogra.example',
    ]);
    expect(digital.url).toBe(digital.items[0]?.url);
    expect((await linkOf('facebook')).host).toBe('www.facebook.com');
    expect((await linkOf('instagram')).host).toBe('www.instagram.com');
  });

  it('answers url null when the school has no link (the empty state)', async () => {
    // bwa grants Facebook but has given no page.
    expect(await linkOf('facebook', bwa)).toMatchObject({ url: null, host: null, items: [] });
  });

  it('falls back on the school’s lic_lms_url for moodle, and serves no address that is not https', async () => {
    await t.database.db
      .update(outsideLinks)
      .set({ removedAt: new Date() })
      .where(and(eq(outsideLinks.schoolId, 'mogra'), eq(outsideLinks.moduleKey, 'moodle')));
    expect(await linkOf('moodle')).toMatchObject({
      url: 'https://mogra.example/lms',
      host: 'mogra.example',
      label: 'Moodle',
    });
    await t.database.db
      .update(schools)
      .set({ licLmsUrl: 'http://mogra.example/lms' })
      .where(eq(schools.schoolId, 'mogra'));
    expect(await linkOf('moodle')).toMatchObject({ url: null, items: [] });
    await t.database.db
      .update(schools)
      .set({ licLmsUrl: 'https://mogra.example/lms' })
      .where(eq(schools.schoolId, 'mogra'));
  });

  it('refuses a link that is not https at import (I001), and applies nothing', async () => {
    const report = await importLinks([
      { sourcedId: 'link-new', module_key: 'digital', url: 'https://ok.mogra.example/', label_en: 'Fine' },
      {
        sourcedId: 'link-plain',
        module_key: 'digital',
        url: 'http://plain.mogra.example/',
        label_en: 'Plain',
      },
      { sourcedId: 'link-script', module_key: 'facebook', url: 'javascript:alert(1)', label_en: 'Bad' },
      { sourcedId: 'link-module', module_key: 'tiktok', url: 'https://x.example/', label_en: 'Other' },
    ]);
    expect(report.applied).toBe(false);
    expect(report.errors.map((error) => [error.row, error.column, error.messageId])).toEqual([
      [3, 'url', 'I001'],
      [4, 'url', 'I001'],
      [5, 'module_key', 'I001'],
    ]);
    expect((await linkOf('digital')).items.map((item) => item.host)).not.toContain('ok.mogra.example');
  });

  it('takes a new resource and removes what a bulk file no longer lists', async () => {
    const report = await importLinks(
      [
        {
          sourcedId: 'link-library',
          module_key: 'digital',
          url: 'https://library.mogra.example/',
          label_en: 'Library',
          position: 1,
        },
        {
          sourcedId: 'link-atlas',
          module_key: 'digital',
          url: 'https://atlas.mogra.example/',
          label_en: 'Atlas',
          label_ar: 'أطلس',
          position: 0,
        },
      ],
      'bulk',
    );
    expect(report.errors).toEqual([]);
    expect((await linkOf('digital')).items.map((item) => [item.label, item.host])).toEqual([
      ['Atlas', 'atlas.mogra.example'],
      ['Library', 'library.mogra.example'],
    ]);
    expect((await linkOf('instagram')).url).toBeNull();
  });

  it('refuses a school that does not grant the module (403 A001), and a request without a session (401)', async () => {
    const ungranted = await get('instagram', bwa);
    expect(ungranted.statusCode).toBe(403);
    expect(ungranted.json().messageId).toBe('A001');
    expect((await get('moodle', bcd)).json().messageId).toBe('A001');
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/v1/ppn/links/moodle',
      headers: { 'client-id': 'mogra' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
