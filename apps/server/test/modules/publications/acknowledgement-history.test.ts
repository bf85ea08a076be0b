import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@portal/contracts/kits/dates';
import { acknowledgements, circulars, parentStudents } from '../../../src/db/schema/index.ts';
import { formatDay } from '../../../src/kits/documents/format.ts';
import { hashPassword } from '../../../src/modules/auth/password.ts';
import { addParent, DEMO_PASSWORD, signIn } from '../../helper.ts';
import { pdfText } from '../../pdf-text.ts';
import {
  buildScheduleApp,
  parentApi,
  type TParentApi,
  type TScheduleApp,
} from '../schedule/schedule-data.ts';

// The acknowledgement history (docs/modules.md section 5): every acknowledgement of the family's
// children, from either parent (circulars, policies at their version, incidents), with its time
// in the school's zone, the child and who gave it, in English or Arabic, drawn on a render
// thread; an empty history says so; the route is the family's own (401 for another school's
// session) and limited per parent like every document (429 L006).
describe('acknowledgement history', () => {
  const PDF_LIMIT = 8;
  let t: TScheduleApp;
  let mogra: TParentApi;
  beforeAll(async () => {
    t = await buildScheduleApp({ env: { PDF_RATE_LIMIT_PER_PARENT: String(PDF_LIMIT) } });
    mogra = parentApi(t, 'mogra', await signIn(t.app, 'mogra', 'parent@mogra.demo'));
    // Sara acknowledges Omar's incident through the care page, and Layla's trip circular.
    const incident = await mogra.post('/care/incidents/cr-MG1001-incident-1/acknowledge', {
      enrollNumber: 'MG1001',
    });
    expect(incident.statusCode, incident.body).toBe(200);
    await t.database.db.insert(circulars).values({
      schoolId: 'mogra',
      circularId: 'circ-history-trip',
      titleEn: 'Grade 6 trip to the science museum',
      titleAr: 'رحلة الصف السادس إلى متحف العلوم',
      audience: { grades: ['06'], sections: [], enrollNumbers: [] },
      requiresAck: true,
      publishedAt: new Date(Date.now() - 3 * 86_400_000),
    });
    await t.database.db.insert(acknowledgements).values({
      schoolId: 'mogra',
      subjectKind: 'circular',
      subjectId: 'circ-history-trip',
      enrollNumber: 'MG1002',
      parentId: 'MG-P001',
      at: new Date('2026-10-05T05:30:00Z'),
    });
  });
  afterAll(() => t.close());

  const compact = (text: string) => text.replace(/\s+/g, '');
  const history = async (api: TParentApi, lng?: 'en' | 'ar') => {
    const answer = await api.get(`/acknowledgements/history.pdf${lng ? `?lng=${lng}` : ''}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    return { answer, text: (await pdfText(answer.rawPayload)).text };
  };

  it("lists the family's acknowledgements in English, with times in the school's zone", async () => {
    const { answer, text } = await history(mogra);
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="acknowledgement-history-\d{4}-\d{2}-\d{2}-en\.pdf"/,
    );
    for (const expected of [
      'Acknowledgement history',
      'Mogra Demo School',
      'Sara Al Mansouri',
      'Incident report: Disagreement at break time',
      'Circular: Grade 6 trip to the science museum',
      'School policy: Mobile phones and devices policy (version 2025.1)',
      'School policy: Behaviour and relationships policy (version 2025.1)',
      'Omar Khalid Al Mansouri',
      'Layla Khalid Al Mansouri',
      'Yousef Khalid Al Mansouri',
      // 05:30 UTC is 9:30 in Dubai; the seed's 19:40 in Dubai stays 7:40 PM.
      '05-10-2026 9:30 AM',
      `${formatDay(addDays(t.seedDay, -58))} 7:40 PM`,
      'Asia/Dubai',
    ])
      expect(compact(text)).toContain(compact(expected));
    // The policy's current version is not acknowledged yet: only the earlier one is listed.
    expect(text).not.toContain('2026.2');
    // Newest first: the incident (two days ago) comes before the trip circular of October.
    expect(compact(text).indexOf('Disagreementatbreaktime')).toBeLessThan(
      compact(text).indexOf('Grade6trip'),
    );
  });

  it('draws it in Arabic, shaped, with the school text in Arabic', async () => {
    const { answer, text } = await history(mogra, 'ar');
    expect(answer.headers['content-disposition']).toContain('-ar.pdf');
    for (const expected of [
      'سجل تأكيدات الاطلاع',
      'تقرير حادثة',
      'خلاف في وقت الاستراحة',
      'رحلة الصف السادس إلى متحف العلوم',
      // A long title wraps in its cell: its first words are on the first line.
      'سياسة الهواتف المحمولة',
      'سياسة مدرسية',
      'الإصدار',
      'سارة المنصوري',
      'مدرسة موغرا التجريبية',
    ])
      expect(compact(text)).toContain(compact(expected));
    expect(text).toContain('Omar Khalid Al Mansouri');
    expect(text).toContain('2025.1');
  });

  it('says so when the family has acknowledged nothing, and names the other parent', async () => {
    await addParent(t.database, 'mogra', {
      parentId: 'MG-P900',
      username: 'new.parent@mogra.demo',
      enrollNumber: 'MG9001',
      passwordHash: await hashPassword(DEMO_PASSWORD),
    });
    const other = parentApi(t, 'mogra', await signIn(t.app, 'mogra', 'new.parent@mogra.demo'));
    const empty = await history(other);
    expect(empty.text).toContain('No acknowledgements yet');
    expect(empty.text).toContain('Test Child');
    // As Omar's second parent, they see what Sara acknowledged for Omar, given by "another parent".
    await t.database.db
      .insert(parentStudents)
      .values({ schoolId: 'mogra', parentId: 'MG-P900', enrollNumber: 'MG1001' });
    const shared = await history(other);
    expect(compact(shared.text)).toContain(compact('Incident report: Disagreement at break time'));
    expect(shared.text).toContain('Another parent');
    expect(shared.text).not.toContain('Sara Al Mansouri');
    expect(shared.text).not.toContain('Layla');
  });

  it("refuses another school's session (401), no session (401) and a language it does not know (400)", async () => {
    const bcdToken = await signIn(t.app, 'bcd', 'parent@bcd.demo');
    const crossed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/ppn/acknowledgements/history.pdf',
      headers: { 'client-id': 'mogra', authorization: `Bearer ${bcdToken}` },
    });
    expect(crossed.statusCode).toBe(401);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/v1/ppn/acknowledgements/history.pdf',
      headers: { 'client-id': 'mogra' },
    });
    expect(anonymous.statusCode).toBe(401);
    const odd = await mogra.get('/acknowledgements/history.pdf?lng=fr');
    expect(odd.statusCode).toBe(400);
    expect(odd.json()).toMatchObject({ messageId: 'V001' });
    // bcd grants circulars: its parent's history is her own, and holds nothing of mogra's.
    const bcd = parentApi(t, 'bcd', bcdToken);
    const own = await history(bcd);
    expect(own.text).toContain('Hana Youssef');
    expect(own.text).not.toContain('Mogra');
    expect(own.text).not.toContain('Mansouri');
  });

  it('limits the documents one parent asks for in a minute (429 L006)', async () => {
    let refused = null;
    for (let count = 0; count <= PDF_LIMIT && !refused; count++) {
      const answer = await mogra.get('/acknowledgements/history.pdf');
      if (answer.statusCode === 429) refused = answer;
      else expect(answer.statusCode).toBe(200);
    }
    expect(refused?.json()).toMatchObject({ messageId: 'L006' });
  });
});
