import { afterAll, beforeAll, expect } from 'vitest';
import { hashPassword } from '../../../src/modules/auth/password.ts';
import { DEMO_PASSWORD, addParent, buildTestApp, signIn, type TTestApp } from '../../helper.ts';
import { startSmtpListener, type TSmtpListener } from '../../smtp-listener.ts';
import { parentApi, type TParentApi } from '../publications/circulars-data.ts';

// The account tests' app: the demo data mailing to an SMTP listener of its own, with new parents
// of mogra whose account each test may change without touching the others'.

export type TAccountApp = {
  t: TTestApp;
  smtp: TSmtpListener;
  /** The parent API as a parent of mogra, in a new session. */
  as: (username: string) => Promise<TParentApi>;
};

/**
 * The app of a suite, built before its tests and closed after them, with a new parent of mogra
 * for each username (parent id and enrolment number `MG-<prefix><index>`, password DEMO_PASSWORD).
 */
export function accountApp(prefix: string, usernames: string[]): TAccountApp {
  const app = {
    as: async (username: string) => parentApi(app.t, 'mogra', await signIn(app.t.app, 'mogra', username)),
  } as TAccountApp;
  beforeAll(async () => {
    app.smtp = await startSmtpListener();
    app.t = await buildTestApp({ env: { SMTP_URL: app.smtp.url } });
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    for (const [index, username] of usernames.entries()) {
      const id = `MG-${prefix}${index}`;
      await addParent(app.t.database, 'mogra', { parentId: id, username, enrollNumber: id, passwordHash });
    }
  }, 180_000);
  afterAll(async () => {
    await app.t?.close();
    await app.smtp?.close();
  });
  return app;
}

/** Checks that an answer is a refusal with this status and message id. */
export async function expectRefused(
  answer: Promise<{ statusCode: number; body: string; json: () => unknown }>,
  status: number,
  messageId: string,
): Promise<void> {
  const response = await answer;
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toMatchObject({ success: false, messageId });
}
