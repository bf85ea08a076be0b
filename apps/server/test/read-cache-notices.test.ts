import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TTestApp } from './helper.ts';

/**
 * The tables whose changes name no kept answer (migration 0013 says why each): sessions tell
 * their end by a trigger of their own; the rest no answer reads, or their rows are written with
 * a row that names the same keys.
 */
const UNWATCHED = [
  'audit_log',
  'document_counters',
  'issued_document_numbers',
  'missing_translations',
  'one_time_codes',
  'payment_allocations',
  'payment_events',
  'portal_secrets',
  'report_card_drawings',
  'sensitive_reads',
  'sessions',
  'sign_in_guards',
  'sign_ins',
  'webauthn_challenges',
];

// A new table is watched unless it is added to the list above, with its reason in a migration:
// a table nobody watches would keep answers stale until they expire.
describe('cache notices', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('watches every table for inserts, updates and deletes, but the listed ones', async () => {
    const result = (await t.database.db.execute(sql`
      select c.relname as name, count(tg.tgname)::int as triggers
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      left join pg_trigger tg on tg.tgrelid = c.oid and tg.tgname like 'portal_cache_%'
      where n.nspname = 'public' and c.relkind = 'r'
      group by c.relname order by c.relname`)) as unknown as { rows: { name: string; triggers: number }[] };
    const unwatched = result.rows.filter((row) => row.triggers === 0).map((row) => row.name);
    expect(unwatched).toEqual(UNWATCHED);
    for (const row of result.rows) if (row.triggers > 0) expect(row.triggers, row.name).toBe(3);
    expect(result.rows.length).toBeGreaterThan(80);
  });

  it('tells every instance when a session ends', async () => {
    const result = (await t.database.db.execute(sql`
      select count(*)::int as n from pg_trigger where tgname = 'portal_session_ended'`)) as unknown as {
      rows: { n: number }[];
    };
    expect(result.rows[0]?.n).toBe(1);
  });
});
