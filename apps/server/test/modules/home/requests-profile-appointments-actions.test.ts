import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { THomeAction, THomeActions } from '@portal/contracts/home';
import type { TAppointments, TAppointmentStaffList, TSlots } from '@portal/contracts/families/appointments';
import type { TRequests } from '@portal/contracts/families/requests';
import { addDays } from '@portal/contracts/kits/dates';
import { schoolToday } from '../../../src/access/school.ts';
import { accountSettings, kycDocuments, requests } from '../../../src/db/schema/index.ts';
import { cursorText } from '../../../src/kits/cursor.ts';
import { createRequest, moveRequest } from '../../../src/kits/request-workflow.ts';
import { appointmentsHomeActions } from '../../../src/modules/appointments/home-actions.ts';
import { profileHomeActions } from '../../../src/modules/profile/home-actions.ts';
import { uploadKycDocument } from '../../../src/modules/profile/kyc-store.ts';
import { requestsHomeActions } from '../../../src/modules/requests/home-actions.ts';
import { multipart } from '../../abuse/multipart.ts';
import { signIn } from '../../helper.ts';
import { buildRequestsApp, parentCall, staffCall, type TRequestsApp } from '../requests/leave-data.ts';

// Home's "needs your action" (docs/modules.md section 5) for identity documents expiring
// (module `kyc`), documents the school asked to upload (`uploads`), requests the school decided
// since the parent last opened the requests page (`requisitions`) and appointments within a week
// (`appointments`), on the demo data (db/seed/demo-kyc.ts, demo-uploads.ts, demo-requests.ts,
// demo-appointments.ts). Each item leaves once the parent has done the thing through the real
// API; another family never gets it; bcad grants none of these modules and gets none, rows or not.

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
const HOUR_MS = 3_600_000;

