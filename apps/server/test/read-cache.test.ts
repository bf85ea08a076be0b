import { connect } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { ZPaymentAnswer } from '@portal/contracts/fees';
import { schoolRoleApplications, students } from '../src/db/schema/index.ts';
import { buildTestApp, signIn, type TTestApp } from './helper.ts';
import type { TCirculars, TFees, TProfile } from './kept-answer-shapes.ts';
import {
  addFeeLine,
  deliver,
  newKey,
  sandboxEvent,
  setFeePolicy,
  signed,
  SANDBOX_SECRET,
} from './modules/fees/payments-fixtures.ts';
import { csvOf, demoFiles, importReport } from './modules/school-data/bundles.ts';

// Kept answers (docs/decisions/029-read-cache.md): a read is answered from the process while
// nothing it depends on changed, and every write that changes it (a payment, an
// acknowledgement, an import, a sign-out, a grant) is seen by the very next read.
describe('kept answers', () => {
  let t: TTestApp;
  let token: string;
  beforeAll(async () => {
    // As in production: a kept answer is served without waiting for notices.
    t = await buildTestApp({
      env: { SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET, READ_CACHE_AWAITS_NOTICES: '0' },
    });
    token = await signIn(t.app, 'mogra', 'parent@mogra.demo');
    await setFeePolicy(t.database, 'mogra', { allowsPartialPayment: true, minimumPartialMinor: 0 });
    await t.app.cacheSettled();
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, bearer = token) =>
    t.app.inject({
      method,
      url: `/api/v1/ppn${url}`,
      headers: { 'client-id': 'mogra', authorization: `Bearer ${bearer}` },
      ...(payload ? { payload } : {}),
    });
  const read = async <T>(url: string, bearer = token): Promise<T> => {
    const response = await call('GET', url, undefined, bearer);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };
  const profile = () => read<TProfile>('/parent/profile');
  /** Writes the database as a process with no notices would (not through the portal, no triggers). */
  const writeUnheard = (statement: ReturnType<typeof sql>) =>
    t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(statement);
    });

  it('answers from the process until a change names the answer, then reads again', async () => {
    const [child] = (await profile()).children;
    if (!child) throw new Error('the demo parent has no child');
    const enroll = child.sims_student_enroll_number;
    await writeUnheard(
      sql`update students set full_name = 'Unheard Name' where school_id = 'mogra' and enroll_number = ${enroll}`,
    );
    const kept = (await profile()).children.find((c) => c.sims_student_enroll_number === enroll);
    expect(kept?.sims_student_full_name).toBe(child.sims_student_full_name);
    await t.database.db
      .update(students)
      .set({ fullName: 'Heard Name' })
      .where(and(eq(students.schoolId, 'mogra'), eq(students.enrollNumber, enroll)));
    // Written outside a request: its notice comes back to this instance as it would to another.
    await t.app.cacheSettled();
    const changed = (await profile()).children.find((c) => c.sims_student_enroll_number === enroll);
    expect(changed?.sims_student_full_name).toBe('Heard Name');
    await t.database.db
      .update(students)
      .set({ fullName: child.sims_student_full_name })
      .where(and(eq(students.schoolId, 'mogra'), eq(students.enrollNumber, enroll)));
  });

  it('shows a payment on the next read of the fee details', async () => {
    const line = await addFeeLine(t.database, 'mogra', 'MG1001', { totalMinor: 120_00 });
    const feesUrl = '/fees/fee-details?enrollNumber=MG1001';
    const before = await read<TFees>(feesUrl);
    expect(before.items.find((item) => item.id === line)?.paidMinor).toBe(0);
    expect((await read<TFees>(feesUrl)).items.find((item) => item.id === line)?.paidMinor).toBe(0);
    const started = await call('POST', '/payments', {
      idempotencyKey: newKey(),
      kind: 'fees',
      items: [{ feeItemId: line, amountMinor: 120_00 }],
    });
    expect(started.statusCode, started.body).toBe(201);
    const answer = ZPaymentAnswer.parse(started.json());
    const ref = new URL(answer.redirectUrl ?? '').pathname.split('/').pop() ?? '';
    const body = sandboxEvent(ref, 'succeeded');
    expect(
      (await deliver(t.app, 'sandbox', body, { 'sandbox-signature': signed(SANDBOX_SECRET, body) }))
        .statusCode,
    ).toBe(200);
    expect((await read<TFees>(feesUrl)).items.find((item) => item.id === line)?.paidMinor).toBe(120_00);
  });

  it('shows an acknowledgement on the next read of the circulars', async () => {
    const before = await read<TCirculars>('/circulars?unacknowledged=1');
    const waiting = before.items[0];
    expect(before.toAcknowledge).toBeGreaterThan(0);
    if (!waiting) throw new Error('nothing waits for an acknowledgement');
    const children = waiting.children.filter((c) => !c.acknowledgedAt).map((c) => c.enrollNumber);
    const acknowledged = await call('POST', `/circulars/${waiting.id}/acknowledge`, {
      enrollNumbers: children,
    });
    expect(acknowledged.statusCode, acknowledged.body).toBe(200);
    const after = await read<TCirculars>('/circulars?unacknowledged=1');
    expect(after.toAcknowledge).toBeLessThan(before.toAcknowledge);
    expect(after.items.map((item) => item.id)).not.toContain(waiting.id);
  });

  it("shows a child's name changed by an import on the next read of the profile", async () => {
    const [child] = (await profile()).children;
    if (!child) throw new Error('the demo parent has no child');
    const files = demoFiles('mogra');
    const users = csvOf(files, 'users.csv').split('\r\n');
    const header = (users[0] ?? '').split(',');
    const identifier = header.indexOf('identifier');
    const givenName = header.indexOf('givenName');
    const renamed = users.map((line) => {
      const cells = line.split(',');
      if (cells[identifier] !== child.sims_student_enroll_number) return line;
      cells[givenName] = 'Imported';
      return cells.join(',');
    });
    expect(renamed).not.toEqual(users);
    files.set('users.csv', renamed.join('\r\n'));
    await importReport(t.app, 'mogra', files);
    const after = (await profile()).children.find(
      (c) => c.sims_student_enroll_number === child.sims_student_enroll_number,
    );
    expect(after?.sims_student_full_name).toContain('Imported');
  }, 120_000);

  it('refuses the next read of a module the school stops granting, and answers again once granted', async () => {
    // bcad grants fee payment (the demo school mogra is open to every module whatever it grants).
    const parent = await signIn(t.app, 'bcad', 'parent@bcad.demo');
    const asParent = (url: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/ppn${url}`,
        headers: { 'client-id': 'bcad', authorization: `Bearer ${parent}` },
      });
    const children = (JSON.parse((await asParent('/parent/profile')).body) as TProfile).children;
    const feesUrl = `/fees/fee-details?enrollNumber=${children[0]?.sims_student_enroll_number ?? ''}`;
    expect((await asParent(feesUrl)).statusCode).toBe(200);
    const granted = and(
      eq(schoolRoleApplications.schoolId, 'bcad'),
      eq(schoolRoleApplications.role, 'parent'),
    );
    const grants = await t.database.db.select().from(schoolRoleApplications).where(granted);
    await t.database.db.delete(schoolRoleApplications).where(granted);
    await t.app.cacheSettled();
    expect((await asParent(feesUrl)).statusCode).toBe(403);
    await t.database.db.insert(schoolRoleApplications).values(grants);
    await t.app.cacheSettled();
    expect((await asParent(feesUrl)).statusCode).toBe(200);
  });

  it('ends a signed-out session on the next read of a kept answer', async () => {
    const other = await signIn(t.app, 'mogra', 'parent@mogra.demo');
    await read<TProfile>('/parent/profile', other);
    expect((await call('POST', '/auth/sign-out', undefined, other)).statusCode).toBe(200);
    expect((await call('GET', '/parent/profile', undefined, other)).statusCode).toBe(401);
    expect((await call('GET', '/parent/profile')).statusCode).toBe(200);
  });

  it("keeps each parent's answer apart: another parent never gets it", async () => {
    const mine = await read<TProfile>('/parent/profile');
    const second = await t.app.inject({
      method: 'GET',
      url: '/api/v1/ppn/parent/profile',
      headers: {
        'client-id': 'bcd',
        authorization: `Bearer ${await signIn(t.app, 'bcd', 'parent@bcd.demo')}`,
      },
    });
    expect(second.statusCode).toBe(200);
    expect(second.body).not.toBe(JSON.stringify(mine));
  });

  it('sends a kept answer compressed as the client accepts it, the kept copy and not a new read', async () => {
    const plain = await call('GET', '/parent/profile');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const [child] = (plain.json() as TProfile).children;
    if (!child) throw new Error('the demo parent has no child');
    await writeUnheard(
      sql`update students set full_name = 'Unheard Name' where school_id = 'mogra' and enroll_number = ${child.sims_student_enroll_number}`,
    );
    const readEncoded = (acceptEncoding: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/v1/ppn/parent/profile',
        headers: {
          'client-id': 'mogra',
          authorization: `Bearer ${token}`,
          'accept-encoding': acceptEncoding,
        },
      });
    const decoders = { br: brotliDecompressSync, gzip: gunzipSync };
    for (const [acceptEncoding, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0.5', 'gzip'],
      ['x-gzip', 'gzip'],
    ] as const) {
      for (const attempt of [1, 2]) {
        const response = await readEncoded(acceptEncoding);
        expect(response.statusCode, `${acceptEncoding}, read ${attempt}`).toBe(200);
        expect(response.headers['content-encoding'], acceptEncoding).toBe(encoding);
        expect(response.headers['vary']).toContain('accept-encoding');
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(decoders[encoding](response.rawPayload).toString('utf8'), acceptEncoding).toBe(plain.body);
      }
    }
    for (const acceptEncoding of ['identity', 'deflate', 'br;q=0, gzip;q=0']) {
      const response = await readEncoded(acceptEncoding);
      expect(response.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(response.body, acceptEncoding).toBe(plain.body);
    }
    await writeUnheard(
      sql`update students set full_name = ${child.sims_student_full_name} where school_id = 'mogra' and enroll_number = ${child.sims_student_enroll_number}`,
    );
  });
  it('answers a first and a kept read on one kept-alive connection, each as JSON', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (typeof address !== 'object' || !address) throw new Error('the app does not listen');
    const socket = connect(address.port, '127.0.0.1');
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    /** Sends a GET and answers the head of its response once the whole body has arrived. */
    const get = async (url: string): Promise<string> => {
      received = '';
      // Arabic: an entry no earlier test made, so the first read is the route's own answer.
      socket.write(
        `GET /api/v1/ppn${url} HTTP/1.1\r\nhost: mogra.localhost\r\nclient-id: mogra\r\n` +
          `authorization: Bearer ${token}\r\naccept-language: ar\r\naccept-encoding: br\r\n\r\n`,
      );
      for (let waited = 0; waited < 5_000; waited += 10) {
        const end = received.indexOf('\r\n\r\n');
        const length = Number(/content-length: (\d+)/i.exec(received)?.[1]);
        if (end !== -1 && received.length - end - 4 >= length) return received.slice(0, end).toLowerCase();
        if (socket.destroyed) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`no whole answer to ${url}: ${received.slice(0, 200)}`);
    };
    try {
      for (const url of ['/parent/profile', '/circulars']) {
        for (const attempt of ['first', 'kept']) {
          const head = await get(url);
          expect(head, `${url}, ${attempt}`).toMatch(/^http\/1\.1 200 /);
          expect(head, `${url}, ${attempt}`).toContain('content-type: application/json; charset=utf-8');
          expect(head, `${url}, ${attempt}`).toContain('content-encoding: br');
          expect(head, `${url}, ${attempt}`).not.toContain('connection: close');
        }
      }
      expect(socket.destroyed).toBe(false);
    } finally {
      socket.destroy();
    }
  });
});
