import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { isDatabaseUnavailable } from '../../src/db/unavailable.ts';
import { createTempDir } from '../helper.ts';
import { startServer, type TServerProcess } from '../server-process.ts';
import { createPostgresCluster, findPostgresBinDir, type TPostgresCluster } from './postgres-cluster.ts';
import {
  acknowledgedDocNos,
  LOAD_PARENT,
  LOAD_UNTHROTTLED,
  possibleStoredLayoutSeqs,
  signInOverHttp,
  startLoad,
  storedLayoutSeq,
  waitFor,
  type TOutcome,
} from './portal-load.ts';

// Needs PostgreSQL's server programs for a cluster of its own (the machine's shared server is
// never stopped). Without them it runs only to fail, with the reason, under REQUIRE_POSTGRES=1.
const mustRun = Boolean(findPostgresBinDir()) || process.env.REQUIRE_POSTGRES === '1';

const successes = (outcomes: TOutcome[], after = 0) =>
  outcomes.filter((o) => o.status === 200 && o.startedAt >= after).length;

async function createDatabase(cluster: TPostgresCluster, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: cluster.adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
}

async function issuedDocNos(url: string): Promise<Set<number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const result = await client.query<{ doc_no: string }>(
    `select doc_no from issued_document_numbers where school_id = 'mogra' and series = 'payment' and parent_id = $1`,
    [LOAD_PARENT.parentId],
  );
  await client.end();
  return new Set(result.rows.map((row) => Number(row.doc_no)));
}

describe.runIf(mustRun)('PostgreSQL restarted under load', () => {
  let cluster: TPostgresCluster;
  const data = createTempDir('portal-fault-pg-');
  beforeAll(async () => {
    cluster = await createPostgresCluster();
  });
  afterAll(async () => {
    await cluster?.remove();
    data.remove();
  });

  it('answers 503 with Retry-After while the database is gone, recovers by itself, and loses no acknowledged write', async () => {
    await createDatabase(cluster, 'portal');
    const url = cluster.urlOf('portal');
    const server: TServerProcess = await startServer({
      DATABASE_URL: url,
      DATA_DIR: data.dir,
      ...LOAD_UNTHROTTLED,
    });
    let exitCode: number | null = null;
    try {
      const token = await signInOverHttp(server.baseUrl);
      const load = startLoad(server.baseUrl, token);

      await waitFor(() => successes(load.outcomes) >= 30, 30_000, 'answers before the outage');
      await cluster.stop('immediate');
      const downSince = Date.now();
      await waitFor(
        () => load.outcomes.filter((o) => o.startedAt >= downSince && o.status === 503).length >= 30,
        30_000,
        '503 answers while down',
      );
      const health = await fetch(`${server.baseUrl}/api/health`);
      expect(health.status).toBe(503);
      const downUntil = Date.now();

      await cluster.start();
      const upSince = Date.now();
      await waitFor(() => successes(load.outcomes, upSince) >= 30, 30_000, 'answers after the restart');
      const outcomes = await load.stop();

      // Every request got an answer: 200, or 503 with a message id and Retry-After. Never a 500.
      const failures = outcomes.filter((o) => o.status !== 200);
      expect(outcomes.filter((o) => o.status !== 200 && o.status !== 503)).toEqual([]);
      for (const failure of failures) {
        expect(failure.messageId).toBe('S503');
        expect(Number(failure.retryAfter)).toBeGreaterThan(0);
      }
      // While the database was gone, no write was acknowledged and the answers were 503s.
      const whileDown = outcomes.filter((o) => o.startedAt >= downSince && o.endedAt <= downUntil);
      expect(whileDown.filter((o) => o.status === 503).length).toBeGreaterThanOrEqual(30);
      expect(whileDown.filter((o) => o.kind !== 'read' && o.status !== 503)).toEqual([]);
      expect(server.child.exitCode).toBeNull();

      // Every acknowledged document number is stored; the stored layout is the last acknowledged one.
      const acknowledged = acknowledgedDocNos(outcomes);
      expect(new Set(acknowledged).size).toBe(acknowledged.length);
      const stored = await issuedDocNos(url);
      expect(acknowledged.filter((docNo) => !stored.has(docNo))).toEqual([]);
      const layout = possibleStoredLayoutSeqs(outcomes);
      const storedSeq = await storedLayoutSeq(server.baseUrl, token);
      expect(storedSeq).toBeGreaterThanOrEqual(layout.lastAcknowledged);
      expect(storedSeq).toBeLessThanOrEqual(layout.lastTried);
      expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    } finally {
      exitCode = await server.stop('SIGTERM');
    }
    expect(exitCode, server.output()).toBe(0);
  }, 90_000);

  it('survives a connection lost inside a transaction, between two queries', async () => {
    await createDatabase(cluster, 'portal_tx');
    const database = await openDatabase({ databaseUrl: cluster.urlOf('portal_tx'), dataDir: data.dir });
    try {
      const failure = await database.db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          // The client is checked out and idle when its server goes away.
          await cluster.stop('immediate');
          await new Promise((resolve) => setTimeout(resolve, 300));
          await tx.execute(sql`select 1`);
        })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(isDatabaseUnavailable(failure)).toBe(true);
      expect(await database.ping()).toBe(false);
      await cluster.start();
      expect(await database.ping()).toBe(true);
    } finally {
      await database.close();
    }
  });
});
