import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@portal/contracts/kits/dates';
import { documentRequests, notifications } from '../../../src/db/schema/index.ts';
import { multipart } from '../../abuse/multipart.ts';
import { signIn } from '../../helper.ts';
import { buildRequestsApp, parentCall, staffCall, type TRequestsApp } from '../requests/leave-data.ts';

// Uploads (docs/modules.md F5, module `uploads`): the school asks a family for a document through
// the staff API, the parent answers with their own attachments as a `documentUpload` request, and
// the school's approval meets the ask. Another family's ask is 403 A002; another school's child is
// unknown to the staff API.

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

type TDocument = {
  id: string;
  enrollNumber: string;
  childName: string;
  state: string;
  canSend: boolean;
  overdue: boolean;
  schoolNote: string;
  uploads: { requestId: string; status: string; files: { id: string }[]; history: { to: string }[] }[];
};

describe('uploads: documents the school asks for', () => {
  let t: TRequestsApp;

  const upload = async (headers: Record<string, string>, name = 'scan.pdf', content = PDF) => {
    const body = multipart([{ name: 'file', filename: name, type: 'application/pdf', content }]);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ppn/attachments',
      headers: { ...headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().attachment.id as string;
  };
  const ask = (enrollNumbers: string[], schoolId = 'mogra', extra: object = {}) =>
    staffCall(t, schoolId, 'POST', '/document-requests', {
      enrollNumbers,
      title_en: 'Birth certificate',
      title_ar: 'شهادة الميلاد',
      details_en: 'A copy of the birth certificate',
      details_ar: 'نسخة من شهادة الميلاد',
      dueOn: addDays(t.today, 7),
      ...extra,
    });
  const documentsOf = async (headers: Record<string, string>) => {
    const answer = await parentCall(t, headers, 'GET', '/uploads');
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().items as TDocument[];
  };

  beforeAll(async () => {
    t = await buildRequestsApp();
  }, 180_000);
  afterAll(() => t.close());

  it('shows the demo family its asked documents in each state', async () => {
    const items = await documentsOf(t.mogra);
    const states = Object.fromEntries(items.map((item) => [item.childName.split(' ')[0], item.state]));
    expect(items.length).toBeGreaterThanOrEqual(3);
    expect(items.find((item) => item.enrollNumber === 'MG1002')?.state).toBe('waiting');
    expect(items.find((item) => item.enrollNumber === 'MG1001')?.state).toBe('sent');
    expect(items.find((item) => item.enrollNumber === 'MG1003')?.state, JSON.stringify(states)).toBe(
      'accepted',
    );
    const haddad = await documentsOf(t.haddad);
    expect(haddad.map((item) => [item.enrollNumber, item.state])).toEqual([['MG2001', 'waiting']]);
  });

  it("the staff ask notifies the child's parents naming the child; an unknown child is 422", async () => {
    const answer = await ask(['MG1002'], 'mogra', { staffId: 'stf-01' });
    expect(answer.statusCode, answer.body).toBe(201);
    const [created] = answer.json().items as { id: string }[];
    const notices = await t.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.schoolId, 'mogra'),
          eq(notifications.parentId, 'MG-P001'),
          eq(notifications.dedupeKey, `documents.uploadRequested:${created!.id}`),
        ),
      );
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      category: 'documents',
      kind: 'documents.uploadRequested',
      path: '/upload',
    });
    expect(notices[0]!.titleEn).toContain('Layla');
    const unknown = await ask(['MG9999']);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().messageId).toBe('I001');
    // Another school's child is as unknown to this school's key.
    const elsewhere = await ask(['MG1001'], 'bcd');
    expect(elsewhere.statusCode).toBe(422);
    const bad = await ask([], 'mogra');
    expect(bad.statusCode).toBe(400);
  });

  it("sends the parent's own attachment (201), refuses another parent's (404), a second while in review (409 R003)", async () => {
    const asked = (await ask(['MG1001'])).json().items[0].id as string;
    const others = await upload(t.haddad);
    const foreign = await parentCall(t, t.mogra, 'POST', `/uploads/${asked}`, { attachmentIds: [others] });
    expect(foreign.statusCode, foreign.body).toBe(404);
    expect(foreign.json().messageId).toBe('N404');
    const own = await upload(t.mogra);
    const sent = await parentCall(t, t.mogra, 'POST', `/uploads/${asked}`, { attachmentIds: [own] });
    expect(sent.statusCode, sent.body).toBe(201);
    const document = sent.json().document as TDocument;
    expect(document.state).toBe('sent');
    expect(document.canSend).toBe(false);
    expect(document.uploads[0]!.files.map((file) => file.id)).toEqual([own]);
    const again = await parentCall(t, t.mogra, 'POST', `/uploads/${asked}`, {
      attachmentIds: [await upload(t.mogra, 'second.pdf', Buffer.concat([PDF, Buffer.from('% 2\n')]))],
    });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().messageId).toBe('R003');
    // The same attachment twice is used already.
    const reused = await ask(['MG1001']);
    const used = await parentCall(t, t.mogra, 'POST', `/uploads/${reused.json().items[0].id}`, {
      attachmentIds: [own],
    });
    expect(used.statusCode).toBe(404);
  });

  it('keeps a file sent without a name as "file" (not a 500)', async () => {
    const body = multipart([{ name: 'file', type: 'application/octet-stream', content: PDF }]);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ppn/attachments',
      headers: { ...t.mogra, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().attachment.fileName).toBe('file');
  });

  it('the school refuses, the family sends again, the school accepts; then sending is 409 R001', async () => {
    const asked = (await ask(['MG1003'])).json().items[0].id as string;
    const first = await parentCall(t, t.mogra, 'POST', `/uploads/${asked}`, {
      attachmentIds: [await upload(t.mogra, 'a.pdf', Buffer.concat([PDF, Buffer.from('% a\n')]))],
    });
    const firstId = (first.json().document as TDocument).uploads[0]!.requestId;
    const refused = await staffCall(t, 'mogra', 'POST', `/requests/${firstId}/decide`, {
      decision: 'rejected',
      note: 'The copy is blurred',
    });
    expect(refused.statusCode, refused.body).toBe(200);
    let document = (await documentsOf(t.mogra)).find((item) => item.id === asked)!;
    expect(document).toMatchObject({ state: 'refused', schoolNote: 'The copy is blurred', canSend: true });
    const second = await parentCall(t, t.mogra, 'POST', `/uploads/${asked}`, {
      attachmentIds: [await upload(t.mogra, 'b.pdf', Buffer.concat([PDF, Buffer.from('% b\n')]))],
    });
    expect(second.statusCode, second.body).toBe(201);
    const secondId = (second.json().document as TDocument).uploads[0]!.requestId;
    const approved = await staffCall(t, 'mogra', 'POST', `/requests/${secondId}/decide`, {
      decision: 'approved',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const [row] = await t.database.db
      .select({ metAt: documentRequests.metAt })
      .from(documentRequests)
      .where(eq(documentRequests.documentRequestId, asked));
    expect(row?.metAt).not.toBeNull();
    document = (await documentsOf(t.mogra)).find((item) => item.id === asked)!;
    expect(document.state).toBe('accepted');
    expect(document.uploads).toHaveLength(2);
    const late = await parentCall(t, t.mogra, 'POST', `/uploads/${asked}`, {
      attachmentIds: [await upload(t.mogra, 'c.pdf', Buffer.concat([PDF, Buffer.from('% c\n')]))],
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().messageId).toBe('R001');
  });

  it("refuses another family's ask (403 A002), a school without the module (A001), another school's key (404)", async () => {
    const asked = (await ask(['MG1002'])).json().items[0].id as string;
    const haddadFile = await upload(t.haddad);
    const other = await parentCall(t, t.haddad, 'POST', `/uploads/${asked}`, { attachmentIds: [haddadFile] });
    expect(other.statusCode).toBe(403);
    expect(other.json().messageId).toBe('A002');
    const bcd = {
      'client-id': 'bcd',
      authorization: `Bearer ${await signIn(t.app, 'bcd', 'parent@bcd.demo')}`,
    };
    // bcd does not offer the module: 403 A001 before anything is read.
    const elsewhere = await parentCall(t, bcd, 'POST', `/uploads/${asked}`, { attachmentIds: [haddadFile] });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().messageId).toBe('A001');
    expect((await parentCall(t, bcd, 'GET', '/uploads')).json().messageId).toBe('A001');
    // Another school's key neither reads nor decides this school's uploads.
    const sent = await parentCall(t, t.mogra, 'POST', `/uploads/${asked}`, {
      attachmentIds: [await upload(t.mogra, 'd.pdf', Buffer.concat([PDF, Buffer.from('% d\n')]))],
    });
    const requestId = (sent.json().document as TDocument).uploads[0]!.requestId;
    const decided = await staffCall(t, 'bcd', 'POST', `/requests/${requestId}/decide`, {
      decision: 'approved',
    });
    expect(decided.statusCode).toBe(404);
    const unknown = await parentCall(t, t.mogra, 'POST', '/uploads/00000000-0000-4000-8000-000000000000', {
      attachmentIds: [haddadFile],
    });
    expect(unknown.statusCode).toBe(404);
    const notMine = await parentCall(t, t.mogra, 'GET', '/uploads?enrollNumber=MG2001');
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().messageId).toBe('A002');
    const badBody = await parentCall(t, t.mogra, 'POST', `/uploads/${asked}`, { attachmentIds: [] });
    expect(badBody.statusCode).toBe(400);
  });
});
