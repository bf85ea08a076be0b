import { describe, expect, it } from 'vitest';
import type { TContact } from '@portal/contracts/account';
import { DEMO_PASSWORD, postAuth } from '../../helper.ts';
import { codeOfMail, subjectOfMail } from '../../mail-reader.ts';
import { answerOf, type TParentApi } from '../publications/circulars-data.ts';
import { accountApp, expectRefused } from './account-data.ts';

// Changing the contact address: a code goes to the new address, and the address changes when
// the code comes back. The username (what the parent signs in with) stays.
describe('changing the e-mail address', () => {
  const app = accountApp('EM', [
    'mover@mogra.demo',
    'arabic@mogra.demo',
    'thief@mogra.demo',
    'busy@mogra.demo',
  ]);
  const contactOf = async (api: TParentApi) => (await answerOf<TContact>(api.get('/account/contact'))).email;
  const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');

  /** Asks for the change and reads the code mailed to the new address. */
  async function mailedCode(api: TParentApi, email: string): Promise<string> {
    expect(await answerOf(api.post('/account/email', { email }))).toEqual({
      success: true,
      messageId: 'S200',
    });
    return codeOfMail(await app.smtp.waitForMessage(email));
  }

  it('mails a code to the new address; a wrong code is refused (400 L008); the right one changes the address only', async () => {
    const mover = await app.as('mover@mogra.demo');
    const haddad = await app.as('family.haddad@mogra.demo');
    expect(await contactOf(mover)).toBe('mover@mogra.demo');

    const code = await mailedCode(mover, 'new.home@example.com');
    const mail = await app.smtp.waitForMessage('new.home@example.com');
    expect(subjectOfMail(mail)).toBe('Confirm your new email address for Mogra Demo School');

    await expectRefused(mover.post('/account/email/confirm', { code: wrongOf(code) }), 400, 'L008');
    expect(await contactOf(mover)).toBe('mover@mogra.demo');

    expect(await answerOf<TContact>(mover.post('/account/email/confirm', { code }))).toEqual({
      success: true,
      messageId: 'S200',
      email: 'new.home@example.com',
    });
    expect(await contactOf(mover)).toBe('new.home@example.com');
    expect((await answerOf<{ email: string }>(mover.get('/parent/profile'))).email).toBe(
      'new.home@example.com',
    );
    // A code works once.
    await expectRefused(mover.post('/account/email/confirm', { code }), 400, 'L008');
    // The username stays what the parent signs in with.
    const login = await postAuth(app.t.app, 'mogra', 'login', {
      username: 'mover@mogra.demo',
      password: DEMO_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    // The old address is told.
    const notice = await app.smtp.waitForMessage('mover@mogra.demo');
    expect(subjectOfMail(notice)).toBe('Your Mogra Demo School parent portal email address was changed');
    // Another parent is untouched.
    expect(await contactOf(haddad)).toBe('family.haddad@mogra.demo');
  });

  it('writes the code in the language the parent chose', async () => {
    const arabic = await app.as('arabic@mogra.demo');
    await answerOf(arabic.patch('/account/settings', { language: 'ar' }));
    await mailedCode(arabic, 'arabic.new@example.com');
    const mail = await app.smtp.waitForMessage('arabic.new@example.com');
    expect(subjectOfMail(mail)).toBe('تأكيد عنوان بريدك الإلكتروني الجديد - مدرسة موغرا التجريبية');
  });

  it("does not take another parent's code", async () => {
    const thief = await app.as('thief@mogra.demo');
    const owner = await app.as('busy@mogra.demo');
    const code = await mailedCode(owner, 'owner.new@example.com');
    await expectRefused(thief.post('/account/email/confirm', { code }), 400, 'L008');
    expect(await contactOf(thief)).toBe('thief@mogra.demo');
    expect((await answerOf<TContact>(owner.post('/account/email/confirm', { code }))).email).toBe(
      'owner.new@example.com',
    );
  });

  it('refuses an address that is not one (400 V001), and limits the requests of one parent (429 L006)', async () => {
    const busy = await app.as('busy@mogra.demo');
    for (const email of ['not an address', 'x@', '']) {
      await expectRefused(busy.post('/account/email', { email }), 400, 'V001');
    }
    await expectRefused(busy.post('/account/email/confirm', { code: '12345' }), 400, 'V001');
    // busy asked once already (the test before); four more, then the limit.
    for (let index = 0; index < 4; index += 1) {
      await answerOf(busy.post('/account/email', { email: `busy.${index}@example.com` }));
    }
    const refused = await busy.post('/account/email', { email: 'busy.5@example.com' });
    await expectRefused(Promise.resolve(refused), 429, 'L006');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('needs a session (401 L004)', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/v1/ppn/account/contact', undefined],
      ['POST', '/api/v1/ppn/account/email', { email: 'a@example.com' }],
      ['POST', '/api/v1/ppn/account/email/confirm', { code: '123456' }],
    ] as const) {
      const answer = await app.t.app.inject({
        method,
        url,
        headers: { 'client-id': 'mogra' },
        ...(payload ? { payload } : {}),
      });
      expect(answer.statusCode, url).toBe(401);
      expect(answer.json().messageId).toBe('L004');
    }
  });
});
