import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type TDatabaseHandle } from '../src/db/client.ts';
import { MAX_NAMED_TEXTS, statementNames } from '../src/db/named-statements.ts';
import { createPostgresDatabase } from './helper.ts';
import { rowsOf } from './modules/school-data/bundles.ts';

// The statements the portal runs again are kept parsed and planned by each PostgreSQL
// connection (docs/decisions/031-named-statements.md). PostgreSQL only: PGlite has no pool.
describe('named statements', () => {
  it('names a text from its second run, keeps its name, and names no more texts than the bound', () => {
    const nameOf = statementNames();
    expect(nameOf('select $1')).toBeNull();
    const name = nameOf('select $1');
    expect(name).toMatch(/^portal_/);
    expect(nameOf('select $1')).toBe(name);
    nameOf('select $1, $2');
    expect(nameOf('select $1, $2')).not.toBe(name);
    for (let i = 0; i < MAX_NAMED_TEXTS; i++) nameOf(`select ${i}, $1`);
    nameOf('select $1, $2, $3');
    expect(nameOf('select $1, $2, $3')).toBeNull();
    expect(nameOf('select $1')).toBe(name);
  });

  describe('on a PostgreSQL connection', () => {
    let database: TDatabaseHandle;
    let drop: () => Promise<void>;
    const prepared = () =>
      rowsOf<{ name: string; statement: string }>(
        database,
        sql.raw('select name, statement from pg_prepared_statements'),
      );

    beforeAll(async () => {
      const created = await createPostgresDatabase();
      drop = created.drop;
      database = await openDatabase({ databaseUrl: created.url, dataDir: '' });
    });
    afterAll(async () => {
      await database.close();
      await drop();
    });

    it('prepares a parameterized text run again, once per connection, and answers each run with its own values', async () => {
      const sums = [];
      for (const n of [1, 2, 3]) {
        const [row] = await rowsOf<{ sum: number }>(database, sql`select ${n}::int + 40 as sum`);
        sums.push(row?.sum);
      }
      expect(sums).toEqual([41, 42, 43]);
      await database.db.execute(sql`select ${'once'}::text as word`);
      // One connection at a time here: the pool hands back the one it was given last.
      const statements = await prepared();
      expect(statements.filter((row) => row.statement.includes('+ 40 as sum'))).toEqual([
        { name: expect.stringMatching(/^portal_/), statement: 'select $1::int + 40 as sum' },
      ]);
      expect(statements.some((row) => row.statement.includes('as word'))).toBe(false);
    });

    it('keeps a statement prepared in a transaction that was rolled back, and a failed run harms no later one', async () => {
      const run = (n: number) => rowsOf<{ twice: number }>(database, sql`select ${n}::int * 2 as twice`);
      await run(1);
      await expect(
        database.db.transaction(async (tx) => {
          await tx.execute(sql`select ${2}::int * 2 as twice`);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      await expect(database.db.execute(sql`select ${'x'}::int * 2 as twice`)).rejects.toThrow();
      expect(await run(21)).toEqual([{ twice: 42 }]);
    });
  });
});