describe('home actions: documents, uploads, decided requests, appointments', () => {
  let t: TRequestsApp;
  let bcad: Record<string, string>;
  let counter = 0;

  const actions = async (headers: Record<string, string>, kind?: THomeAction['kind']) => {
    const answer = await parentCall(t, headers, 'GET', '/home/actions');
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json() as THomeActions;
    expect(body.unavailableModules).toEqual([]);
    return kind ? body.items.filter((item) => item.kind === kind) : body.items;
  };
  const ok = async <T>(
    answer: Promise<{ statusCode: number; body: string; json: () => unknown }>,
    status = 200,
  ) => {
    const response = await answer;
    expect(response.statusCode, response.body).toBe(status);
    return response.json() as T;
  };
  /** A fresh attachment of this parent (each with its own bytes), through the attachment kit's route. */
  const attachment = async (headers: Record<string, string>) => {
    counter += 1;
    const scan = Buffer.concat([PDF, Buffer.from(`% home ${counter}\n`)]);
    const { payload, contentType } = multipart([
      { name: 'file', filename: `home-${counter}.pdf`, type: 'application/pdf', content: scan },
    ]);
    const sent = t.app.inject({
      method: 'POST',
      url: '/api/v1/ppn/attachments',
      headers: { ...headers, 'content-type': contentType },
      payload,
    });
    return (await ok<{ attachment: { id: string } }>(sent)).attachment.id;
  };
  const decide = (requestId: string, decision: 'approved' | 'rejected') =>
    ok(staffCall(t, 'mogra', 'POST', `/requests/${requestId}/decide`, { decision, note: '' }));
  /** The demo parent's request with this summary. */
  const requestOf = async (summary: string) => {
    const all = await t.database.db
      .select()
      .from(requests)
      .where(and(eq(requests.schoolId, 'mogra'), eq(requests.parentId, 'MG-P001')));
    const found = all.find((candidate) => candidate.payload.summary === summary);
    if (!found) throw new Error(`the demo has no request "${summary}"`);
    return found;
  };

  beforeAll(async () => {
    t = await buildRequestsApp();
    bcad = {
      'client-id': 'bcad',
      authorization: `Bearer ${await signIn(t.app, 'bcad', 'parent@bcad.demo')}`,
    };
  }, 180_000);
  afterAll(() => t.close());

  describe('documentExpiring (kyc)', () => {
    it("names the parent's Emirates ID expiring in 25 days, for the family, opening the documents page", async () => {
      const items = await actions(t.mogra, 'documentExpiring');
      // Omar's passport is valid for years; Layla's waits for the school: neither is named.
      expect(items).toEqual([
        {
          id: expect.stringMatching(/^documentExpiring:[0-9a-f-]{36}:family$/),
          kind: 'documentExpiring',
          module: 'kyc',
          enrollNumber: null,
          childName: null,
          title: 'Emirates ID',
          titleAr: 'الهوية الإماراتية',
          dueOn: addDays(t.seedDay, 25),
          overdue: false,
          amount: null,
          path: '/kyc',
        },
      ]);
      expect(await actions(t.haddad, 'documentExpiring')).toEqual([]);
    });

    it("names a child's expired document as overdue, and lets it go once a renewal is sent", async () => {
      const sent = await ok<{ document: { id: string } }>(
        parentCall(t, t.mogra, 'POST', '/kyc/documents', {
          typeId: 'kyc-visa-child',
          enrollNumber: 'MG1001',
          expiresOn: addDays(t.today, 200),
          attachmentIds: [await attachment(t.mogra)],
        }),
        201,
      );
      const [row] = await t.database.db
        .select({ requestId: kycDocuments.requestId })
        .from(kycDocuments)
        .where(and(eq(kycDocuments.schoolId, 'mogra'), eq(kycDocuments.documentId, sent.document.id)));
      // Waiting for the school, nothing to do.
      expect((await actions(t.mogra, 'documentExpiring')).map((item) => item.enrollNumber)).toEqual([null]);
      await decide(row!.requestId, 'approved');
      // Approved and valid for 200 days: nothing to do either; then it expires.
      expect((await actions(t.mogra, 'documentExpiring')).map((item) => item.enrollNumber)).toEqual([null]);
      await t.database.db
        .update(kycDocuments)
        .set({ expiresOn: addDays(t.today, -3) })
        .where(and(eq(kycDocuments.schoolId, 'mogra'), eq(kycDocuments.documentId, sent.document.id)));
      const expired = await actions(t.mogra, 'documentExpiring');
      expect(expired.find((item) => item.enrollNumber === 'MG1001')).toMatchObject({
        id: `documentExpiring:${sent.document.id}:MG1001`,
        childName: 'Omar Khalid Al Mansouri',
        title: 'Residence visa',
        titleAr: 'تأشيرة الإقامة',
        dueOn: addDays(t.today, -3),
        overdue: true,
        path: '/kyc?enrollNumber=MG1001',
      });
      // Overdue first.
      expect(expired.map((item) => item.enrollNumber)).toEqual(['MG1001', null]);
      expect(await actions(t.haddad, 'documentExpiring')).toEqual([]);
      await ok(
        parentCall(t, t.mogra, 'POST', '/kyc/documents', {
          typeId: 'kyc-visa-child',
          enrollNumber: 'MG1001',
          expiresOn: addDays(t.today, 700),
          attachmentIds: [await attachment(t.mogra)],
        }),
        201,
      );
      expect((await actions(t.mogra, 'documentExpiring')).map((item) => item.enrollNumber)).toEqual([null]);
    });

    it("lets the parent's Emirates ID go once its renewal is sent", async () => {
      await ok(
        parentCall(t, t.mogra, 'POST', '/kyc/documents', {
          typeId: 'kyc-eid-parent',
          enrollNumber: null,
          expiresOn: addDays(t.today, 3 * 365),
          attachmentIds: [await attachment(t.mogra)],
        }),
        201,
      );
      expect(await actions(t.mogra, 'documentExpiring')).toEqual([]);
    });
  });

  describe('uploadRequested (uploads)', () => {
    it("names Layla's passport copy still wanted, not the record under review nor the photo accepted", async () => {
      const items = await actions(t.mogra, 'uploadRequested');
      expect(items).toEqual([
        {
          id: expect.stringMatching(/^uploadRequested:[0-9a-f-]{36}:MG1002$/),
          kind: 'uploadRequested',
          module: 'uploads',
          enrollNumber: 'MG1002',
          childName: 'Layla Khalid Al Mansouri',
          title: 'Passport copy',
          titleAr: 'نسخة من جواز السفر',
          dueOn: addDays(t.seedDay, 10),
          overdue: false,
          amount: null,
          path: '/upload?enrollNumber=MG1002',
        },
      ]);
      // The other family has its own ask, never this one.
      const haddad = await actions(t.haddad, 'uploadRequested');
      expect(haddad.map((item) => [item.enrollNumber, item.title])).toEqual([
        ['MG2001', 'Emergency contact form'],
      ]);
    });

    it('leaves once the files are sent, comes back when the school refuses them, and names an overdue ask', async () => {
      const [layla] = await actions(t.mogra, 'uploadRequested');
      const askId = layla!.id.split(':')[1]!;
      const sent = await ok<{ document: { uploads: { requestId: string }[] } }>(
        parentCall(t, t.mogra, 'POST', `/uploads/${askId}`, { attachmentIds: [await attachment(t.mogra)] }),
        201,
      );
      expect(await actions(t.mogra, 'uploadRequested')).toEqual([]);
      await decide(sent.document.uploads[0]!.requestId, 'rejected');
      expect((await actions(t.mogra, 'uploadRequested')).map((item) => item.id)).toEqual([layla!.id]);
      // An ask whose day has passed is overdue, and comes first.
      const asked = await ok<{ items: { id: string }[] }>(
        staffCall(t, 'mogra', 'POST', '/document-requests', {
          enrollNumbers: ['MG1003'],
          title_en: 'Birth certificate',
          title_ar: 'شهادة الميلاد',
          details_en: '',
          details_ar: '',
          dueOn: addDays(t.today, -1),
        }),
        201,
      );
      const items = await actions(t.mogra, 'uploadRequested');
      expect(items.map((item) => [item.id, item.overdue, item.dueOn])).toEqual([
        [`uploadRequested:${asked.items[0]!.id}:MG1003`, true, addDays(t.today, -1)],
        [layla!.id, false, addDays(t.seedDay, 10)],
      ]);
      expect((await actions(t.haddad, 'uploadRequested')).map((item) => item.enrollNumber)).toEqual([
        'MG2001',
      ]);
    });
  });

  describe('requestDecided (requisitions)', () => {
    it('names the decisions of the last 14 days before the requests page was ever opened', async () => {
      const rejected = await requestOf('A long weekend at the beach');
      const approvedLongAgo = await requestOf('Family travel to Muscat for a wedding');
      const items = await actions(t.mogra, 'requestDecided');
      expect(items.find((item) => item.id === `requestDecided:${rejected.requestId}:MG1003`)).toEqual({
        id: `requestDecided:${rejected.requestId}:MG1003`,
        kind: 'requestDecided',
        module: 'requisitions',
        enrollNumber: 'MG1003',
        childName: 'Yousef Khalid Al Mansouri',
        title: 'A long weekend at the beach',
        titleAr: 'A long weekend at the beach',
        dueOn: null,
        overdue: false,
        amount: null,
        path: '/view-requisition?enrollNumber=MG1003',
      });
      // Decided 40 days ago; the undecided and the cancelled are not decisions.
      const sources = items.map((item) => item.id.split(':')[1]);
      expect(sources).not.toContain(approvedLongAgo.requestId);
      expect(sources).not.toContain((await requestOf('Visiting her grandmother in Al Ain')).requestId);
      expect(sources).not.toContain((await requestOf('Doctor’s appointment in Dubai')).requestId);
      // The other family never gets them.
      const haddad = await actions(t.haddad, 'requestDecided');
      expect(haddad.map((item) => item.id.split(':')[1])).not.toContain(rejected.requestId);
    });

    it('counts from the last opening of the requests page (its first page, every status)', async () => {
      const rejected = await requestOf('A long weekend at the beach');
      const named = async () =>
        (await actions(t.mogra, 'requestDecided')).map((item) => item.id.split(':')[1]);
      const markOf = async () =>
        t.database.db
          .select({ seenAt: accountSettings.requestsSeenAt })
          .from(accountSettings)
          .where(and(eq(accountSettings.schoolId, 'mogra'), eq(accountSettings.parentId, 'MG-P001')));
      // A page filtered by status, or a later page (after a cursor), is not the page opened.
      const filtered = await ok<TRequests>(parentCall(t, t.mogra, 'GET', '/requests?status=rejected'));
      expect(filtered.items.map((item) => item.id)).toContain(rejected.requestId);
      const cursor = cursorText({
        at: `${new Date(Date.now() + HOUR_MS).toISOString().slice(0, -1)}000Z`,
        id: 'ffffffff-ffff-ffff-ffff-ffffffffffff',
      });
      const later = await ok<TRequests>(parentCall(t, t.mogra, 'GET', `/requests?cursor=${cursor}`));
      expect(later.items.map((item) => item.id)).toContain(rejected.requestId);
      expect(await named()).toContain(rejected.requestId);
      expect(await markOf()).toEqual([]);
      // Opened: every decision so far is seen.
      await ok<TRequests>(parentCall(t, t.mogra, 'GET', '/requests'));
      expect(await named()).toEqual([]);
      const [mark] = await markOf();
      expect(mark?.seenAt).toBeInstanceOf(Date);
      // The school decides Layla's leave: named until the page is opened again.
      const layla = await requestOf('Visiting her grandmother in Al Ain');
      await decide(layla.requestId, 'approved');
      const after = await actions(t.mogra, 'requestDecided');
      expect(after.map((item) => [item.id, item.title, item.path])).toEqual([
        [
          `requestDecided:${layla.requestId}:MG1002`,
          'Visiting her grandmother in Al Ain',
          '/view-requisition?enrollNumber=MG1002',
        ],
      ]);
      expect((await actions(t.haddad, 'requestDecided')).map((item) => item.id)).not.toContain(after[0]!.id);
      // Opened again (the mark moves on).
      await ok<TRequests>(parentCall(t, t.mogra, 'GET', '/requests?pageSize=5'));
      expect(await named()).toEqual([]);
      const [moved] = await markOf();
      expect(moved!.seenAt!.getTime()).toBeGreaterThan(mark!.seenAt!.getTime());
    });

    it("names a request about several children for the family, and by its kind's name without words", async () => {
      const wedding = await requestOf('Family wedding in Amman');
      await decide(wedding.requestId, 'rejected');
      const { request: photocopy } = await ok<{ request: { id: string } }>(
        parentCall(t, t.mogra, 'POST', '/photocopy-requests', {
          enrollNumber: 'MG1002',
          document: 'feeReceipt',
          copies: 2,
        }),
        201,
      );
      await decide(photocopy.id, 'rejected');
      const items = await actions(t.mogra, 'requestDecided');
      expect(items.map((item) => [item.id, item.enrollNumber, item.title, item.titleAr])).toEqual([
        [
          `requestDecided:${wedding.requestId}:family`,
          null,
          'Family wedding in Amman',
          'Family wedding in Amman',
        ],
        [`requestDecided:${photocopy.id}:MG1002`, 'MG1002', 'Photocopy request', 'طلب التصوير'],
      ]);
    });
  });

  describe('appointmentSoon (appointments)', () => {
    it('names the booked appointments of the next 7 days, and lets one go once cancelled', async () => {
      const now = Date.now();
      const soon = (list: TAppointments) =>
        list.items
          .filter((item) => {
            const startsAt = Date.parse(item.slot.startsAt);
            return item.status === 'booked' && startsAt > now && startsAt <= now + 7 * 24 * HOUR_MS;
          })
          .map((item) => `appointmentSoon:${item.id}:${item.enrollNumber}`)
          .sort();
      // The demo booking (Omar with his class teacher) is named when it falls within the week.
      const before = await ok<TAppointments>(parentCall(t, t.mogra, 'GET', '/appointments'));
      expect((await actions(t.mogra, 'appointmentSoon')).map((item) => item.id).sort()).toEqual(soon(before));
      // Layla's meeting, booked through the module, more than 12 hours ahead (still cancellable).
      const { staff } = await ok<TAppointmentStaffList>(
        parentCall(t, t.mogra, 'GET', '/appointments/staff?enrollNumber=MG1002'),
      );
      let slot: TSlots['slots'][number] | undefined;
      for (const member of staff.filter((candidate) => candidate.freeSlots > 0)) {
        const { slots } = await ok<TSlots>(
          parentCall(t, t.mogra, 'GET', `/appointments/slots?staffId=${member.id}`),
        );
        slot = slots.find((candidate) => {
          const startsAt = Date.parse(candidate.startsAt);
          return startsAt > now + 14 * HOUR_MS && startsAt < now + 6 * 24 * HOUR_MS;
        });
        if (slot) break;
      }
      if (!slot) throw new Error('no free slot for Layla within the week');
      const booked = await ok<{ appointment: { id: string; staffName: string; staffNameAr: string } }>(
        parentCall(t, t.mogra, 'POST', '/appointments', {
          slotId: slot.id,
          enrollNumber: 'MG1002',
          topic: 'Reading at home',
        }),
        201,
      );
      const { appointment } = booked;
      const items = await actions(t.mogra, 'appointmentSoon');
      expect(items.find((item) => item.id === `appointmentSoon:${appointment.id}:MG1002`)).toEqual({
        id: `appointmentSoon:${appointment.id}:MG1002`,
        kind: 'appointmentSoon',
        module: 'appointments',
        enrollNumber: 'MG1002',
        childName: 'Layla Khalid Al Mansouri',
        title: `${appointment.staffName} · Reading at home`,
        titleAr: `${appointment.staffNameAr || appointment.staffName} · Reading at home`,
        dueOn: schoolToday('Asia/Dubai', new Date(slot.startsAt)),
        overdue: false,
        amount: null,
        path: '/appointment-list?enrollNumber=MG1002',
      });
      expect(items.map((item) => item.id).sort()).toEqual(
        soon(await ok<TAppointments>(parentCall(t, t.mogra, 'GET', '/appointments'))),
      );
      // The other family sees its own booking only.
      const haddad = await actions(t.haddad, 'appointmentSoon');
      expect(haddad.every((item) => item.enrollNumber === 'MG2001')).toBe(true);
      await ok(parentCall(t, t.mogra, 'POST', `/appointments/${appointment.id}/cancel`));
      expect((await actions(t.mogra, 'appointmentSoon')).map((item) => item.id)).not.toContain(
        `appointmentSoon:${appointment.id}:MG1002`,
      );
    });

    it('leaves out an appointment more than 7 days ahead', async () => {
      const { staff } = await ok<TAppointmentStaffList>(
        parentCall(t, t.mogra, 'GET', '/appointments/staff?enrollNumber=MG1003'),
      );
      const now = Date.now();
      let slotId: string | undefined;
      for (const member of staff.filter((candidate) => candidate.freeSlots > 0)) {
        const { slots } = await ok<TSlots>(
          parentCall(t, t.mogra, 'GET', `/appointments/slots?staffId=${member.id}`),
        );
        slotId = slots.find((candidate) => Date.parse(candidate.startsAt) > now + 8 * 24 * HOUR_MS)?.id;
        if (slotId) break;
      }
      if (!slotId) throw new Error('no free slot for Yousef beyond the week');
      const booked = await ok<{ appointment: { id: string } }>(
        parentCall(t, t.mogra, 'POST', '/appointments', { slotId, enrollNumber: 'MG1003', topic: 'Later' }),
        201,
      );
      expect((await actions(t.mogra, 'appointmentSoon')).map((item) => item.id)).not.toContain(
        `appointmentSoon:${booked.appointment.id}:MG1003`,
      );
    });
  });

  it('gives a school that grants none of these modules none of their items, though it has rows', async () => {
    // bcad (grants PP034 and PP008 only) has an ask of its family, a booked appointment, and here
    // an approved passport expiring in 10 days and a request decided today.
    const owner = { schoolId: 'bcad', parentId: 'BC-P001' };
    const today = schoolToday('Asia/Dubai');
    const passport = await uploadKycDocument(
      t.database.db,
      owner,
      {
        typeId: 'kyc-passport-child',
        enrollNumber: 'BC3101',
        number: '',
        expiresOn: addDays(today, 10),
        attachmentIds: [],
      },
      today,
    );
    const school = { kind: 'key' as const, id: 'test' };
    await moveRequest(t.database.db, { schoolId: 'bcad', requestId: passport.requestId }, 'approved', school);
    const leave = await createRequest(
      t.database.db,
      {
        schoolId: 'bcad',
        kind: 'leave',
        parentId: 'BC-P001',
        enrollNumbers: ['BC3101'],
        payload: { summary: 'A day off' },
        status: 'submitted',
      },
      { kind: 'parent', id: 'BC-P001' },
    );
    await moveRequest(t.database.db, { schoolId: 'bcad', requestId: leave.requestId }, 'rejected', school);
    // Asked directly, the providers find bcad's rows: only the grants keep them off Home.
    const context = {
      db: t.database.db,
      schoolId: 'bcad',
      parentId: 'BC-P001',
      children: [
        { enrollNumber: 'BC3101', fullName: 'Aisha Ahmed Rahman' },
        { enrollNumber: 'BC3102', fullName: 'Zaid Ahmed Rahman' },
      ],
      today,
      now: new Date(),
    };
    const providers = [...profileHomeActions, ...requestsHomeActions, ...appointmentsHomeActions];
    const found = (await Promise.all(providers.map((provider) => provider.items(context)))).flat();
    expect(found.map((draft) => draft.kind)).toEqual(
      expect.arrayContaining(['documentExpiring', 'uploadRequested']),
    );
    const kinds = new Set((await actions(bcad)).map((item) => item.kind));
    for (const kind of ['documentExpiring', 'uploadRequested', 'requestDecided', 'appointmentSoon'] as const)
      expect(kinds.has(kind), kind).toBe(false);
  });
});
