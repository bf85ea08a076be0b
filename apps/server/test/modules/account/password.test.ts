import { describe, expect, it } from 'vitest';
import { addParent, DEMO_PASSWORD, postAuth } from '../../helper.ts';
import { startSession } from '../../../src/modules/auth/start-session.ts';
import { subjectOfMail, textOfMail } from '../../mail-reader.ts';
import { answerOf, parentApi, type TParentApi } from '../publications/circulars-data.ts';
import { accountApp, expectRefused } from './account-data.ts';

const NEW_PASSWORD = 'a quiet garden of figs';

// Changing the password from the account: proven by the current one, under the password rules,
// signing out the other devices and telling the parent by mail.
describe('changing the password', () => {
  const app = accountApp('PW', ['change@mogra.demo', 'limit@mogra.demo', 'rules@mogra.demo']);

  const change = (api: TParentApi, currentPassword: string, newPassword: string) =>
    api.post('/account/password', { currentPassword, newPassword });
  const login = (username: string, password: string) =>
    postAuth(app.t.app, 'mogra', 'login', { username, password });

  it('refuses a wrong current password (403 L002, the session stays) and a new one that breaks a rule (400)', async () => {
    const api = await app.as('rules@mogra.demo');
    await expectRefused(change(api, 'not the password', NEW_PASSWORD), 403, 'L002');
    await expectRefused(change(api, DEMO_PASSWORD, 'short'), 400, 'P001');
    await expectRefused(change(api, DEMO_PASSWORD, 'x'.repeat(129)), 400, 'P002');
    await expectRefused(change(api, DEMO_PASSWORD, 'password'), 400, 'P003');
    // Still signed in, with the same password.
    await answerOf(api.get('/account/contact'));
    expect((await login('rules@mogra.demo', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('sets the new password, signs out the other sessions, keeps this one, and mails the parent', async () => {
    const here = await app.as('change@mogra.demo');
    const elsewhere = await app.as('change@mogra.demo');
    const bystander = await app.as('family.haddad@mogra.demo');
    await answerOf(elsewhere.get('/account/contact')); // kept by the server a few seconds

    expect(await answerOf(change(here, DEMO_PASSWORD, NEW_PASSWORD))).toEqual({
      success: true,
      messageId: 'S200',
    });
    const ended = await elsewhere.get('/account/contact');
    expect(ended.statusCode).toBe(401);
    expect(ended.json().messageId).toBe('L004');
    await answerOf(here.get('/account/contact'));
    await answerOf(bystander.get('/account/contact'));

    const old = await login('change@mogra.demo', DEMO_PASSWORD);
    expect(old.statusCode).toBe(401);
    expect(old.json().messageId).toBe('L002');
    expect((await login('change@mogra.demo', NEW_PASSWORD)).statusCode).toBe(200);

    const mail = await app.smtp.waitForMessage('change@mogra.demo');
    expect(subjectOfMail(mail)).toBe('Your Mogra Demo School parent portal password was changed');
    expect(textOfMail(mail)).toContain('your other devices were signed out');
    expect(textOfMail(mail)).not.toContain(NEW_PASSWORD);
  });

  it('refuses a parent who has no password (Google or Facebook sign-in) with 403 L002', async () => {
    // Signs in with Google only: no password.
    await addParent(app.t.database, 'mogra', {
      parentId: 'MG-PW9',
      username: 'social@mogra.demo',
      enrollNumber: 'MG-PW9',
    });
    const { token } = await startSession(app.t.database.db, 'mogra', 'MG-PW9', {
      method: 'google',
      client: { userAgent: '', ip: '' },
    });
    const api = parentApi(app.t, 'mogra', token);
    await expectRefused(change(api, 'anything at all', NEW_PASSWORD), 403, 'L002');
    await answerOf(api.get('/account/contact'));
  });

  it('limits the attempts of one parent, on every session (429 L006 with Retry-After)', async () => {
    const first = await app.as('limit@mogra.demo');
    const second = await app.as('limit@mogra.demo');
    for (const api of [first, second, first, second, first]) {
      await expectRefused(change(api, 'a wrong guess', NEW_PASSWORD), 403, 'L002');
    }
    const refused = await change(second, DEMO_PASSWORD, NEW_PASSWORD);
    await expectRefused(Promise.resolve(refused), 429, 'L006');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another parent has their own count.
    await expectRefused(
      change(await app.as('family.haddad@mogra.demo'), 'a wrong guess', NEW_PASSWORD),
      403,
      'L002',
    );
  });

  it('needs a session (401 L004)', async () => {
    const answer = await app.t.app.inject({
      method: 'POST',
      url: '/api/v1/ppn/account/password',
      headers: { 'client-id': 'mogra' },
      payload: { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(answer.statusCode).toBe(401);
    expect(answer.json().messageId).toBe('L004');
  });
});
