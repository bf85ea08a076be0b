import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { sessions } from '../../src/db/schema/index.ts';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../src/access/session.ts';
import { signIn, type TTestApp } from '../helper.ts';

/** An `Authorization` header (or none) that must not open a route that needs a session. */
export type TRefusedCredential = { label: string; authorization: string | null };

type TParent = { schoolId: string; username: string };

/** Changes the stored session of a token. */
async function updateSession(
  t: TTestApp,
  schoolId: string,
  token: string,
  values: Partial<typeof sessions.$inferInsert>,
): Promise<void> {
  const tokenHash = createHash('sha256').update(token).digest('base64url');
  await t.database.db
    .update(sessions)
    .set(values)
    .where(and(eq(sessions.schoolId, schoolId), eq(sessions.tokenHash, tokenHash)));
}

/**
 * Every kind of credential a route must refuse for `parent`'s school: none, malformed or
 * forged tokens, a signed-out session, sessions past the idle and the absolute time-out (their
 * rows aged in the database), and a live session of `otherSchool` presented to this one.
 */
export async function refusedCredentials(
  t: TTestApp,
  parent: TParent,
  otherSchool: TParent,
): Promise<TRefusedCredential[]> {
  const { schoolId, username } = parent;
  const now = Date.now();

  const revoked = await signIn(t.app, schoolId, username);
  const signOut = await t.app.inject({
    method: 'POST',
    url: '/api/v1/ppn/auth/sign-out',
    headers: { 'client-id': schoolId, authorization: `Bearer ${revoked}` },
  });
  if (signOut.statusCode !== 200) throw new Error(`sign-out failed: ${signOut.body}`);

  const idle = await signIn(t.app, schoolId, username);
  await updateSession(t, schoolId, idle, { lastSeenAt: new Date(now - SESSION_IDLE_MS - 1000) });

  const expired = await signIn(t.app, schoolId, username);
  await updateSession(t, schoolId, expired, {
    createdAt: new Date(now - SESSION_ABSOLUTE_MS - 1000),
    expiresAt: new Date(now - 1000),
  });

  const foreign = await signIn(t.app, otherSchool.schoolId, otherSchool.username);
  const live = await signIn(t.app, schoolId, username);
  const altered = `${live.slice(0, -1)}${live.endsWith('A') ? 'B' : 'A'}`;

  return [
    { label: 'no token', authorization: null },
    { label: 'an empty bearer', authorization: 'Bearer ' },
    { label: 'a scheme alone', authorization: 'Bearer' },
    { label: 'another scheme', authorization: `Basic ${Buffer.from(`${username}:x`).toString('base64')}` },
    { label: 'a short token', authorization: 'Bearer abc' },
    { label: 'an over-long token', authorization: `Bearer ${'a'.repeat(500)}` },
    { label: 'a token of forbidden characters', authorization: `Bearer ${live.slice(0, 20)}'";--<>` },
    { label: 'a token with something after it', authorization: `Bearer ${live} ${live}` },
    { label: 'a forged token', authorization: `Bearer ${randomBytes(32).toString('base64url')}` },
    { label: 'a token one character off', authorization: `Bearer ${altered}` },
    { label: 'a signed-out session', authorization: `Bearer ${revoked}` },
    { label: 'a session past the idle time-out', authorization: `Bearer ${idle}` },
    { label: 'a session past the absolute time-out', authorization: `Bearer ${expired}` },
    { label: `a session of ${otherSchool.schoolId}`, authorization: `Bearer ${foreign}` },
  ];
}
