import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schools } from '../../../src/db/schema/index.ts';
import {
  appLook,
  contrastWithWhite,
  mainDarkColor,
  PORTAL_COLOR,
} from '../../../src/modules/school/app-icons.ts';
import { shortNameOf } from '../../../src/modules/school/app-manifest.ts';
import { buildTestApp, type TTestApp } from '../../helper.ts';

type TManifest = {
  id: string;
  name: string;
  short_name: string;
  lang: string;
  dir: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The RGBA of one pixel of a PNG. */
async function pixelAt(png: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return [...data.subarray(offset, offset + 4)];
}

describe("each school's installable app", () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const manifest = (host: string, url = '/manifest.webmanifest', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { host, ...headers } });

  it("names the host's school, opens on Home and takes its colour from the logo", async () => {
    const response = await manifest('mogra.localhost:3000');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toContain('accept-language');
    const body = response.json<TManifest>();
    expect(body).toMatchObject({
      id: '/',
      name: 'Mogra Demo School',
      short_name: 'Mogra Demo',
      lang: 'en',
      dir: 'ltr',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      // The shield of apps/server/media/schools/mogra.svg.
      theme_color: '#6d28d9',
      background_color: '#ffffff',
    });
    expect(body.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);

    const bcad = (await manifest('bcad.localhost:3000')).json<TManifest>();
    expect(bcad.name).toBe('Beacon Crest Academy');
    expect(bcad.short_name).toBe('Beacon Crest');
    expect(bcad.theme_color).toBe('#0f766e');
    expect(bcad.icons[0]?.src).not.toBe(body.icons[0]?.src);
  });

  it('serves icons that are PNGs of the sizes the manifest says, kept for a year', async () => {
    const body = (await manifest('mogra.localhost')).json<TManifest>();
    for (const icon of body.icons) {
      expect(icon.src).toMatch(/^\/app-icons\/mogra\/[0-9a-f]{12}\/(any|maskable)-\d+\.png$/);
      const response = await t.app.inject({ method: 'GET', url: icon.src });
      expect(response.statusCode, icon.src).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.rawPayload.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      const meta = await sharp(response.rawPayload).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
      expect(meta.format).toBe('png');
      const corner = await pixelAt(response.rawPayload, 0, 0);
      // A maskable icon fills its square (the platform cuts it); the others keep the logo's shape.
      if (icon.purpose === 'maskable') expect(corner).toEqual([255, 255, 255, 255]);
      else expect(corner[3]).toBe(0);
      // The logo is drawn: the middle of the icon is not the background.
      const middle = Math.floor((meta.width ?? 0) / 2);
      expect(await pixelAt(response.rawPayload, middle, middle)).not.toEqual(corner);
    }
  });

  it('speaks Arabic when asked, by the query or by Accept-Language', async () => {
    const byQuery = (await manifest('mogra.localhost', '/manifest.webmanifest?lng=ar')).json<TManifest>();
    expect(byQuery).toMatchObject({ name: 'مدرسة موغرا التجريبية', lang: 'ar', dir: 'rtl' });
    expect(byQuery.short_name).toBe('مدرسة موغرا');
    const byHeader = (
      await manifest('mogra.localhost', '/manifest.webmanifest', { 'accept-language': 'ar-AE,ar;q=0.9' })
    ).json<TManifest>();
    expect(byHeader.lang).toBe('ar');
    const queryWins = (
      await manifest('mogra.localhost', '/manifest.webmanifest?lng=en', { 'accept-language': 'ar' })
    ).json<TManifest>();
    expect(queryWins.name).toBe('Mogra Demo School');
  });

  it('answers an unchanged manifest with 304', async () => {
    const first = await manifest('bwa.localhost');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await manifest('bwa.localhost', '/manifest.webmanifest', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('reads the school from the host, and from the picker only on the test hosts', async () => {
    const other = await manifest('mogra.localhost', '/manifest.webmanifest?school=bcad');
    expect(other.json<TManifest>().name).toBe('Mogra Demo School');
    const picked = await manifest('127.0.0.1:3000', '/manifest.webmanifest?school=bcd');
    expect(picked.json<TManifest>().name).toBe('Blue Cedar School');
    const onLocalhost = await manifest('localhost', '/manifest.webmanifest?school=bnad');
    expect(onLocalhost.statusCode).toBe(200);
  });

  it('is 404 for a host or picker choice that names no school', async () => {
    for (const [host, url] of [
      ['nowhere.localhost', '/manifest.webmanifest'],
      ['127.0.0.1', '/manifest.webmanifest'],
      ['localhost', '/manifest.webmanifest?school=nowhere'],
      ['localhost', '/manifest.webmanifest?school=..%2Fetc'],
    ] as const) {
      const response = await manifest(host, url);
      expect(response.statusCode, `${host}${url}`).toBe(404);
      expect(response.json()).toMatchObject({ success: false, messageId: 'L000' });
    }
  });

  it('refuses a language it does not speak with 400', async () => {
    const response = await manifest('mogra.localhost', '/manifest.webmanifest?lng=fr');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, messageId: 'V001' });
  });

  it('is 404 for an icon of an unknown school or of a logo the school no longer has, 400 for a name it does not make', async () => {
    const body = (await manifest('mogra.localhost')).json<TManifest>();
    const src = body.icons[0]?.src ?? '';
    const unknown = await t.app.inject({ method: 'GET', url: src.replace('/mogra/', '/nowhere/') });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ messageId: 'L000' });
    const old = await t.app.inject({ method: 'GET', url: src.replace(/\/[0-9a-f]{12}\//, '/000000000000/') });
    expect(old.statusCode).toBe(404);
    expect(old.json()).toMatchObject({ messageId: 'N404' });
    const odd = await t.app.inject({ method: 'GET', url: src.replace(/any-192/, 'any-1024') });
    expect(odd.statusCode).toBe(400);
    expect(odd.json()).toMatchObject({ messageId: 'V001' });
  });

  it("draws the portal's mark for a school whose logo the server does not hold", async () => {
    await t.database.db
      .update(schools)
      .set({ logoUrl: 'https://elsewhere.example/logo.png' })
      .where(eq(schools.schoolId, 'bnad'));
    const body = (await manifest('bnad.localhost')).json<TManifest>();
    expect(body.theme_color).toBe(PORTAL_COLOR);
    const icon = await t.app.inject({ method: 'GET', url: body.icons[1]?.src ?? '' });
    expect(icon.statusCode).toBe(200);
    expect((await sharp(icon.rawPayload).metadata()).width).toBe(512);
  });

  it('lets the browser load the service worker and the manifest from this origin only', async () => {
    const response = await manifest('mogra.localhost');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });
});

describe("the app's look from a logo", () => {
  it('draws a PNG logo as well as an SVG one, and takes its dark colour', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#1d4ed8' } })
      .png()
      .toBuffer();
    const look = await appLook({ kind: 'image', bytes: png }, () => undefined);
    expect(look.themeColor).toBe('#1d4ed8');
    for (const [name, side] of [
      ['any-192.png', 192],
      ['any-512.png', 512],
      ['maskable-512.png', 512],
    ] as const) {
      const meta = await sharp(look.icons[name]).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', side, side]);
    }
  });

  it('falls back to the portal mark when the logo cannot be read', async () => {
    const problems: unknown[] = [];
    const look = await appLook({ kind: 'image', bytes: Buffer.from('not an image') }, (error) =>
      problems.push(error),
    );
    expect(problems).toHaveLength(1);
    expect(look.themeColor).toBe(PORTAL_COLOR);
    expect((await sharp(look.icons['any-192.png']).metadata()).width).toBe(192);
  });

  it('picks the most used colour white text reads on, or none', () => {
    const pixels = (colors: [number, number, number, number][]) => Buffer.from(colors.flat());
    const light: [number, number, number, number] = [237, 233, 254, 255];
    const dark: [number, number, number, number] = [109, 40, 217, 255];
    const clear: [number, number, number, number] = [0, 0, 0, 0];
    expect(mainDarkColor(pixels([light, light, light, dark, dark, clear, clear, clear]), 4)).toBe('#6d28d9');
    expect(mainDarkColor(pixels([light, light, clear]), 4)).toBeNull();
    expect(contrastWithWhite(0x6d, 0x28, 0xd9)).toBeGreaterThan(4.5);
    expect(contrastWithWhite(0xed, 0xe9, 0xfe)).toBeLessThan(4.5);
  });

  it('keeps a short name to the words that fit', () => {
    expect(shortNameOf('Mogra Demo School')).toBe('Mogra Demo');
    expect(shortNameOf('Beacon Crest Academy')).toBe('Beacon Crest');
    expect(shortNameOf('Extraordinarily Long')).toBe('Extraordinarily');
    expect(shortNameOf('BWA')).toBe('BWA');
  });
});
