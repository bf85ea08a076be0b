import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabase } from '../../src/db/client.ts';
import { recordSisChanges } from '../../src/kits/sis-changes.ts';
import { buildTestApp, type TTestApp } from '../helper.ts';

// The change feed (docs/school-data.md, "The change feed"): what the school approved, read by
// its system with a `sis` key, numbered per school in commit order, never another school's.

describe('the change feed', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const read = (schoolId: string, query: string, key = `demo-sync-${schoolId}`) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/sis/changes${query}`,
      headers: { 'client-id': schoolId, authorization: `Bearer ${key}` },
    });

  const change = (schoolId: string, recordId: string, fields: Record<string, string | null>) =>
    t.database.db.transaction((tx) =>
      recordSisChanges(tx as unknown as TDatabase, {
        schoolId,
        entity: 'parent',
        recordId,
        sourcedId: `sis-${recordId}`,
        fields,
        requestId: null,
      }),
    );

  it('numbers changes per school without gaps, pages them, and never shows another school’s', async () => {
    const before = (await read('mogra', '?since=0&limit=1000')).json() as { next: number };
    // Writers at once: the lock orders them, each takes the numbers after the last commit.
    await Promise.all([
      change('mogra', 'p-1', { phone: '+971 50 111 2222', address: 'Villa 3, Al Barsha' }),
      change('mogra', 'p-2', { phone: null }),
      change('bcad', 'p-9', { phone: '+971 4 000 0000' }),
      change('mogra', 'p-3', { address: 'Flat 12, Deira' }),
    ]);

    const first = await read('mogra', `?since=${before.next}&limit=2`);
    expect(first.statusCode).toBe(200);
    const page = first.json() as { items: { seq: number; id: string }[]; next: number; hasMore: boolean };
    expect(page.items.map((item) => item.seq)).toEqual([before.next + 1, before.next + 2]);
    expect(page).toMatchObject({ next: before.next + 2, hasMore: true });

    const rest = (await read('mogra', `?since=${page.next}`)).json() as typeof page;
    expect(rest.items.map((item) => item.seq)).toEqual([before.next + 3, before.next + 4]);
    expect(rest.hasMore).toBe(false);
    const ids = [...page.items, ...rest.items].map((item) => item.id);
    expect(ids.sort()).toEqual(['p-1', 'p-1', 'p-2', 'p-3']);
    expect(rest.items.concat(page.items)).toContainEqual(
      expect.objectContaining({
        entity: 'parent',
        id: 'p-2',
        sourcedId: 'sis-p-2',
        field: 'phone',
        value: null,
      }),
    );

    const bcad = (await read('bcad', '?since=0&limit=1000')).json() as typeof page;
    expect(bcad.items.map((item) => item.id)).toEqual(['p-9']);
    const empty = (await read('mogra', `?since=${rest.next}`)).json() as typeof page;
    expect(empty).toMatchObject({ items: [], next: rest.next, hasMore: false });
  });

  it('refuses a wrong key, another scope and a bad since', async () => {
    expect((await read('mogra', '', 'demo-sync-bcad')).statusCode).toBe(401);
    const bad = await read('mogra', '?since=-1');
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { messageId: string }).messageId).toBe('V001');
    expect((await read('mogra', '?limit=1001')).statusCode).toBe(400);
    expect((await read('mogra', '?since=abc')).statusCode).toBe(400);
  });
});
