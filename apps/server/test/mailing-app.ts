import { afterAll, beforeAll, expect } from 'vitest';
import type { TNotificationPreferences } from '@portal/contracts/kits/inbox';
import { demoSyncKey } from '../src/db/seed/seed.ts';
import { signIn } from './helper.ts';
import { recipientOfMail } from './mail-reader.ts';
import { startSmtpListener, type TSmtpListener } from './smtp-listener.ts';
import {
  buildScheduleApp,
  parentApi,
  type TParentApi,
  type TScheduleApp,
} from './modules/schedule/schedule-data.ts';

/** Building the app seeds a whole demo database: slow on a busy machine. */
const BUILD_TIMEOUT_MS = 180_000;

/** The demo app mailing to an SMTP listener of its own, with two of mogra's parents signed in. */
export type TMailingApp = {
  t: TScheduleApp;
  smtp: TSmtpListener;
  /** parent@mogra.demo. */
  sara: TParentApi;
  /** family.haddad@mogra.demo. */
  rami: TParentApi;
  /** The mails sent to one address so far, oldest first. */
  mailsTo: (address: string) => string[];
  /** An instant in school time (Dubai, +04:00) on the demo's today, `HH:mm`. */
  at: (time: string) => Date;
};

/**
 * The mailing app of a suite: built before its tests, closed after them. Its fields are there
 * once the suite's `beforeAll` hooks run (this one first, when called first).
 */
export function mailingApp(): TMailingApp {
  const app = {
    mailsTo: (address: string) => app.smtp.messages.filter((raw) => recipientOfMail(raw) === address),
    at: (time: string) => new Date(`${app.t.today}T${time}:00+04:00`),
  } as TMailingApp;
  beforeAll(async () => {
    app.smtp = await startSmtpListener();
    app.t = await buildScheduleApp({ env: { SMTP_URL: app.smtp.url } });
    app.sara = parentApi(app.t, 'mogra', await signIn(app.t.app, 'mogra', 'parent@mogra.demo'));
    app.rami = parentApi(app.t, 'mogra', await signIn(app.t.app, 'mogra', 'family.haddad@mogra.demo'));
  }, BUILD_TIMEOUT_MS);
  afterAll(async () => {
    await app.t?.close();
    await app.smtp?.close();
  });
  return app;
}

/** A teacher's reply in a thread, through the staff API as the school's sync; answers its seq. */
export async function staffReply(t: TScheduleApp, threadId: string, body: string): Promise<number> {
  const answer = await t.app.inject({
    method: 'POST',
    url: `/api/v1/staff/threads/${threadId}/messages`,
    headers: { 'client-id': 'mogra', authorization: `Bearer ${demoSyncKey('mogra')}` },
    payload: { body },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().message.seq as number;
}

/** Saves a parent's notification preferences: the defaults, with `preferences` over them. */
export async function choosePreferences(
  api: TParentApi,
  preferences: Partial<TNotificationPreferences>,
): Promise<void> {
  const answer = await api.put('/notification-preferences', {
    categories: [],
    quietHours: null,
    digestAt: '18:00',
    language: 'en',
    ...preferences,
  });
  expect(answer.statusCode, answer.body).toBe(200);
}
