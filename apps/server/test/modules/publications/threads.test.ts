import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES_PER_HOUR, type TThread } from '@portal/contracts/families/publications';
import { MessageId } from '@portal/contracts/messages';
import { auditLog, messageThreads, notifications, threadMessages } from '../../../src/db/schema/index.ts';
import { demoSyncKey } from '../../../src/db/seed/seed.ts';
import { multipart } from '../../abuse/multipart.ts';
import { buildTestApp, signIn, type TTestApp } from '../../helper.ts';
import { parentApi, type TParentApi } from '../schedule/schedule-data.ts';

// Threads with staff (docs/modules.md F4; docs/decisions/021-publications-and-inbox.md): a parent
// writes about one child to a member of staff who teaches or cares for the child; the staff
// API answers and the parent is told. On the demo data: mogra's Sara (Omar 9 A, Layla 6 B,
// Yousef 2 C) and Rami (Nour 4 A), and bcad, which grants no `communication`.
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

/** Building the app seeds a whole demo database: slow on a busy machine. */
const BUILD_TIMEOUT_MS = 180_000;

describe('threads with staff', () => {
  let t: TTestApp;
  let sara: TParentApi;
  let rami: TParentApi;
  let saraToken: string;
  beforeAll(async () => {
    t = await buildTestApp();
    saraToken = await signIn(t.app, 'mogra', 'parent@mogra.demo');
    sara = parentApi(t, 'mogra', saraToken);
    rami = parentApi(t, 'mogra', await signIn(t.app, 'mogra', 'family.haddad@mogra.demo'));
  }, BUILD_TIMEOUT_MS);
  afterAll(() => t.close());

  const staffApi = (method: 'GET' | 'POST', url: string, payload?: object, schoolId = 'mogra') =>
    t.app.inject({
      method,
      url: `/api/v1/staff${url}`,
      headers: { 'client-id': schoolId, authorization: `Bearer ${demoSyncKey(schoolId)}` },
      ...(payload ? { payload } : {}),
    });
  const refusal = (response: { statusCode: number; json: () => { messageId: string } }) => [
    response.statusCode,
    response.json().messageId,
  ];
  const threadsOf = async (api: TParentApi, query = '') => {
    const answer = await api.get(`/threads${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as { items: TThread[]; unread: number; nextCursor: string | null };
  };
  const newThread = (api: TParentApi, payload: Record<string, unknown>) => api.post('/threads', payload);

  it("lists the child's class teacher, subject teachers and counsellor, titled in English and Arabic", async () => {
    const answer = await sara.get('/threads/contacts?enrollNumber=MG1001');
    expect(answer.statusCode, answer.body).toBe(200);
    const items = answer.json().items as { id: string; name: string; title: string; titleAr: string }[];
    // Sarah Mitchell is Omar's class teacher and his maths teacher (demo roster).
    expect(items[0]).toMatchObject({ id: 'stf-01', name: 'Sarah Mitchell' });
    expect(items[0]!.title).toMatch(/^Class teacher, .*Mathematics/);
    expect(items[0]!.titleAr).toContain('معلم الصف');
    expect(items[0]!.titleAr).toContain('الرياضيات');
    expect(items.at(-1)).toMatchObject({
      id: 'stf-90',
      title: 'School counsellor',
      titleAr: 'المرشدة المدرسية',
    });
    const ids = items.map((item) => item.id);
    expect(ids).not.toContain('stf-99'); // the head of school teaches no class of Omar's
    expect(ids).not.toContain('stf-12');
    const science = items.find((item) => item.title.includes('Science'));
    expect(science?.titleAr).toContain('العلوم');
    expect(refusal(await sara.get('/threads/contacts?enrollNumber=MG2001'))).toEqual([
      403,
      MessageId.notYourChild,
    ]);
  });

  it("shows the demo's three threads, newest activity first, each naming its child, with the unread reply", async () => {
    const { items, unread } = await threadsOf(sara);
    expect(items.map((item) => item.enrollNumber)).toEqual(['MG1002', 'MG1001', 'MG1003']);
    expect(items.map((item) => item.childName)).toEqual([
      'Layla Khalid Al Mansouri',
      'Omar Khalid Al Mansouri',
      'Yousef Khalid Al Mansouri',
    ]);
    expect(unread).toBe(1);
    const [layla, omar, yousef] = items;
    expect(layla).toMatchObject({
      unread: 1,
      status: 'open',
      staff: { id: 'stf-05', name: 'Mariam Haddad' },
    });
    expect(layla!.preview).toMatch(/^Layla did very well in the reading test\./);
    expect(omar).toMatchObject({ unread: 0, subject: 'Fractions homework', staff: { id: 'stf-01' } });
    expect(omar!.staff.title).toContain('Mathematics');
    expect(yousef).toMatchObject({ status: 'closed', subject: 'قصص عربية للقراءة في المنزل' });
    expect(yousef!.staff).toMatchObject({ id: 'stf-03', name: 'Fatima Al Zahra' });
    expect(yousef!.staff.title).toMatch(/^Class teacher/);
    expect(yousef!.staff.titleAr).toMatch(/^معلم الصف/);
    const arabic = (await sara.get(`/threads/${yousef!.id}`)).json();
    expect(arabic.messages).toHaveLength(4);
    for (const message of arabic.messages) expect(message.body).toMatch(/^[\u0600-\u06ff]/);
    expect(arabic.messages[1]).toMatchObject({
      author: 'staff',
      authorName: 'Fatima Al Zahra',
      authorNameAr: 'فاطمة الزهراء',
    });
    // One child's threads, a page at a time.
    expect((await threadsOf(sara, '?enrollNumber=MG1002')).items.map((item) => item.id)).toEqual([layla!.id]);
    const first = await threadsOf(sara, '?pageSize=5');
    expect(first.nextCursor).toBeNull();
    expect(refusal(await sara.get('/threads?enrollNumber=MG2001'))).toEqual([403, MessageId.notYourChild]);
    expect(refusal(await sara.get('/threads?cursor=not-a-cursor'))).toEqual([400, MessageId.invalidRequest]);
  });

  it('marks a thread read, and the notices of its replies with it', async () => {
    const layla = (await threadsOf(sara, '?enrollNumber=MG1002')).items[0]!;
    const read = await sara.post(`/threads/${layla.id}/read`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().thread.unread).toBe(0);
    expect((await threadsOf(sara)).unread).toBe(0);
  });

  it('starts a thread with a teacher of the child, with an attachment the parent can download', async () => {
    const body = multipart([
      { name: 'file', filename: 'worksheet.pdf', type: 'application/pdf', content: PDF },
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ppn/attachments',
      headers: {
        'client-id': 'mogra',
        authorization: `Bearer ${saraToken}`,
        'content-type': body.contentType,
      },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const attachmentId = uploaded.json().attachment.id as string;
    const created = await newThread(sara, {
      enrollNumber: 'MG1001',
      staffId: 'stf-01',
      subject: '  Absence next Thursday ',
      body: 'Omar has a dental appointment on Thursday morning; the letter is attached.',
      attachmentIds: [attachmentId],
    });
    expect(created.statusCode, created.body).toBe(201);
    const { thread, messages } = created.json();
    expect(thread).toMatchObject({
      enrollNumber: 'MG1001',
      childName: 'Omar Khalid Al Mansouri',
      subject: 'Absence next Thursday',
      status: 'open',
      unread: 0,
      staff: { id: 'stf-01', name: 'Sarah Mitchell' },
    });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      seq: 1,
      author: 'parent',
      authorName: 'Sara Al Mansouri',
      attachments: [{ id: attachmentId, fileName: 'worksheet.pdf', contentType: 'application/pdf' }],
    });
    expect((await threadsOf(sara)).items[0]!.id).toBe(thread.id);
    const download = await sara.get(`/attachments/${attachmentId}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect((await rami.get(`/attachments/${attachmentId}`)).statusCode).toBe(404);
    // An attachment serves one message only.
    const again = await sara.post(`/threads/${thread.id}/messages`, {
      body: 'The same letter again.',
      attachmentIds: [attachmentId],
    });
    expect(refusal(again)).toEqual([404, MessageId.notFound]);
    const next = await sara.post(`/threads/${thread.id}/messages`, { body: 'She will be back by 11:00.' });
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json().messages.map((message: { seq: number }) => message.seq)).toEqual([1, 2]);
  });

  it('refuses staff who do not teach or care for the child (403 A003), and another child (403 A002)', async () => {
    const ask = (enrollNumber: string, staffId: string) =>
      newThread(sara, { enrollNumber, staffId, subject: 'Hello', body: 'A question.' });
    expect(refusal(await ask('MG1001', 'stf-12'))).toEqual([403, MessageId.staffNotLinked]);
    expect(refusal(await ask('MG1001', 'stf-99'))).toEqual([403, MessageId.staffNotLinked]);
    expect(refusal(await ask('MG1001', 'no-such-staff'))).toEqual([403, MessageId.staffNotLinked]);
    expect(refusal(await ask('MG2001', 'stf-04'))).toEqual([403, MessageId.notYourChild]);
    // The counsellor cares for every child.
    expect((await ask('MG1003', 'stf-90')).statusCode).toBe(201);
  });

  it('refuses an empty body or one over 5,000 characters (400 V001)', async () => {
    const base = { enrollNumber: 'MG1001', staffId: 'stf-01', subject: 'Hello' };
    expect(refusal(await newThread(sara, { ...base, body: '   ' }))).toEqual([400, MessageId.invalidRequest]);
    expect(refusal(await newThread(sara, { ...base, body: 'x'.repeat(5_001) }))).toEqual([
      400,
      MessageId.invalidRequest,
    ]);
    expect(refusal(await newThread(sara, { ...base, subject: '', body: 'Hi' }))).toEqual([
      400,
      MessageId.invalidRequest,
    ]);
  });

  it("refuses another parent's thread (403 A002), answers 404 for none, and 409 M001 for a closed one", async () => {
    const [saras] = (await threadsOf(sara)).items;
    for (const response of [
      await rami.get(`/threads/${saras!.id}`),
      await rami.post(`/threads/${saras!.id}/messages`, { body: 'Hello' }),
      await rami.post(`/threads/${saras!.id}/read`),
    ])
      expect(refusal(response)).toEqual([403, MessageId.notYourChild]);
    for (const response of [
      await sara.get('/threads/not-a-uuid'),
      await sara.get('/threads/00000000-0000-4000-8000-000000000000'),
    ])
      expect(refusal(response)).toEqual([404, MessageId.notFound]);
    const closed = (await threadsOf(sara, '?enrollNumber=MG1003')).items.find(
      (item) => item.status === 'closed',
    )!;
    expect(refusal(await sara.post(`/threads/${closed.id}/messages`, { body: 'One more thing' }))).toEqual([
      409,
      MessageId.threadClosed,
    ]);
  });

  it('refuses another school’s session (401) and a school without the module (403 A001)', async () => {
    const bcadToken = await signIn(t.app, 'bcad', 'parent@bcad.demo');
    const crossed = parentApi(t, 'mogra', bcadToken);
    expect((await crossed.get('/threads')).statusCode).toBe(401);
    expect(
      (await crossed.post('/threads', { enrollNumber: 'MG1001', staffId: 'stf-01', subject: 'a', body: 'b' }))
        .statusCode,
    ).toBe(401);
    expect(refusal(await parentApi(t, 'bcad', bcadToken).get('/threads'))).toEqual([
      403,
      MessageId.moduleNotGranted,
    ]);
  });

  it(`takes at most ${MESSAGES_PER_HOUR} messages an hour from a parent, over every thread (429 L006)`, async () => {
    const first = await newThread(rami, {
      enrollNumber: 'MG2001',
      staffId: 'stf-90',
      subject: 'Settling in',
      body: 'Hello.',
    });
    expect(first.statusCode, first.body).toBe(201);
    const threadId = first.json().thread.id as string;
    for (let sent = 1; sent < MESSAGES_PER_HOUR; sent += 1) {
      const response = await rami.post(`/threads/${threadId}/messages`, { body: `Message ${sent}` });
      expect(response.statusCode, response.body).toBe(201);
    }
    const over = await rami.post(`/threads/${threadId}/messages`, { body: 'One too many' });
    expect(refusal(over)).toEqual([429, MessageId.tooManyRequests]);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(3_000);
    const another = await newThread(rami, {
      enrollNumber: 'MG2001',
      staffId: 'stf-90',
      subject: 'Again',
      body: 'Hi',
    });
    expect(refusal(another)).toEqual([429, MessageId.tooManyRequests]);
    // Messages older than an hour no longer count.
    await t.database.db
      .update(threadMessages)
      .set({ at: new Date(Date.now() - 61 * 60_000) })
      .where(and(eq(threadMessages.schoolId, 'mogra'), eq(threadMessages.threadId, threadId)));
    expect((await rami.post(`/threads/${threadId}/messages`, { body: 'Back again' })).statusCode).toBe(201);
  });

  describe('the staff API', () => {
    let omarThread: string;
    beforeAll(async () => {
      omarThread = (await threadsOf(sara, '?enrollNumber=MG1001')).items.find(
        (item) => item.subject === 'Fractions homework',
      )!.id;
    });

    it('posts a reply that reaches the parent: an unread message and a notice naming child and teacher', async () => {
      const answer = await staffApi('POST', `/threads/${omarThread}/messages`, {
        body: 'Omar did the practice sheets well; we will move on to decimals next week.',
      });
      expect(answer.statusCode, answer.body).toBe(201);
      expect(answer.json()).toMatchObject({
        threadId: omarThread,
        message: { seq: 4, author: 'staff', authorName: 'Sarah Mitchell', authorNameAr: 'سارة ميتشل' },
      });
      const thread = (await threadsOf(sara)).items[0]!;
      expect(thread).toMatchObject({ id: omarThread, unread: 1 });
      const inbox = (await sara.get('/notifications?category=messages&unread=1')).json();
      const notice = inbox.items.find((item: { path: string }) => item.path.includes(omarThread));
      expect(notice).toMatchObject({
        kind: 'messages.reply',
        enrollNumber: 'MG1001',
        childName: 'Omar Khalid Al Mansouri',
        title: 'Sarah Mitchell replied about Omar',
        titleAr: 'ردّ سارة ميتشل بخصوص Omar',
        path: `/communication?enrollNumber=MG1001&thread=${omarThread}`,
      });
      expect(notice.body).toContain('Fractions homework: “Omar did the practice sheets well');
      // The other parents of the school are not told.
      const others = await t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.kind, 'messages.reply'), eq(notifications.parentId, 'MG-P002')));
      expect(others).toHaveLength(0);
      const [audit] = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.schoolId, 'mogra'), eq(auditLog.action, 'threads.reply')));
      expect(audit).toMatchObject({ staffId: 'stf-01' });
      // Reading the thread reads its notice.
      await sara.post(`/threads/${omarThread}/read`);
      const after = (await sara.get('/notifications?category=messages&unread=1')).json();
      expect(after.items.some((item: { path: string }) => item.path.includes(omarThread))).toBe(false);
    });

    it('lets another member of staff of the child reply, and refuses one who is not (403 A003)', async () => {
      const counsellor = await staffApi('POST', `/threads/${omarThread}/messages`, {
        body: 'I am happy to meet Omar too if it helps.',
        staffId: 'stf-90',
      });
      expect(counsellor.statusCode, counsellor.body).toBe(201);
      expect(counsellor.json().message.authorName).toBe('Layal Khoury');
      for (const staffId of ['stf-12', 'stf-99', 'nobody'])
        expect(
          refusal(await staffApi('POST', `/threads/${omarThread}/messages`, { body: 'Hi', staffId })),
        ).toEqual([403, MessageId.staffNotLinked]);
    });

    it("answers 404 for another school's thread or no thread", async () => {
      expect(
        refusal(await staffApi('POST', `/threads/${omarThread}/messages`, { body: 'Hi' }, 'bcad')),
      ).toEqual([404, MessageId.notFound]);
      expect(refusal(await staffApi('GET', `/threads/${omarThread}`, undefined, 'bcad'))).toEqual([
        404,
        MessageId.notFound,
      ]);
      expect(refusal(await staffApi('POST', '/threads/nope/messages', { body: 'Hi' }))).toEqual([
        404,
        MessageId.notFound,
      ]);
      const noKey = await t.app.inject({
        method: 'POST',
        url: `/api/v1/staff/threads/${omarThread}/messages`,
        headers: { 'client-id': 'mogra' },
        payload: { body: 'Hi' },
      });
      expect(noKey.statusCode).toBe(401);
    });

    it("lists a staff member's threads and shows one with its messages", async () => {
      const list = await staffApi('GET', '/threads?staffId=stf-01');
      expect(list.statusCode, list.body).toBe(200);
      const items = list.json().items as { id: string; parentName: string; childName: string }[];
      expect(items.map((item) => item.id)).toContain(omarThread);
      expect(items.find((item) => item.id === omarThread)).toMatchObject({
        parentName: 'Sara Al Mansouri',
        childName: 'Omar Khalid Al Mansouri',
      });
      const unread = (await staffApi('GET', '/threads?staffId=stf-01&unread=1')).json().items as {
        id: string;
      }[];
      // The thread started above (its messages unread by the school) is listed; Omar's is answered.
      expect(unread.map((item) => item.id)).not.toContain(omarThread);
      expect(unread.length).toBeGreaterThan(0);
      expect(refusal(await staffApi('GET', '/threads?staffId=nobody'))).toEqual([404, MessageId.notFound]);
      const one = await staffApi('GET', `/threads/${omarThread}`);
      expect(one.statusCode, one.body).toBe(200);
      expect(one.json().messages.map((message: { author: string }) => message.author)).toEqual([
        'parent',
        'staff',
        'parent',
        'staff',
        'staff',
      ]);
    });

    it('closes a thread with a last reply; then neither side may write (409 M001)', async () => {
      const last = await staffApi('POST', `/threads/${omarThread}/messages`, {
        body: 'Closing this thread; write again any time.',
        close: true,
      });
      expect(last.statusCode, last.body).toBe(201);
      const [row] = await t.database.db
        .select({ status: messageThreads.status })
        .from(messageThreads)
        .where(eq(messageThreads.threadId, omarThread));
      expect(row?.status).toBe('closed');
      expect(refusal(await staffApi('POST', `/threads/${omarThread}/messages`, { body: 'Hi' }))).toEqual([
        409,
        MessageId.threadClosed,
      ]);
      expect(refusal(await sara.post(`/threads/${omarThread}/messages`, { body: 'Thanks' }))).toEqual([
        409,
        MessageId.threadClosed,
      ]);
    });
  });
});
