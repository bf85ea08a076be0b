import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSignIns } from '@portal/contracts/account';
import { oneTimeCodes, parents, sessions, signIns } from '../../../src/db/schema/index.ts';
import {
  ENDED_SESSION_KEPT_MS,
  EXPIRED_CODE_KEPT_MS,
  PRUNE_BATCH_ROWS,
  pruneSignInRecords,
  SIGN_IN_KEPT_MS,
} from '../../../src/access/sign-in-retention.ts';
import { buildTestApp, signIn, type TTestApp } from '../../helper.ts';
import { answerOf, parentApi } from '../publications/circulars-data.ts';

const HOUR_MS = 60 * 60 * 1000;

// How long the records of signing in are kept (docs/decisions/040-sign-in-retention.md): the
// job deletes what is past its time in every school, and nothing a parent still sees or uses.
describe('the retention of sessions, sign-ins and one-time codes', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function parentId(schoolId: string, username: string): Promise<string> {
    const [row] = await t.database.db
      .select({ parentId: parents.parentId })
      .from(parents)
      .where(and(eq(parents.schoolId, schoolId), eq(parents.username, username)));
    if (!row) throw new Error(`no parent ${username}`);
    return row.parentId;
  }

  /** A sign-in and its session, both `ageMs` old (the session ended 12 h after it began). */
  async function pastSignIn(schoolId: string, owner: string, ageMs: number): Promise<string> {
    const at = new Date(Date.now() - ageMs);
    const tokenHash = `past-${randomUUID()}`;
    await t.database.db.insert(sessions).values({
      schoolId,
      tokenHash,
      parentId: owner,
      createdAt: at,
      lastSeenAt: at,
      expiresAt: new Date(at.getTime() + 12 * HOUR_MS),
    });
    const signInId = randomUUID();
    await t.database.db
      .insert(signIns)
      .values({ schoolId, signInId, parentId: owner, method: 'password', tokenHash, at });
    return tokenHash;
  }

  async function pastCode(schoolId: string, owner: string, expiredAgoMs: number): Promise<string> {
    const codeId = randomUUID();
    const expiresAt = new Date(Date.now() - expiredAgoMs);
    await t.database.db.insert(oneTimeCodes).values({
      schoolId,
      codeId,
      parentId: owner,
      purpose: 'sign-in',
      codeHash: 'not-a-code',
      createdAt: new Date(expiresAt.getTime() - 10 * 60 * 1000),
      expiresAt,
    });
    return codeId;
  }

  const sessionExists = async (schoolId: string, tokenHash: string) =>
    (
      await t.database.db
        .select({ tokenHash: sessions.tokenHash })
        .from(sessions)
        .where(and(eq(sessions.schoolId, schoolId), eq(sessions.tokenHash, tokenHash)))
    ).length === 1;

  const codeExists = async (schoolId: string, codeId: string) =>
    (
      await t.database.db
        .select({ codeId: oneTimeCodes.codeId })
        .from(oneTimeCodes)
        .where(and(eq(oneTimeCodes.schoolId, schoolId), eq(oneTimeCodes.codeId, codeId)))
    ).length === 1;

  it('deletes what is past its time in both schools, and keeps the rest and the live session', async () => {
    const mogra = await parentId('mogra', 'parent@mogra.demo');
    const bcad = await parentId('bcad', 'parent@bcad.demo');
    const token = await signIn(t.app, 'mogra', 'parent@mogra.demo');
    await pruneSignInRecords(t.database.db);
    const before = await answerOf<TSignIns>(parentApi(t, 'mogra', token).get('/account/sign-ins'));

    // Sessions: ended a day more than a week ago (gone), and ended a day ago (kept).
    const sessionAge = (endedAgoMs: number) => endedAgoMs + 12 * HOUR_MS;
    const oldSessions = [
      await pastSignIn('mogra', mogra, sessionAge(ENDED_SESSION_KEPT_MS + 24 * HOUR_MS)),
      await pastSignIn('bcad', bcad, sessionAge(ENDED_SESSION_KEPT_MS + 24 * HOUR_MS)),
    ];
    const recentSession = await pastSignIn('bcad', bcad, sessionAge(24 * HOUR_MS));
    // Sign-ins older than the history keeps (gone with their sessions), and a day younger (kept).
    await pastSignIn('mogra', mogra, SIGN_IN_KEPT_MS + 24 * HOUR_MS);
    await pastSignIn('bcad', bcad, SIGN_IN_KEPT_MS + 24 * HOUR_MS);
    await pastSignIn('mogra', mogra, SIGN_IN_KEPT_MS - 24 * HOUR_MS);
    // Codes: expired over a day ago (gone), an hour ago (kept).
    const oldCodes = [
      await pastCode('mogra', mogra, EXPIRED_CODE_KEPT_MS + HOUR_MS),
      await pastCode('bcad', bcad, EXPIRED_CODE_KEPT_MS + HOUR_MS),
    ];
    const recentCode = await pastCode('bcad', bcad, HOUR_MS);

    expect(await pruneSignInRecords(t.database.db)).toEqual({ sessions: 5, signIns: 2, codes: 2 });
    for (const [index, tokenHash] of oldSessions.entries())
      expect(await sessionExists(index === 0 ? 'mogra' : 'bcad', tokenHash)).toBe(false);
    expect(await sessionExists('bcad', recentSession)).toBe(true);
    expect(await codeExists('mogra', oldCodes[0] ?? '')).toBe(false);
    expect(await codeExists('bcad', oldCodes[1] ?? '')).toBe(false);
    expect(await codeExists('bcad', recentCode)).toBe(true);

    // The history keeps the two younger sign-ins (their sessions gone: not signed in), loses the
    // older one; this session still works.
    const after = await answerOf<TSignIns>(parentApi(t, 'mogra', token).get('/account/sign-ins'));
    const added = after.items.filter((item) => !before.items.some((kept) => kept.id === item.id));
    expect(added).toHaveLength(2);
    expect(added.every((item) => !item.active && !item.current)).toBe(true);
    expect(after.items.find((item) => item.current)?.active).toBe(true);
    expect(await pruneSignInRecords(t.database.db)).toEqual({ sessions: 0, signIns: 0, codes: 0 });
  });

  it('works off a backlog larger than one batch', async () => {
    const bcad = await parentId('bcad', 'parent@bcad.demo');
    const old = new Date(Date.now() - SIGN_IN_KEPT_MS - 24 * HOUR_MS).toISOString();
    await t.database.db.execute(sql`
      insert into ${signIns} (school_id, sign_in_id, parent_id, method, token_hash, at)
      select 'bcad', gen_random_uuid(), ${bcad}, 'password', 'backlog-' || n, ${old}::timestamptz
      from generate_series(1, ${PRUNE_BATCH_ROWS + 7}) as n`);
    expect((await pruneSignInRecords(t.database.db)).signIns).toBe(PRUNE_BATCH_ROWS + 7);
    const left = (await t.database.db.execute(sql`
      select count(*)::int as n from ${signIns} where token_hash like 'backlog-%'`)) as unknown as {
      rows: { n: number }[];
    };
    expect(left.rows).toEqual([{ n: 0 }]);
  });
});
