import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { issuedDocumentNumbers } from '../../src/db/schema/index.ts';
import { createTempDir } from '../helper.ts';
import { startServer } from '../server-process.ts';
import {
  acknowledgedDocNos,
  LOAD_PARENT,
  LOAD_UNTHROTTLED,
  possibleStoredLayoutSeqs,
  signInOverHttp,
  startLoad,
  storedLayoutSeq,
  waitFor,
} from './portal-load.ts';

describe('the embedded database (PGlite) when the server is killed', () => {
  const data = createTempDir('portal-fault-kill-');
  afterAll(() => data.remove());

  it('keeps every acknowledged write across a kill -9 in the middle of writes', async () => {
    const first = await startServer({ DATA_DIR: data.dir, ...LOAD_UNTHROTTLED });
    const token = await signInOverHttp(first.baseUrl);
    const load = startLoad(first.baseUrl, token, { workers: 3 });
    await waitFor(
      () =>
        acknowledgedDocNos(load.outcomes).length >= 40 &&
        possibleStoredLayoutSeqs(load.outcomes).lastAcknowledged >= 10,
      30_000,
      'acknowledged writes',
    );
    const exited = first.stop('SIGKILL');
    expect(await exited).toBeNull(); // killed, not exited
    const outcomes = await load.stop();
    const acknowledged = acknowledgedDocNos(outcomes);
    const layout = possibleStoredLayoutSeqs(outcomes);

    const second = await startServer({ DATA_DIR: data.dir, ...LOAD_UNTHROTTLED });
    let exitCode: number | null = null;
    try {
      expect(second.output()).not.toContain('demo schools seeded now');
      // The session, the layout and the document counter all survived.
      const storedSeq = await storedLayoutSeq(second.baseUrl, token);
      expect(storedSeq).toBeGreaterThanOrEqual(layout.lastAcknowledged);
      expect(storedSeq).toBeLessThanOrEqual(layout.lastTried);
      const next = await fetch(`${second.baseUrl}/api/v1/ppn/fees/doc-no`, {
        method: 'POST',
        headers: {
          'client-id': 'mogra',
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ data: { enrollNumber: LOAD_PARENT.child } }),
      });
      expect(next.status).toBe(200);
      expect(Number(await next.text())).toBeGreaterThan(Math.max(...acknowledged));
    } finally {
      exitCode = await second.stop('SIGTERM');
    }
    expect(exitCode, second.output()).toBe(0);

    // Every acknowledged number is stored, read straight from the data directory.
    const database = await openDatabase({ databaseUrl: undefined, dataDir: data.dir });
    try {
      const rows = await database.db
        .select({ docNo: issuedDocumentNumbers.docNo })
        .from(issuedDocumentNumbers)
        .where(
          and(
            eq(issuedDocumentNumbers.schoolId, 'mogra'),
            eq(issuedDocumentNumbers.parentId, LOAD_PARENT.parentId),
          ),
        );
      const stored = new Set(rows.map((row) => row.docNo));
      expect(acknowledged.filter((docNo) => !stored.has(docNo))).toEqual([]);
    } finally {
      await database.close();
    }
  }, 90_000);
});
