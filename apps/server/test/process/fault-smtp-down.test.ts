import { and, eq, isNull } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes } from '../../src/db/schema/index.ts';
import { buildTestApp, postAuth, type TTestApp } from '../helper.ts';
import { codeOfMail, recipientOfMail } from '../mail-reader.ts';
import { freePort } from './postgres-cluster.ts';
import { waitFor } from './portal-load.ts';

type TMode = 'refuse-connection' | 'refuse-message' | 'accept';

/** A mail server on a given port whose behaviour the test switches. */
async function startMailServer(port: number) {
  const state = { mode: 'accept' as TMode, messages: [] as string[], refusedRecipients: [] as string[] };
  const refuse = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      callback(state.mode === 'refuse-connection' ? refuse(421, 'Service not available') : undefined);
    },
    onRcptTo(address, _session, callback) {
      if (state.mode !== 'refuse-message') return callback();
      state.refusedRecipients.push(address.address);
      callback(refuse(451, 'Try again later'));
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        state.messages.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('code requests while the mail server is down', () => {
  let t: TTestApp;
  let port: number;
  let mailServer: Awaited<ReturnType<typeof startMailServer>> | undefined;
  beforeAll(async () => {
    port = await freePort(); // nothing listens here until the test starts the mail server
    t = await buildTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await t.close();
    await mailServer?.close();
  });
  const runningMailServer = async () => (mailServer ??= await startMailServer(port));

  const liveCodes = (parentId: string) =>
    t.database.db
      .select()
      .from(oneTimeCodes)
      .where(
        and(
          eq(oneTimeCodes.schoolId, 'mogra'),
          eq(oneTimeCodes.parentId, parentId),
          isNull(oneTimeCodes.consumedAt),
        ),
      );
  const expectMailUnavailable = (response: Awaited<ReturnType<typeof postAuth>>) => {
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ success: false, messageId: 'L015', message: expect.any(String) });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  };

  it('answers 503 L015 when nothing listens, stores no code, spends no cool-down, and works once mail is back', async () => {
    const username = 'parent@mogra.demo';
    expectMailUnavailable(await postAuth(t.app, 'mogra', 'auth-otp', { username }));
    expectMailUnavailable(await postAuth(t.app, 'mogra', 'resend-auth-otp', { username }));
    expectMailUnavailable(await postAuth(t.app, 'mogra', 'forget-password', { username }));
    // The same answer for a username that is nobody's: it tells nothing about accounts.
    expectMailUnavailable(await postAuth(t.app, 'mogra', 'auth-otp', { username: 'nobody@mogra.demo' }));
    expectMailUnavailable(
      await postAuth(t.app, 'mogra', 'register', {
        username,
        enrollNumber: 'MG1001',
        password: 'a long new passphrase',
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 200)); // nothing runs in the background either
    expect(await liveCodes('MG-P001')).toEqual([]);

    // The mail server comes back: the very next request goes through (no cool-down was spent).
    const { state } = await runningMailServer();
    const retry = await postAuth(t.app, 'mogra', 'auth-otp', { username });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ success: true, messageId: 'L007' });
    await waitFor(
      () => state.messages.some((raw) => recipientOfMail(raw) === username),
      10_000,
      'the code mail',
    );
    const code = codeOfMail(state.messages.find((raw) => recipientOfMail(raw) === username) ?? '');
    const signedIn = await postAuth(t.app, 'mogra', 'verify-auth-otp', { username, otp: code });
    expect(signedIn.statusCode).toBe(200);
  });

  it('answers 503 L015 when the mail server refuses connections', async () => {
    const { state } = await runningMailServer();
    state.mode = 'refuse-connection';
    const username = 'family.haddad@mogra.demo';
    expectMailUnavailable(await postAuth(t.app, 'mogra', 'auth-otp', { username }));
    expect(await liveCodes('MG-P002')).toEqual([]);
    state.mode = 'accept';
    expect((await postAuth(t.app, 'mogra', 'auth-otp', { username })).statusCode).toBe(200);
    await waitFor(
      () => state.messages.some((raw) => recipientOfMail(raw) === username),
      10_000,
      'the code mail',
    );
  });

  it('retires the code when the mail server accepts the connection but refuses the message', async () => {
    const { state } = await runningMailServer();
    state.mode = 'refuse-message';
    const username = 'parent@mogra.demo';
    // The answer has gone before the mail is sent, so it cannot tell; no usable code is left.
    const response = await postAuth(t.app, 'mogra', 'forget-password', { username });
    expect(response.statusCode).toBe(200);
    await waitFor(() => state.refusedRecipients.includes(username), 10_000, 'the refused message');
    const codes = () =>
      t.database.db
        .select()
        .from(oneTimeCodes)
        .where(and(eq(oneTimeCodes.parentId, 'MG-P001'), eq(oneTimeCodes.purpose, 'reset')));
    await waitFor(async () => (await codes()).length === 1, 10_000, 'the issued code');
    await waitFor(
      async () => (await codes()).every((row) => row.consumedAt !== null),
      10_000,
      'the code retired',
    );
    state.mode = 'accept';
  });
});
