import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TNews } from '@portal/contracts/families/publications';
import { newsPosts, notifications } from '../../../src/db/schema/index.ts';
import { noticeDueNews } from '../../../src/modules/publications/news-notices.ts';
import { buildTestApp, signIn, type TTestApp } from '../../helper.ts';
import { applyFiles, csvOf, nowText } from './pictures-data.ts';

const DAY_MS = 86_400_000;

// The school's news (docs/modules.md F4): published posts newest first, a page at a time, each
// with its picture in every width; every parent of the school told of a post once, when it is
// first published (docs/notifications.md), never of a draft or of an old post.
describe('news', () => {
  let t: TTestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp();
    headers = {
      'client-id': 'mogra',
      authorization: `Bearer ${await signIn(t.app, 'mogra', 'parent@mogra.demo')}`,
    };
  });
  afterAll(() => t.close());

  const news = async (query = '') => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/ppn/news${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as TNews;
  };
  const noticesOf = (newsId: string) =>
    t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.schoolId, 'mogra'), eq(notifications.dedupeKey, `news:${newsId}`)));
  const post = (sourcedId: string, publishedAt: string) => ({
    sourcedId,
    title_en: `Post ${sourcedId}`,
    title_ar: `خبر ${sourcedId}`,
    summary_en: 'The choir sings at the city library on Saturday.',
    summary_ar: 'تغني جوقة المدرسة في مكتبة المدينة يوم السبت.',
    publishedAt,
  });
  const newsCsv = (...rows: ReturnType<typeof post>[]) => new Map([['news.csv', csvOf('news.csv', rows)]]);

  it('lists the demo news newest first, each with its picture in every width and its text in both languages', async () => {
    const answer = await news();
    expect(answer.items.map((item) => item.id)).toEqual([
      'news-sports-day',
      'news-science-fair',
      'news-robotics',
      'news-library-week',
      'news-national-day',
      'news-parents-evening',
    ]);
    expect(answer.nextCursor).toBeNull();
    const [first] = answer.items;
    expect(first?.title).toBe('Sports Day: a record-breaking morning');
    expect(first?.titleAr).toContain('اليوم الرياضي');
    expect(first?.bodyAr).not.toBe('');
    const widths = first?.picture?.srcSet.split(', ').map((entry) => entry.split(' ')[1]);
    expect(widths).toEqual(['480w', '960w', '1200w']);
    expect(first?.picture).toMatchObject({ width: 1200, height: 800 });
    expect(first?.picture?.src).toMatch(/^\/media\/pictures\/mogra\/[0-9a-f]{32}\/480\.webp$/);
    expect(first?.picture?.alt).toContain('running track');
    expect(first?.picture?.altAr).toContain('مضمار');
    // The picture's address needs no session.
    const picture = await t.app.inject({ method: 'GET', url: first?.picture?.src ?? '' });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
  });

  it('pages with a cursor, and refuses one it did not give (400 V001)', async () => {
    const page1 = await news('?pageSize=5');
    expect(page1.items).toHaveLength(5);
    expect(page1.nextCursor).not.toBeNull();
    const page2 = await news(`?pageSize=5&cursor=${page1.nextCursor}`);
    expect(page2.items.map((item) => item.id)).toEqual(['news-parents-evening']);
    expect(page2.nextCursor).toBeNull();
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/v1/ppn/news?cursor=bm90LWEtY3Vyc29y',
      headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messageId).toBe('V001');
  });

  it('told every parent of mogra of the demo posts of the last two weeks, once, as mailed already', async () => {
    const told = await noticesOf('news-sports-day');
    expect(told.map((notice) => notice.parentId).sort()).toEqual(['MG-P001', 'MG-P002']);
    expect(told[0]).toMatchObject({
      category: 'announcements',
      kind: 'announcements.news',
      enrollNumber: null,
      path: '/news',
      mailState: 'sent',
    });
    expect(told[0]?.titleAr).toContain('أخبار المدرسة');
    expect(await noticesOf('news-parents-evening')).toEqual([]);
  });

  it('tells a post once when it is published, never a draft, and a scheduled one when its time comes', async () => {
    const applied = await applyFiles(
      t.database.db,
      'mogra',
      newsCsv(
        post('news-choir', nowText(-60_000)),
        post('news-draft', ''),
        post('news-later', nowText(DAY_MS)),
        post('news-archive', nowText(-40 * DAY_MS)),
      ),
    );
    expect(applied.problems).toEqual([]);
    const choir = await noticesOf('news-choir');
    expect(choir).toHaveLength(2);
    expect(choir[0]?.mailState).toBe('digest');
    expect(choir[0]?.bodyEn).toContain('city library');
    expect(choir[0]?.bodyAr).toContain('مكتبة المدينة');
    for (const id of ['news-draft', 'news-later', 'news-archive'])
      expect(await noticesOf(id), id).toEqual([]);
    // Not listed before their time either.
    const ids = (await news('?pageSize=50')).items.map((item) => item.id);
    expect(ids[0]).toBe('news-choir');
    expect(ids).not.toContain('news-draft');
    expect(ids).not.toContain('news-later');

    // The same file again tells nothing more.
    await applyFiles(t.database.db, 'mogra', newsCsv(post('news-choir', nowText(-60_000))));
    expect(await noticesOf('news-choir')).toHaveLength(2);

    // The scheduled post's time comes: the job tells it, once.
    await t.database.db
      .update(newsPosts)
      .set({ publishedAt: sql`now() - interval '1 minute'` })
      .where(and(eq(newsPosts.schoolId, 'mogra'), eq(newsPosts.newsId, 'news-later')));
    expect(await noticeDueNews(t.database.db)).toBe(2);
    expect(await noticeDueNews(t.database.db)).toBe(0);
    expect((await noticesOf('news-later')).map((notice) => notice.parentId).sort()).toEqual([
      'MG-P001',
      'MG-P002',
    ]);
  });

  it("refuses another school's session (401), and a school that does not grant news (403 A001)", async () => {
    const bcadToken = await signIn(t.app, 'bcad', 'parent@bcad.demo');
    const foreign = await t.app.inject({
      method: 'GET',
      url: '/api/v1/ppn/news',
      headers: { 'client-id': 'mogra', authorization: `Bearer ${bcadToken}` },
    });
    expect(foreign.statusCode).toBe(401);
    const ungranted = await t.app.inject({
      method: 'GET',
      url: '/api/v1/ppn/news',
      headers: { 'client-id': 'bcad', authorization: `Bearer ${bcadToken}` },
    });
    expect(ungranted.statusCode).toBe(403);
    expect(ungranted.json().messageId).toBe('A001');
  });
});
