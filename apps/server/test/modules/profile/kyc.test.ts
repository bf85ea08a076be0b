import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TKycDocument, TKycDocuments, TKycOwnerDocuments } from '@portal/contracts/families/kyc';
import { addDays, daysBetween } from '@portal/contracts/kits/dates';
import {
  kycDocuments,
  notifications,
  requests,
  schoolRoleApplications,
} from '../../../src/db/schema/index.ts';
import { schoolToday } from '../../../src/access/school.ts';
import { headerOf } from '../../../src/kits/bundle-file.ts';
import { kycTypesFile } from '../../../src/modules/profile/kyc-import.ts';
import { sendKycReminders } from '../../../src/modules/profile/kyc-reminders.ts';
import { readBundle } from '../../../src/modules/school-data/bundle-reader.ts';
import { csvText, manifestText } from '../../../src/modules/school-data/csv-text.ts';
import { BUNDLE_FILES } from '../../../src/modules/school-data/files.ts';
import { importBundle } from '../../../src/modules/school-data/import-bundle.ts';
import { multipart } from '../../abuse/multipart.ts';
import { signIn } from '../../helper.ts';
import { buildRequestsApp, parentCall, staffCall, type TRequestsApp } from '../requests/leave-data.ts';

// Identity documents (docs/modules.md F6, module `kyc`): the types the school asks of the parent
// and of each child (kyc_types.csv of the demo bundle), the documents on file with their expiry,
// uploads as `kycDocument` requests decided through the staff API, the edges (422 R002, 409 R003,
// 403 A002, 404 N404, 400 V001) and the expiry reminders at 60, 30 and 7 days, each once.

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
const DAY_MS = 86_400_000;

