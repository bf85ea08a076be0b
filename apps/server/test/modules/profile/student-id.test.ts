import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStudentIdAnswer } from '@portal/contracts/families/identity';
import { demoSyncKey } from '../../../src/db/seed/seed.ts';
import { readStudentId, signStudentId, studentIdKey } from '../../../src/modules/profile/student-id-token.ts';
import { buildTestApp, signIn, type TTestApp } from '../../helper.ts';

// The student ID card (docs/modules.md F6): the card data and a QR code signed over school,
// enrolment and year; the school's staff verify a code of their school (the child), and any
// other code (forged, altered, another school's) is 404 X001.
describe('student ID card', () => {
  let t: TTestApp;
  let mogra: Record<string, string>;
  let haddad: Record<string, string>;
  let bwa: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp();
    const bearer = async (schoolId: string, username: string) => ({
      'client-id': schoolId,
      authorization: `Bearer ${await signIn(t.app, schoolId, username)}`,
    });
    mogra = await bearer('mogra', 'parent@mogra.demo');
    haddad = await bearer('mogra', 'family.haddad@mogra.demo');
    bwa = await bearer('bwa', 'parent@bwa.demo');
  });
  afterAll(() => t.close());

  const card = async (enrollNumber: string, headers = mogra) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/ppn/student-id?enrollNumber=${enrollNumber}`,
      headers,
    });
    return response;
  };
  const verify = (schoolId: string, code: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/student-ids/verify',
      headers: { 'client-id': schoolId, authorization: `Bearer ${demoSyncKey(schoolId)}` },
      payload: { code },
    });

  it('answers the card of the child and a code that names school, enrolment and year', async () => {
    const response = await card('MG1002');
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as TStudentIdAnswer;
    expect(answer.card).toMatchObject({
      schoolName: 'Mogra Demo School',
      enrollNumber: 'MG1002',
      childName: 'Layla Khalid Al Mansouri',
      initials: 'LM',
      academicYear: '2026-2027',
      validUntil: '2027-07-02',
    });
    expect(answer.card.photoUrl).toMatch(/^\/media\/students\//);
    expect(answer.card.schoolNameAr).not.toBe('');
    const key = await studentIdKey(t.database.db);
    expect(readStudentId(key, answer.code)).toEqual({
      schoolId: 'mogra',
      enrollNumber: 'MG1002',
      year: '2026',
    });
  });

  it("refuses another parent's child (403 A002) and a school that does not grant the card (403 A001)", async () => {
    const other = await card('MG1002', haddad);
    expect(other.statusCode).toBe(403);
    expect(other.json().messageId).toBe('A002');
    const ungranted = await card('BW5101', bwa);
    expect(ungranted.statusCode).toBe(403);
    expect(ungranted.json().messageId).toBe('A001');
  });

  it('verifies a code of the school for its staff: the child, valid this year', async () => {
    const { code } = (await card('MG1003')).json() as TStudentIdAnswer;
    const response = await verify('mogra', code);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().child).toMatchObject({
      enrollNumber: 'MG1003',
      name: 'Yousef Khalid Al Mansouri',
      academicYear: '2026-2027',
      valid: true,
    });
  });

  it("answers 404 X001 for a forged, altered or unknown code, and for another school's code", async () => {
    const { code } = (await card('MG1003')).json() as TStudentIdAnswer;
    const [payload, mac] = code.split('.') as [string, string];
    const forgedPayload = Buffer.from('i1\nmogra\nMG1001\n2026').toString('base64url');
    const otherKey = Buffer.alloc(32, 7);
    for (const bad of [
      `${forgedPayload}.${mac}`,
      `${payload}.${mac.slice(0, -2)}AA`,
      signStudentId(otherKey, { schoolId: 'mogra', enrollNumber: 'MG1001', year: '2026' }),
      'not-a-code',
    ]) {
      const response = await verify('mogra', bad);
      expect(response.statusCode, bad).toBe(404);
      expect(response.json().messageId).toBe('X001');
    }
    // A true code of mogra is unknown to another school's staff.
    const elsewhere = await verify('bwa', code);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().messageId).toBe('X001');
    // A code the portal signed for a child the school does not have.
    const key = await studentIdKey(t.database.db);
    const ghost = await verify(
      'mogra',
      signStudentId(key, { schoolId: 'mogra', enrollNumber: 'NOPE', year: '2026' }),
    );
    expect(ghost.statusCode).toBe(404);
  });

  it('refuses the staff API without a staff key (401 K001)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/student-ids/verify',
      headers: { 'client-id': 'mogra', authorization: 'Bearer wrong' },
      payload: { code: 'x' },
    });
    expect(response.statusCode).toBe(401);
  });
});
