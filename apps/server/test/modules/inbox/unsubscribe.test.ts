import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { UNSUBSCRIBE_PATH } from '@portal/contracts/kits/inbox';
import { MessageId } from '@portal/contracts/messages';
import { notifications } from '../../../src/db/schema/index.ts';
import { notify, type TNotice } from '../../../src/kits/notify.ts';
import { unsubscribeKey } from '../../../src/modules/inbox/unsubscribe-token.ts';
import { subjectOfMail, textOfMail } from '../../mail-reader.ts';
import { choosePreferences, mailingApp, staffReply } from '../../mailing-app.ts';
import type { TParentApi } from '../schedule/schedule-data.ts';
import { headerOfMail, oneClickOf, tokenOf, unsubscribePagesOf } from './mail-headers.ts';

// Unsubscribing by a mail's link, without signing in (docs/notifications.md, "Unsubscribing";
// docs/decisions/021-publications-and-inbox.md): the token of a link names one parent and its
// categories, signed by the portal; opening it changes nothing, posting it (the page's button,
// or a mail client's one-click POST) sets them `off`. A link is bound to its parent and
// categories: another parent's cannot change this one, and one altered character fails.
describe('unsubscribe links', () => {
  const ctx = mailingApp();

  const modeOf = async (api: TParentApi, category: string) =>
    (
      (await api.get('/notification-preferences')).json().preferences.categories as {
        category: string;
        mode: string;
      }[]
    ).find((item) => item.category === category)?.mode;
  const unsubscribe = (
    method: 'GET' | 'POST',
    token: string,
    options: { headers?: Record<string, string>; payload?: string | Buffer; remoteAddress?: string } = {},
  ) =>
    ctx.t.app.inject({
      method,
      url: `/api${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`,
      headers: options.headers ?? {},
      ...(options.payload !== undefined ? { payload: options.payload } : {}),
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    });
  const oneClick = (token: string, headers: Record<string, string> = {}) =>
    unsubscribe('POST', token, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: 'List-Unsubscribe=One-Click',
    });
  const refusal = (response: { statusCode: number; json: () => { messageId: string } }) => [
    response.statusCode,
    response.json().messageId,
  ];
  /** The token with one character changed at `index` (from the end when negative). */
  const altered = (token: string, index: number) => {
    const at = index < 0 ? token.length + index : index;
    const swap = token[at] === 'A' ? 'B' : 'A';
    return `${token.slice(0, at)}${swap}${token.slice(at + 1)}`;
  };

  let saraToken: string;
  let saraThread: string;

  it('puts the link and the one-click headers on a notice mail', async () => {
    await choosePreferences(ctx.sara, { categories: [{ category: 'messages', mode: 'instant' }] });
    saraThread = ((await ctx.sara.get('/threads?enrollNumber=MG1002')).json().items[0] as { id: string }).id;
    await staffReply(ctx.t, saraThread, 'Thank you for your message.');
    await ctx.t.app.notificationMail.runOnce(ctx.at('10:00'));
    const mail = ctx
      .mailsTo('parent@mogra.demo')
      .find((raw) => subjectOfMail(raw) === 'Mariam Haddad replied about Layla')!;
    expect(headerOfMail(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const header = oneClickOf(mail);
    const [page] = unsubscribePagesOf(textOfMail(mail));
    // The page and the header carry the same token: the notice holds one category.
    saraToken = tokenOf(header);
    expect(tokenOf(page!)).toBe(saraToken);
    expect(new URL(header).pathname).toBe(`/api${UNSUBSCRIBE_PATH}`);
    expect(new URL(page!).pathname).toBe('/unsubscribe');
  });

  it('says what the link stops without signing in, and changes nothing by opening it', async () => {
    const answer = await unsubscribe('GET', saraToken);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      success: true,
      messageId: MessageId.ok,
      category: 'messages',
      mode: 'instant',
      categories: [{ category: 'messages', mode: 'instant' }],
      email: 'p•••@mogra.demo',
    });
    expect(await modeOf(ctx.sara, 'messages')).toBe('instant');
    // The web page sends its school's client-id: the same school is fine, another is not.
    expect((await unsubscribe('GET', saraToken, { headers: { 'client-id': 'mogra' } })).statusCode).toBe(200);
    expect(refusal(await unsubscribe('GET', saraToken, { headers: { 'client-id': 'bcad' } }))).toEqual([
      404,
      MessageId.notFound,
    ]);
  });

  it('refuses a token altered by one character, made up, or for safety (404 N404)', async () => {
    const [payload, mac] = saraToken.split('.') as [string, string];
    for (const bad of [
      altered(saraToken, 0),
      altered(saraToken, payload.length + 5),
      altered(saraToken, -1),
      `${payload}.${'A'.repeat(43)}`,
      'not-a-token',
      `${Buffer.from('u1\nmogra\nMG-P001\nmessages').toString('base64url')}.${mac}x`,
    ]) {
      expect(refusal(await unsubscribe('GET', bad)), bad).toEqual([404, MessageId.notFound]);
      expect(refusal(await oneClick(bad)), bad).toEqual([404, MessageId.notFound]);
    }
    // Signed with the portal's own key, safety is still refused: it is always instant.
    const key = await unsubscribeKey(ctx.t.database.db);
    const safety = 'u1\nmogra\nMG-P001\nsafety';
    const signed = `${Buffer.from(safety).toString('base64url')}.${createHmac('sha256', key).update(safety).digest('base64url')}`;
    expect(refusal(await oneClick(signed))).toEqual([404, MessageId.notFound]);
    // A parent the school does not have.
    const ghost = 'u1\nmogra\nMG-P999\nmessages';
    const forged = `${Buffer.from(ghost).toString('base64url')}.${createHmac('sha256', key).update(ghost).digest('base64url')}`;
    expect(refusal(await unsubscribe('GET', forged))).toEqual([404, MessageId.notFound]);
    expect(await modeOf(ctx.sara, 'messages')).toBe('instant');
  });

  it("binds a link to its parent: another parent's link changes only that parent", async () => {
    await choosePreferences(ctx.rami, { categories: [{ category: 'messages', mode: 'instant' }] });
    const created = await ctx.rami.post('/threads', {
      enrollNumber: 'MG2001',
      staffId: 'stf-90',
      subject: 'Settling in',
      body: 'How is Nour settling in?',
    });
    expect(created.statusCode, created.body).toBe(201);
    await staffReply(ctx.t, created.json().thread.id, 'Very well; she has made friends.');
    await ctx.t.app.notificationMail.runOnce(ctx.at('10:05'));
    const ramiMail = ctx
      .mailsTo('family.haddad@mogra.demo')
      .find((raw) => subjectOfMail(raw).startsWith('Layal Khoury replied about Nour'))!;
    const ramiToken = tokenOf(oneClickOf(ramiMail));
    // Rami's payload with Sara's signature, and Sara's with Rami's: neither is valid.
    const [ramiPayload, ramiMac] = ramiToken.split('.');
    const [saraPayload, saraMac] = saraToken.split('.');
    expect(refusal(await oneClick(`${saraPayload}.${ramiMac}`))).toEqual([404, MessageId.notFound]);
    expect(refusal(await oneClick(`${ramiPayload}.${saraMac}`))).toEqual([404, MessageId.notFound]);
    const answer = await oneClick(ramiToken);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ category: 'messages', mode: 'off', email: 'f•••@mogra.demo' });
    expect(await modeOf(ctx.rami, 'messages')).toBe('off');
    expect(await modeOf(ctx.sara, 'messages')).toBe('instant');
  });

  it('stops the category by the one-click POST, with no session and no client-id; nothing more is mailed', async () => {
    const answer = await oneClick(saraToken);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ category: 'messages', mode: 'off' });
    expect(await modeOf(ctx.sara, 'messages')).toBe('off');
    // Again (a client retrying, or the page's button after the header): the same answer.
    const multipartBody =
      '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n';
    const again = await unsubscribe('POST', saraToken, {
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: multipartBody,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await unsubscribe('POST', saraToken)).statusCode).toBe(200);
    const seq = await staffReply(ctx.t, saraThread, 'One more thing about the lab coat.');
    const before = ctx.mailsTo('parent@mogra.demo').length;
    await ctx.t.app.notificationMail.runOnce(ctx.at('10:10'));
    const [notice] = await ctx.t.database.db
      .select({ mailState: notifications.mailState, readAt: notifications.readAt })
      .from(notifications)
      .where(eq(notifications.dedupeKey, `messages.reply:${saraThread}:${seq}`));
    expect(notice?.mailState).toBe('skipped');
    expect(ctx.mailsTo('parent@mogra.demo')).toHaveLength(before);
    // The notice is still in the inbox.
    const inbox = (await ctx.sara.get('/notifications?category=messages&unread=1')).json();
    expect(inbox.items.some((item: { path: string }) => item.path.includes(saraThread))).toBe(true);
  });

  it('puts no link on a safety notice', async () => {
    const safety: TNotice = {
      schoolId: 'mogra',
      enrollNumber: 'MG1003',
      category: 'safety',
      kind: 'safety.exitHandover',
      dedupeKey: 'test:safety',
      title: { en: 'Yousef left school with his aunt', ar: 'غادر يوسف المدرسة مع خالته' },
      body: { en: 'Collected at 13:10.', ar: 'استلمته الساعة 13:10.' },
      path: '/exit-slip-request',
    };
    await notify(ctx.t.database.db, safety, ['MG-P001']);
    await ctx.t.app.notificationMail.runOnce(ctx.at('13:15'));
    const mail = ctx
      .mailsTo('parent@mogra.demo')
      .find((raw) => subjectOfMail(raw) === 'Yousef left school with his aunt')!;
    expect(headerOfMail(mail, 'List-Unsubscribe')).toBe('');
    expect(headerOfMail(mail, 'List-Unsubscribe-Post')).toBe('');
    expect(unsubscribePagesOf(textOfMail(mail))).toEqual([]);
  });

  it("links each category of a digest, and its header stops all of the digest's categories", async () => {
    await choosePreferences(ctx.sara, {
      categories: [
        { category: 'academics', mode: 'digest' },
        { category: 'announcements', mode: 'digest' },
      ],
    });
    const notice = (dedupeKey: string, category: 'academics' | 'announcements', title: string): TNotice => ({
      schoolId: 'mogra',
      enrollNumber: category === 'academics' ? 'MG1001' : null,
      category,
      kind: category === 'academics' ? 'academics.agenda' : 'announcements.news',
      dedupeKey,
      title: { en: title, ar: '' },
      body: { en: `${title}.`, ar: '' },
      path: '/news',
    });
    await notify(
      ctx.t.database.db,
      [
        notice('test:digest:1', 'academics', 'Maths worksheet'),
        notice('test:digest:2', 'announcements', 'Sports day'),
      ],
      ['MG-P001'],
    );
    const before = ctx.mailsTo('parent@mogra.demo').length;
    expect((await ctx.t.app.notificationMail.runOnce(ctx.at('18:05'))).digests).toBe(1);
    const [digest] = ctx.mailsTo('parent@mogra.demo').slice(before);
    const text = textOfMail(digest!);
    expect(text).toContain('To stop mail about Learning, open:');
    expect(text).toContain('To stop mail about Announcements, open:');
    const pages = unsubscribePagesOf(text).map(tokenOf);
    const learning = (await unsubscribe('GET', pages[0]!)).json();
    expect(learning.categories.map((item: { category: string }) => item.category)).toEqual(['academics']);
    const all = tokenOf(oneClickOf(digest!));
    const stopped = (await oneClick(all)).json();
    const categories = stopped.categories as { category: string; mode: string }[];
    expect(categories.map((item) => item.category)).toEqual(
      expect.arrayContaining(['academics', 'announcements']),
    );
    expect(categories.every((item) => item.mode === 'off')).toBe(true);
    expect(categories.map((item) => item.category)).not.toContain('safety');
    expect(await modeOf(ctx.sara, 'academics')).toBe('off');
    expect(await modeOf(ctx.sara, 'announcements')).toBe('off');
    expect(await modeOf(ctx.sara, 'attendance')).toBe('instant');
  });

  it('limits the calls of one address (429 L006)', async () => {
    const statuses: number[] = [];
    for (let call = 0; call < 31; call += 1)
      statuses.push((await unsubscribe('GET', saraToken, { remoteAddress: '203.0.113.7' })).statusCode);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    const over = await unsubscribe('GET', saraToken, { remoteAddress: '203.0.113.7' });
    expect(refusal(over)).toEqual([429, MessageId.tooManyRequests]);
    expect((await unsubscribe('GET', saraToken, { remoteAddress: '203.0.113.8' })).statusCode).toBe(200);
  });
});
