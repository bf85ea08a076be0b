import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MessageId } from '@portal/contracts/messages';
import { attachmentBlobs, attachments } from '../../src/db/schema/index.ts';
import { purgeUnusedAttachments, useAttachments } from '../../src/kits/attachments.ts';
import { activePdfName } from '../../src/kits/files/file-check-worker.ts';
import type { ApiError } from '../../src/api-error.ts';
import { multipart, pngOfSize } from '../abuse/multipart.ts';
import { buildTestApp, signIn, type TTestApp } from '../helper.ts';

// The attachments kit (docs/decisions/018-module-families.md), through its routes, across two
// parents of mogra and a parent of bcad.
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
const SCRIPTED_PDF = Buffer.from(
  '%PDF-1.7\n1 0 obj << /OpenAction << /S /J#61vaScript /JS (app.alert(1)) >> >> endobj\n',
);

describe('attachments (kit and routes)', () => {
  let t: TTestApp;
  let sara: string;
  let rami: string;
  let bcad: string;
  beforeAll(async () => {
    t = await buildTestApp({ env: { ATTACHMENT_QUOTA_MB: '1' } });
    sara = await signIn(t.app, 'mogra', 'parent@mogra.demo');
    rami = await signIn(t.app, 'mogra', 'family.haddad@mogra.demo');
    bcad = await signIn(t.app, 'bcad', 'parent@bcad.demo');
  });
  afterAll(() => t.close());

  const upload = (token: string, filename: string, content: Buffer, schoolId = 'mogra') => {
    const body = multipart([{ name: 'file', filename, type: 'application/octet-stream', content }]);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/ppn/attachments',
      headers: { 'client-id': schoolId, authorization: `Bearer ${token}`, 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const download = (token: string, id: string, schoolId = 'mogra') =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/ppn/attachments/${id}`,
      headers: { 'client-id': schoolId, authorization: `Bearer ${token}` },
    });

  it('takes a PDF, typed by its bytes whatever its name, and gives it back to its uploader only', async () => {
    const response = await upload(sara, '../../letter from doctor.pdf.exe', PDF);
    expect(response.statusCode).toBe(200);
    const { attachment } = response.json();
    expect(attachment).toMatchObject({ contentType: 'application/pdf', sizeBytes: PDF.length });
    expect(attachment.fileName).toBe('letter from doctor.pdf.exe');
    const own = await download(sara, attachment.id);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.rawPayload.equals(PDF)).toBe(true);
    expect((await download(rami, attachment.id)).json().messageId).toBe(MessageId.notFound);
    expect((await download(bcad, attachment.id, 'bcad')).statusCode).toBe(404);
    expect((await download(sara, attachment.id, 'bcad')).statusCode).toBe(401);
  });

  it('refuses what is not a PDF or an image (415 V004) and a PDF that runs scripts (422 U002)', async () => {
    const text = await upload(sara, 'notes.pdf', Buffer.from('just text, not a PDF'));
    expect([text.statusCode, text.json().messageId]).toEqual([415, MessageId.unsupportedMediaType]);
    const scripted = await upload(sara, 'form.pdf', SCRIPTED_PDF);
    expect([scripted.statusCode, scripted.json().messageId]).toEqual([422, MessageId.uploadRefused]);
    expect(activePdfName(PDF)).toBeNull();
    expect(activePdfName(Buffer.from('/Launch'))).toBe('Launch');
  });

  it('refuses a file over 10 MB with 413 V003', async () => {
    const response = await upload(sara, 'big.png', pngOfSize(10 * 1024 * 1024 + 1));
    expect([response.statusCode, response.json().messageId]).toEqual([413, MessageId.bodyTooLarge]);
  });

  it("keeps one copy of the same content and refuses what passes the school's quota (413 U001)", async () => {
    const blobCount = async () => {
      const [blobs] = await t.database.db
        .select({ count: sql<number>`count(*)::int` })
        .from(attachmentBlobs)
        .where(eq(attachmentBlobs.schoolId, 'mogra'));
      return blobs?.count ?? 0;
    };
    const before = await blobCount();
    const photo = pngOfSize(400 * 1024);
    const first = await upload(sara, 'a.png', photo);
    const again = await upload(rami, 'b.png', photo);
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(await blobCount()).toBe(before + 1);
    const second = await upload(sara, 'c.png', pngOfSize(500 * 1024));
    expect([second.statusCode, second.json().messageId]).toEqual([200, MessageId.ok]);
    const over = await upload(sara, 'd.png', pngOfSize(300 * 1024));
    expect([over.statusCode, over.json().messageId]).toEqual([413, MessageId.uploadQuotaFull]);
    // Another school's quota is its own.
    expect((await upload(bcad, 'e.png', pngOfSize(300 * 1024), 'bcad')).statusCode).toBe(200);
  });

  it("lets an item use only the parent's own unused attachments (else 404 N404)", async () => {
    const mine = (await upload(sara, 'mine.pdf', PDF)).json().attachment.id as string;
    const theirs = (await upload(rami, 'theirs.pdf', PDF)).json().attachment.id as string;
    const sarah = { schoolId: 'mogra', parentId: 'MG-P001' };
    const refused = await useAttachments(t.database.db, sarah, [mine, theirs], 'request:1').catch(
      (e: unknown) => e,
    );
    expect((refused as ApiError).messageId).toBe(MessageId.notFound);
    expect(await useAttachments(t.database.db, sarah, [mine], 'request:1')).toHaveLength(1);
    const twice = await useAttachments(t.database.db, sarah, [mine], 'request:2').catch((e: unknown) => e);
    expect((twice as ApiError).statusCode).toBe(404);
  });

  it('purges attachments unused for a day, and bytes nothing refers to', async () => {
    const id = (await upload(sara, 'old.pdf', Buffer.from('%PDF-1.4\n% old\n'))).json().attachment
      .id as string;
    await t.database.db
      .update(attachments)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(attachments.attachmentId, id));
    expect(await purgeUnusedAttachments(t.database.db)).toBeGreaterThanOrEqual(1);
    expect((await download(sara, id)).statusCode).toBe(404);
  });
});