describe('kyc: identity documents', () => {
  let t: TRequestsApp;
  let bcad: Record<string, string>;
  let counter = 0;

  /** A fresh attachment of this parent (each with its own bytes). */
  const upload = async (headers: Record<string, string>) => {
    counter += 1;
    const content = Buffer.concat([PDF, Buffer.from(`% ${counter}\n`)]);
    const body = multipart([
      { name: 'file', filename: `scan-${counter}.pdf`, type: 'application/pdf', content },
    ]);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ppn/attachments',
      headers: { ...headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().attachment.id as string;
  };
  const list = async (headers: Record<string, string>) => {
    const answer = await parentCall(t, headers, 'GET', '/kyc/documents');
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as TKycDocuments;
  };
  const send = (headers: Record<string, string>, body: object) =>
    parentCall(t, headers, 'POST', '/kyc/documents', body);
  const ownerOf = (answer: TKycDocuments, enrollNumber: string | null): TKycOwnerDocuments =>
    answer.owners.find((owner) => owner.enrollNumber === enrollNumber)!;
  const typeOf = (owner: TKycOwnerDocuments, typeId: string) =>
    owner.types.find((type) => type.typeId === typeId)!;

  beforeAll(async () => {
    t = await buildRequestsApp();
    await t.database.db
      .insert(schoolRoleApplications)
      .values({ schoolId: 'bcad', role: 'parent', applicationCode: 'PP051' });
    bcad = {
      'client-id': 'bcad',
      authorization: `Bearer ${await signIn(t.app, 'bcad', 'parent@bcad.demo')}`,
    };
  }, 180_000);
  afterAll(() => t.close());

  it("lists the types asked of the parent and each child, with the demo's documents and their expiry", async () => {
    const answer = await list(t.mogra);
    expect(answer.today).toBe(t.today);
    expect(answer.owners.map((owner) => [owner.owner, owner.enrollNumber])).toEqual([
      ['parent', null],
      ['student', 'MG1001'],
      ['student', 'MG1002'],
      ['student', 'MG1003'],
    ]);
    const parent = ownerOf(answer, null);
    expect(parent.types.map((type) => type.typeId)).toEqual(['kyc-eid-parent', 'kyc-passport-parent']);
    const emiratesId = typeOf(parent, 'kyc-eid-parent');
    expect(emiratesId).toMatchObject({
      name: { en: 'Emirates ID', ar: 'الهوية الإماراتية' },
      required: true,
      state: 'expiring',
      pending: null,
      canUpload: true,
    });
    // Seeded 25 days before expiry, counted from the school's today (a day less once the
    // school's midnight has passed since the seed).
    expect(emiratesId.current).toMatchObject({
      status: 'approved',
      daysLeft: 25 - daysBetween(t.seedDay, t.today),
      expiresOn: addDays(t.seedDay, 25),
    });
    expect(emiratesId.current!.files).toHaveLength(1);
    expect(typeOf(parent, 'kyc-passport-parent')).toMatchObject({ state: 'missing', required: false });
    const omar = ownerOf(answer, 'MG1001');
    expect(omar.name).toBe('Omar Khalid Al Mansouri');
    expect(omar.types.map((type) => type.typeId)).toEqual([
      'kyc-passport-child',
      'kyc-eid-child',
      'kyc-visa-child',
    ]);
    expect(typeOf(omar, 'kyc-passport-child').state).toBe('valid');
    expect(typeOf(omar, 'kyc-passport-child').current!.daysLeft).toBeGreaterThan(365 * 4);
    expect(typeOf(omar, 'kyc-eid-child').state).toBe('missing');
    const layla = typeOf(ownerOf(answer, 'MG1002'), 'kyc-passport-child');
    expect(layla).toMatchObject({ state: 'submitted', current: null, canUpload: false });
    expect(layla.pending).toMatchObject({ status: 'submitted', number: 'N7654321' });
  });

  it('shows a family without documents every required type as missing (family.haddad)', async () => {
    const answer = await list(t.haddad);
    expect(answer.owners.map((owner) => owner.enrollNumber)).toEqual([null, 'MG2001']);
    for (const owner of answer.owners) {
      expect(owner.documents).toEqual([]);
      expect(owner.types.every((type) => type.state === 'missing' && type.canUpload)).toBe(true);
    }
  });

  it('uploads a child’s document (201, submitted), in the hub, decided by the school through the staff API', async () => {
    const attachmentId = await upload(t.mogra);
    const expiresOn = addDays(t.today, 400);
    const answer = await send(t.mogra, {
      typeId: 'kyc-eid-child',
      enrollNumber: 'MG1003',
      number: ' 784-2019-7654321-2 ',
      expiresOn,
      attachmentIds: [attachmentId],
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const document = answer.json().document as TKycDocument;
    expect(document).toMatchObject({
      typeId: 'kyc-eid-child',
      enrollNumber: 'MG1003',
      number: '784-2019-7654321-2',
      expiresOn,
      daysLeft: 400,
      status: 'submitted',
    });
    expect(document.files.map((file) => file.id)).toEqual([attachmentId]);
    const yousef = typeOf(ownerOf(await list(t.mogra), 'MG1003'), 'kyc-eid-child');
    expect(yousef).toMatchObject({ state: 'submitted', canUpload: false });
    // The hub lists it; the school decides it with the one staff route.
    const [row] = await t.database.db
      .select({ requestId: kycDocuments.requestId })
      .from(kycDocuments)
      .where(and(eq(kycDocuments.schoolId, 'mogra'), eq(kycDocuments.documentId, document.id)));
    const hub = await parentCall(t, t.mogra, 'GET', '/requests?pageSize=50');
    expect(hub.statusCode, hub.body).toBe(200);
    expect(hub.json().items.find((item: { id: string }) => item.id === row!.requestId)).toMatchObject({
      kind: 'kycDocument',
      status: 'submitted',
    });
    const decided = await staffCall(t, 'mogra', 'POST', `/requests/${row!.requestId}/decide`, {
      decision: 'approved',
      note: 'Checked.',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const after = typeOf(ownerOf(await list(t.mogra), 'MG1003'), 'kyc-eid-child');
    expect(after).toMatchObject({ state: 'valid', canUpload: true, pending: null });
    expect(after.current).toMatchObject({ id: document.id, status: 'approved', note: 'Checked.' });
    // The other parent of the child sees it too; a parent's own documents are theirs alone.
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.schoolId, 'mogra'), eq(notifications.kind, 'requests.statusChanged')));
    expect(told.some((notice) => notice.path === '/kyc' && notice.enrollNumber === 'MG1003')).toBe(true);
  });

  it("uploads the parent's own document; a refusal shows with the school's note and allows another", async () => {
    const answer = await send(t.haddad, {
      typeId: 'kyc-eid-parent',
      enrollNumber: null,
      expiresOn: addDays(t.today, 90),
      attachmentIds: [await upload(t.haddad)],
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const document = answer.json().document as TKycDocument;
    expect(document.enrollNumber).toBeNull();
    const [row] = await t.database.db
      .select({ requestId: kycDocuments.requestId })
      .from(kycDocuments)
      .where(eq(kycDocuments.documentId, document.id));
    const [request] = await t.database.db
      .select()
      .from(requests)
      .where(eq(requests.requestId, row!.requestId));
    expect(request).toMatchObject({ kind: 'kycDocument', enrollNumbers: [], parentId: 'MG-P002' });
    const refused = await staffCall(t, 'mogra', 'POST', `/requests/${row!.requestId}/decide`, {
      decision: 'rejected',
      note: 'The scan is blurred.',
    });
    expect(refused.statusCode, refused.body).toBe(200);
    const state = typeOf(ownerOf(await list(t.haddad), null), 'kyc-eid-parent');
    expect(state).toMatchObject({ state: 'rejected', canUpload: true });
    expect(ownerOf(await list(t.haddad), null).documents[0]).toMatchObject({ note: 'The scan is blurred.' });
    // The mogra parent does not see the other parent's own document.
    expect(ownerOf(await list(t.mogra), null).documents.some((item) => item.id === document.id)).toBe(false);
  });

  it('refuses a past or today expiry (422 R002), a second undecided of the same type and owner (409 R003)', async () => {
    for (const expiresOn of [addDays(t.today, -1), t.today, addDays(t.today, 365 * 30)]) {
      const answer = await send(t.mogra, {
        typeId: 'kyc-visa-child',
        enrollNumber: 'MG1001',
        expiresOn,
        attachmentIds: [await upload(t.mogra)],
      });
      expect(answer.statusCode, expiresOn).toBe(422);
      expect(answer.json().messageId).toBe('R002');
    }
    const laylas = await send(t.mogra, {
      typeId: 'kyc-passport-child',
      enrollNumber: 'MG1002',
      expiresOn: addDays(t.today, 900),
      attachmentIds: [await upload(t.mogra)],
    });
    expect(laylas.statusCode).toBe(409);
    expect(laylas.json().messageId).toBe('R003');
    // Two at once: one is taken, the other 409.
    const body = async () => ({
      typeId: 'kyc-visa-child',
      enrollNumber: 'MG1002',
      expiresOn: addDays(t.today, 700),
      attachmentIds: [await upload(t.mogra)],
    });
    const [one, two] = await Promise.all([send(t.mogra, await body()), send(t.mogra, await body())]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([201, 409]);
  });

  it("refuses another parent's child (403 A002), an unknown type or a type without its child (400 V001)", async () => {
    const other = await send(t.haddad, {
      typeId: 'kyc-passport-child',
      enrollNumber: 'MG1001',
      expiresOn: addDays(t.today, 500),
      attachmentIds: [await upload(t.haddad)],
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().messageId).toBe('A002');
    const attachmentIds = [await upload(t.mogra)];
    const later = addDays(t.today, 500);
    for (const body of [
      { typeId: 'no-such-type', enrollNumber: null, expiresOn: later, attachmentIds },
      { typeId: 'kyc-passport-child', enrollNumber: null, expiresOn: later, attachmentIds },
      { typeId: 'kyc-passport-child', expiresOn: later, attachmentIds },
      { typeId: 'kyc-passport-parent', enrollNumber: 'MG1001', expiresOn: later, attachmentIds },
      { typeId: 'kyc-passport-parent', enrollNumber: null, expiresOn: '2030-02-30', attachmentIds },
      { typeId: 'kyc-passport-parent', enrollNumber: null, expiresOn: later, attachmentIds: [] },
      { typeId: 'kyc-passport-parent', enrollNumber: null, expiresOn: later },
      {
        typeId: 'kyc-passport-parent',
        enrollNumber: null,
        number: 'x'.repeat(65),
        expiresOn: later,
        attachmentIds,
      },
    ]) {
      const answer = await send(t.mogra, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().messageId).toBe('V001');
    }
    // Another parent's attachment is unknown (404), and nothing is kept.
    const foreign = await send(t.mogra, {
      typeId: 'kyc-passport-parent',
      enrollNumber: null,
      expiresOn: addDays(t.today, 500),
      attachmentIds: [await upload(t.haddad)],
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().messageId).toBe('N404');
    expect(typeOf(ownerOf(await list(t.mogra), null), 'kyc-passport-parent').state).toBe('missing');
  });

  it("keeps schools apart: another school's parent sees its own school's types, never a mogra child", async () => {
    const answer = await list(bcad);
    expect(answer.owners[0]!.types).toEqual([]);
    expect(
      answer.owners
        .slice(1)
        .every((owner) => owner.types.map((type) => type.typeId).join() === 'kyc-passport-child'),
    ).toBe(true);
    expect(answer.owners.some((owner) => owner.enrollNumber?.startsWith('MG'))).toBe(false);
    const foreign = await send(bcad, {
      typeId: 'kyc-passport-child',
      enrollNumber: 'MG1001',
      expiresOn: addDays(t.today, 500),
      attachmentIds: [await upload(bcad)],
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().messageId).toBe('A002');
    // A school that does not grant the module: 403 A001.
    const bcd = {
      'client-id': 'bcd',
      authorization: `Bearer ${await signIn(t.app, 'bcd', 'parent@bcd.demo')}`,
    };
    const ungranted = await parentCall(t, bcd, 'GET', '/kyc/documents');
    expect(ungranted.statusCode).toBe(403);
    expect(ungranted.json().messageId).toBe('A001');
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/v1/ppn/kyc/documents',
      headers: { 'client-id': 'mogra' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('reminds 60, 30 and 7 days before expiry and the day after, each once, to the child’s parents', async () => {
    // Nour's passport, approved, expiring in 100 days of the school's today.
    const answer = await send(t.haddad, {
      typeId: 'kyc-passport-child',
      enrollNumber: 'MG2001',
      expiresOn: addDays(t.today, 100),
      attachmentIds: [await upload(t.haddad)],
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const document = answer.json().document as TKycDocument;
    const [row] = await t.database.db
      .select({ requestId: kycDocuments.requestId })
      .from(kycDocuments)
      .where(eq(kycDocuments.documentId, document.id));
    expect(
      (await staffCall(t, 'mogra', 'POST', `/requests/${row!.requestId}/decide`, { decision: 'approved' }))
        .statusCode,
    ).toBe(200);
    const notices = () =>
      t.database.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.schoolId, 'mogra'),
            inArray(notifications.kind, ['documents.expiring', 'documents.expired']),
            eq(notifications.enrollNumber, 'MG2001'),
          ),
        );
    // Noon in Dubai, `days` after the school's today.
    const on = (days: number) => new Date(Date.parse(`${addDays(t.today, days)}T08:00:00Z`));
    // Runs the sweep on that day and answers how many of Nour's notices it wrote.
    const run = async (days: number) => {
      const before = (await notices()).length;
      await sendKycReminders(t.database.db, on(days), 'mogra');
      return (await notices()).length - before;
    };
    expect(await run(0)).toBe(0);
    expect(await run(39)).toBe(0);
    expect(await run(40)).toBe(1); // 60 days left
    expect(await run(40)).toBe(0);
    expect(await run(55)).toBe(0); // 45 left: still the 60-day step, told already
    expect(await run(70)).toBe(1); // 30 left
    expect(await run(71)).toBe(0);
    expect(await run(93)).toBe(1); // 7 left
    expect(await run(99)).toBe(0); // 1 left: the 7-day step, told
    expect(await run(100)).toBe(0); // the expiry day itself
    expect(await run(101)).toBe(1); // the day after: expired
    expect(await run(102)).toBe(0);
    const told = await notices();
    expect(told.map((notice) => notice.dedupeKey).sort()).toEqual(
      [
        `documents.expired:${document.id}`,
        `documents.expiring:${document.id}:30`,
        `documents.expiring:${document.id}:60`,
        `documents.expiring:${document.id}:7`,
      ].sort(),
    );
    expect(told.every((notice) => notice.parentId === 'MG-P002' && notice.category === 'documents')).toBe(
      true,
    );
    const sixty = told.find((notice) => notice.dedupeKey.endsWith(':60'))!;
    expect(sixty).toMatchObject({ path: '/kyc', kind: 'documents.expiring' });
    expect(sixty.titleEn).toBe("Nour's Passport expires in 60 days");
    expect(sixty.titleAr).toBe('تنتهي صلاحية جواز السفر لـNour خلال 60 يومًا');
  });

  it("tells a parent's own document to that parent alone; a renewed one is not told of", async () => {
    // The demo Emirates ID (25 days left): its 30-day step was told at seed time.
    const mine = () =>
      t.database.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.schoolId, 'mogra'),
            eq(notifications.kind, 'documents.expiring'),
            eq(notifications.parentId, 'MG-P001'),
          ),
        );
    const before = await mine();
    expect(before.filter((notice) => notice.dedupeKey.endsWith(':30'))).toHaveLength(1);
    expect(before[0]!.enrollNumber).toBeNull();
    expect(before[0]!.titleEn).toBe('Your Emirates ID expires in 30 days');
    expect(await sendKycReminders(t.database.db, new Date(), 'mogra')).toBe(0);
    // Renewed (a later expiry approved): the old one's 7-day step is not told.
    const renewed = await send(t.mogra, {
      typeId: 'kyc-eid-parent',
      enrollNumber: null,
      expiresOn: addDays(t.today, 25 + 365 * 2),
      attachmentIds: [await upload(t.mogra)],
    });
    expect(renewed.statusCode, renewed.body).toBe(201);
    const [row] = await t.database.db
      .select({ requestId: kycDocuments.requestId })
      .from(kycDocuments)
      .where(eq(kycDocuments.documentId, (renewed.json().document as TKycDocument).id));
    await staffCall(t, 'mogra', 'POST', `/requests/${row!.requestId}/decide`, { decision: 'approved' });
    const later = new Date(Date.now() + 20 * DAY_MS);
    await sendKycReminders(t.database.db, later, 'mogra');
    expect((await mine()).filter((notice) => notice.dedupeKey.endsWith(':7'))).toHaveLength(0);
    const state = typeOf(ownerOf(await list(t.mogra), null), 'kyc-eid-parent');
    expect(state.state).toBe('valid');
    // Omar's and Layla's parents only: family.haddad got none of the mogra parent's.
    const haddads = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.parentId, 'MG-P002'), eq(notifications.kind, 'documents.expiring')));
    expect(haddads.every((notice) => notice.enrollNumber === 'MG2001')).toBe(true);
  });
  it('takes the types from kyc_types.csv: refuses a bad row (I001), hides a removed type, keeps its documents', async () => {
    const importTypes = (rows: Record<string, string | number>[]) =>
      importBundle(
        t.database.db,
        readBundle(
          new Map([
            ['manifest.csv', manifestText('1.2', { 'kyc_types.csv': 'delta' })],
            ['kyc_types.csv', csvText(headerOf(kycTypesFile), rows)],
          ]),
          BUNDLE_FILES,
        ),
        {
          schoolId: 'mogra',
          keyId: null,
          bytes: new Uint8Array(),
          dryRun: false,
          today: schoolToday('Asia/Dubai'),
        },
      );
    const refused = await importTypes([
      { sourcedId: 'kyc-ok', status: 'active', name_en: 'Birth certificate', owner: 'student' },
      { sourcedId: 'kyc-owner', status: 'active', name_en: 'Licence', owner: 'teacher' },
      { sourcedId: 'kyc-name', status: 'active', name_en: '', owner: 'parent' },
      { sourcedId: 'kyc-flag', status: 'active', name_en: 'Visa', owner: 'parent', required: 'maybe' },
    ]);
    expect(refused.applied).toBe(false);
    expect(refused.errors.map((error) => [error.row, error.column, error.messageId])).toEqual([
      [3, 'owner', 'I001'],
      [4, 'name_en', 'I001'],
      [5, 'required', 'I001'],
    ]);
    const applied = await importTypes([
      {
        sourcedId: 'kyc-birth',
        status: 'active',
        name_en: 'Birth certificate',
        name_ar: 'شهادة الميلاد',
        owner: 'student',
        required: 'false',
        position: 9,
      },
      { sourcedId: 'kyc-passport-child', status: 'tobedeleted' },
    ]);
    expect(applied.applied, JSON.stringify(applied.errors)).toBe(true);
    const omar = ownerOf(await list(t.mogra), 'MG1001');
    expect(omar.types.map((type) => type.typeId)).toEqual(['kyc-eid-child', 'kyc-visa-child', 'kyc-birth']);
    expect(typeOf(omar, 'kyc-birth')).toMatchObject({ required: false, name: { ar: 'شهادة الميلاد' } });
    // Omar's passport stays on file; a removed type takes no upload.
    expect(omar.documents.some((document) => document.typeId === 'kyc-passport-child')).toBe(true);
    const removed = await send(t.mogra, {
      typeId: 'kyc-passport-child',
      enrollNumber: 'MG1003',
      expiresOn: addDays(t.today, 500),
      attachmentIds: [await upload(t.mogra)],
    });
    expect(removed.statusCode).toBe(400);
  });
});
