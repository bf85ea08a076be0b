import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TNews } from '@portal/contracts/families/publications';
import { newsPosts, publicationImages } from '../../../src/db/schema/index.ts';
import { pictureIdOf } from '../../../src/modules/publications/picture-check.ts';
import { picturesAsked } from '../../../src/modules/publications/picture-convert.ts';
import { buildTestApp, signIn, type TTestApp } from '../../helper.ts';
import { applyFiles, csvOf, jpegOf, nowText, pngClaiming } from './pictures-data.ts';

// Pictures of news and albums (docs/decisions/021-publications-and-inbox.md): checked by their
// first bytes and pixels when the bundle is read, re-encoded to WebP at their widths when it is
// applied (once per school and content), and served at their addresses without a session.
describe('publication pictures', () => {
  let t: TTestApp;
  let photo: Uint8Array;
  let imageId: string;
  beforeAll(async () => {
    t = await buildTestApp();
    // A camera photo lying on its side: 2400 wide as stored, upright once turned (EXIF 6).
    photo = await jpegOf(2400, 1600, { orientation: 6 });
    imageId = pictureIdOf(photo);
  });
  afterAll(() => t.close());

  const postWith = (sourcedId: string, image: string, publishedAt = nowText(-60_000)) =>
    csvOf('news.csv', [
      {
        sourcedId,
        title_en: 'Our new playground',
        title_ar: 'ملعبنا الجديد',
        image,
        imageAlt_en: 'The new climbing frame',
        imageAlt_ar: 'هيكل التسلق الجديد',
        publishedAt,
      },
    ]);
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('re-encodes a picture to WebP at its widths, upright and without metadata', async () => {
    const applied = await applyFiles(
      t.database.db,
      'mogra',
      new Map<string, string | Uint8Array>([
        ['news.csv', postWith('news-playground', 'pictures/playground.jpg')],
        ['pictures/playground.jpg', photo],
      ]),
    );
    expect(applied.problems).toEqual([]);
    const stored = await t.database.db
      .select({
        width: publicationImages.width,
        height: publicationImages.height,
        type: publicationImages.contentType,
      })
      .from(publicationImages)
      .where(and(eq(publicationImages.schoolId, 'mogra'), eq(publicationImages.imageId, imageId)))
      .orderBy(publicationImages.width);
    // Turned upright, the photo is 1600 wide and 2400 tall: its widest rendition is its own width.
    expect(stored.map((row) => row.width)).toEqual([480, 960, 1600]);
    expect(stored.at(-1)?.height).toBe(2400);
    expect(stored.every((row) => row.type === 'image/webp')).toBe(true);

    const response = await get(`/media/pictures/mogra/${imageId}/960.webp`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toContain('max-age=31536000');
    expect(response.headers['cache-control']).toContain('immutable');
    const served = await sharp(response.rawPayload).metadata();
    expect(served).toMatchObject({ format: 'webp', width: 960, height: 1440 });
    expect(served.exif).toBeUndefined();
    expect(served.orientation).toBeUndefined();
  });

  it('names every width in the post the parent API gives', async () => {
    const token = await signIn(t.app, 'mogra', 'parent@mogra.demo');
    const response = await get('/api/v1/ppn/news?pageSize=50', {
      'client-id': 'mogra',
      authorization: `Bearer ${token}`,
    });
    expect(response.statusCode).toBe(200);
    const post = (response.json() as TNews).items.find((item) => item.id === 'news-playground');
    const base = `/media/pictures/mogra/${imageId}`;
    expect(post?.picture).toEqual({
      src: `${base}/480.webp`,
      srcSet: `${base}/480.webp 480w, ${base}/960.webp 960w, ${base}/1600.webp 1600w`,
      width: 1600,
      height: 2400,
      alt: 'The new climbing frame',
      altAr: 'هيكل التسلق الجديد',
    });
  });

  it('converts nothing when the same picture comes again, under another name or row', async () => {
    const before = picturesAsked();
    const applied = await applyFiles(
      t.database.db,
      'mogra',
      new Map<string, string | Uint8Array>([
        ['news.csv', postWith('news-playground-again', 'elsewhere/same-photo.jpg')],
        ['elsewhere/same-photo.jpg', photo],
      ]),
    );
    expect(applied.problems).toEqual([]);
    expect(picturesAsked()).toBe(before);
    const [post] = await t.database.db
      .select({ imageId: newsPosts.imageId })
      .from(newsPosts)
      .where(and(eq(newsPosts.schoolId, 'mogra'), eq(newsPosts.newsId, 'news-playground-again')));
    expect(post?.imageId).toBe(imageId);
  });

  it('refuses a file that is not a picture, and one of too many pixels, as problems of their rows', async () => {
    const bomb = await pngClaiming(20_000, 20_000);
    const applied = await applyFiles(
      t.database.db,
      'mogra',
      new Map<string, string | Uint8Array>([
        [
          'news.csv',
          csvOf('news.csv', [
            {
              sourcedId: 'news-bad-1',
              title_en: 'Not a picture',
              image: 'notes.jpg',
              publishedAt: nowText(),
            },
            { sourcedId: 'news-bad-2', title_en: 'A bomb', image: 'bomb.png', publishedAt: nowText() },
            { sourcedId: 'news-bad-3', title_en: 'Missing', image: 'missing.webp', publishedAt: nowText() },
            { sourcedId: 'news-bad-4', title_en: 'A PDF', image: 'letter.pdf', publishedAt: nowText() },
          ]),
        ],
        ['notes.jpg', new TextEncoder().encode('these are my notes, not a photo')],
        ['bomb.png', bomb],
        ['letter.pdf', new TextEncoder().encode('%PDF-1.7\n')],
      ]),
    );
    expect(applied.problems.map((problem) => `${problem.row}:${problem.column}`)).toEqual([
      '2:image',
      '3:image',
      '4:image',
      '5:image',
    ]);
    expect(
      applied.problems.every((problem) => problem.messageId === 'I001' && problem.file === 'news.csv'),
    ).toBe(true);
    expect(applied.problems[0]?.message).toContain('not a JPEG, PNG or WebP');
    expect(applied.problems[1]?.message).toContain('20000 × 20000');
    const stored = await t.database.db
      .select()
      .from(newsPosts)
      .where(and(eq(newsPosts.schoolId, 'mogra'), eq(newsPosts.newsId, 'news-bad-1')));
    expect(stored).toEqual([]);
  });

  it('serves only published pictures, of the school in the address, at a stored width', async () => {
    const draftPhoto = await jpegOf(900, 600);
    const draftId = pictureIdOf(draftPhoto);
    const applied = await applyFiles(
      t.database.db,
      'mogra',
      new Map<string, string | Uint8Array>([
        ['news.csv', postWith('news-draft', 'draft.jpg', '')],
        ['draft.jpg', draftPhoto],
      ]),
    );
    expect(applied.problems).toEqual([]);
    const [rendition] = await t.database.db
      .select({ width: publicationImages.width })
      .from(publicationImages)
      .where(and(eq(publicationImages.schoolId, 'mogra'), eq(publicationImages.imageId, draftId)))
      .orderBy(desc(publicationImages.width));
    // Stored (at its own width, 900: never enlarged), but a draft's picture is not served.
    expect(rendition?.width).toBe(900);
    expect((await get(`/media/pictures/mogra/${draftId}/900.webp`)).statusCode).toBe(404);
    for (const url of [
      `/media/pictures/bcad/${imageId}/960.webp`,
      `/media/pictures/mogra/${imageId}/1200.webp`,
      `/media/pictures/mogra/${'0'.repeat(32)}/480.webp`,
      `/media/pictures/mogra/${imageId}/480.png`,
      `/media/pictures/mogra/not-an-id/480.webp`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().messageId, url).toBe('N404');
    }
  });
});
