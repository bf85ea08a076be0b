import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TProfile, TProfileChange, TStudentProfile } from '@portal/contracts/families/profiles';
import type { TSisChanges } from '@portal/contracts/school-data';
import { parentDetails, requests, studentProfileDetails } from '../../../src/db/schema/index.ts';
import { buildTestApp, signIn, type TTestApp } from '../../helper.ts';
import { deltaBundle, importReport } from '../school-data/bundles.ts';

// The parent's and the children's records (docs/modules.md F6): sections of the field sets, the
// demo's changes in their states, proposals as requests of kinds parentProfileChange and
// studentProfileChange, the edges (400 V001, 409 R003, 403 A002 / A001), and the school's
// approval applied to the portal's tables and to its change feed (GET /api/v1/sis/changes).
describe('profiles', () => {
  let t: TTestApp;
  let mogra: Record<string, string>;
  let haddad: Record<string, string>;
  let bcd: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp();
    const bearer = async (schoolId: string, username: string) => ({
      'client-id': schoolId,
      authorization: `Bearer ${await signIn(t.app, schoolId, username)}`,
    });
    mogra = await bearer('mogra', 'parent@mogra.demo');
    haddad = await bearer('mogra', 'family.haddad@mogra.demo');
    bcd = await bearer('bcd', 'parent@bcd.demo');
  });
  afterAll(() => t.close());

  const staff = { 'client-id': 'mogra', authorization: 'Bearer demo-sync-mogra' };
  const get = (url: string, headers = mogra) =>
    t.app.inject({ method: 'GET', url: `/api/v1/ppn${url}`, headers });
  const post = (url: string, payload: Record<string, unknown>, headers = mogra) =>
    t.app.inject({ method: 'POST', url: `/api/v1/ppn${url}`, headers, payload });
  const read = async <T>(url: string, headers = mogra) => {
    const response = await get(url, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };
  const valueOf = (profile: TProfile, key: string) =>
    profile.sections.flatMap((section) => section.fields).find((field) => field.key === key);
  const decide = (id: string, decision: 'approved' | 'rejected', note = '') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/staff/requests/${id}/decide`,
      headers: staff,
      payload: { decision, note },
    });
  const feedAfter = async (since: number) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/sis/changes?since=${since}&limit=1000`,
      headers: staff,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as TSisChanges;
  };

  it('shows the parent’s record in sections, the email read-only, and the demo’s changes', async () => {
    const profile = await read<TProfile>('/parent-profile');
    expect(profile.fieldSet).toBe('parent');
    expect(profile.sections.map((section) => section.key)).toEqual([
      'identity',
      'contact',
      'address',
      'work',
    ]);
    expect(valueOf(profile, 'email')).toMatchObject({ value: 'parent@mogra.demo', editable: false });
    expect(valueOf(profile, 'name')).toMatchObject({ value: 'Sara Al Mansouri', editable: false });
    // The address the school approved weeks ago, applied over the imported one.
    expect(valueOf(profile, 'addressLine')).toMatchObject({
      value: 'Villa 14, Street 7, Al Barsha 2',
      editable: true,
      pendingValue: null,
    });
    // The new mobile number waits for the school.
    expect(valueOf(profile, 'mobilePhone')).toMatchObject({
      value: '+971 50 123 4567',
      pendingValue: '+971 55 765 4321',
      required: true,
    });
    expect(profile.pendingChanges).toHaveLength(1);
    expect(profile.pendingChanges[0]).toMatchObject({
      status: 'submitted',
      changes: [{ field: 'mobilePhone', from: '+971 50 123 4567', to: '+971 55 765 4321' }],
    });
    expect(profile.history).toEqual([
      expect.objectContaining({
        status: 'approved',
        schoolNote: expect.stringContaining('Updated'),
        changes: [
          {
            field: 'addressLine',
            from: 'Apartment 1204, Marina Heights Tower',
            to: 'Villa 14, Street 7, Al Barsha 2',
          },
        ],
      }),
    ]);
    // Another parent of the school sees their own record and nothing of Sara's.
    const rami = await read<TProfile>('/parent-profile', haddad);
    expect(valueOf(rami, 'email')?.value).toBe('family.haddad@mogra.demo');
    expect(valueOf(rami, 'mobilePhone')?.value).toBe('+971 52 333 1020');
    expect(valueOf(rami, 'occupation')?.value).toBeNull();
    expect(rami.pendingChanges).toEqual([]);
    expect(rami.history).toEqual([]);
  });

  it('shows a child in the standard set and in the South Asian set, the national id masked', async () => {
    const standard = await read<TStudentProfile>('/student-profile?enrollNumber=MG1001');
    expect(standard).toMatchObject({ fieldSet: 'standard', enrollNumber: 'MG1001' });
    expect(standard.sections.map((section) => section.key)).toEqual([
      'identity',
      'home',
      'emergency',
      'health',
    ]);
    expect(valueOf(standard, 'fullName')?.value).toBe('Omar Khalid Al Mansouri');
    expect(valueOf(standard, 'nationality')).toMatchObject({ value: 'Emirati', editable: false });
    expect(valueOf(standard, 'bloodGroup')).toMatchObject({
      value: 'O+',
      editable: true,
      choices: expect.arrayContaining(['B+']),
    });
    expect(valueOf(standard, 'motherTongue')).toBeUndefined();
    expect(standard.history).toEqual([
      expect.objectContaining({
        status: 'rejected',
        changes: [{ field: 'bloodGroup', from: 'O+', to: 'B+' }],
      }),
    ]);

    const asian = await read<TStudentProfile>('/student-profile-asian?enrollNumber=MG1002');
    expect(asian.sections.map((section) => section.key)).toContain('background');
    expect(valueOf(asian, 'nameNativeScript')?.value).toBe('ليلى خالد المنصوري');
    const id = valueOf(asian, 'nationalId');
    expect(id).toMatchObject({ editable: false, kind: 'masked' });
    expect(id?.value).toMatch(/^•+45-6$/);
    expect(JSON.stringify(asian)).not.toContain('7712045');
    expect(valueOf(asian, 'emergencyContactPhone')?.pendingValue).toBe('+971 50 998 3344');

    // Nour's record holds the roster only.
    const nour = await read<TStudentProfile>('/student-profile?enrollNumber=MG2001', haddad);
    expect(valueOf(nour, 'fullName')?.value).toBe('Nour Rami Haddad');
    expect(valueOf(nour, 'homeAddress')?.value).toBeNull();
  });

  it('refuses another parent’s child (403 A002) and a school that does not grant the module (403 A001)', async () => {
    for (const url of [
      '/student-profile?enrollNumber=MG1001',
      '/student-profile-asian?enrollNumber=MG1001',
    ]) {
      const response = await get(url, haddad);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().messageId).toBe('A002');
    }
    for (const path of ['/student-profile/changes', '/student-profile-asian/changes']) {
      const response = await post(path, { enrollNumber: 'MG1001', changes: { city: 'Abu Dhabi' } }, haddad);
      expect(response.statusCode, path).toBe(403);
      expect(response.json().messageId).toBe('A002');
    }
    for (const [method, url] of [
      ['GET', '/parent-profile'],
      ['GET', '/student-profile?enrollNumber=BD4101'],
      ['GET', '/student-profile-asian?enrollNumber=BD4101'],
    ] as const) {
      const response = await t.app.inject({ method, url: `/api/v1/ppn${url}`, headers: bcd });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().messageId).toBe('A001');
    }
    const posted = await post('/parent-profile/changes', { changes: { city: 'Ajman' } }, bcd);
    expect(posted.statusCode).toBe(403);
    expect(posted.json().messageId).toBe('A001');
  });

  it('refuses a read-only, unknown, unchanged or badly written field with 400 V001', async () => {
    for (const [path, payload] of [
      ['/parent-profile/changes', { changes: { email: 'new@example.com' } }],
      ['/parent-profile/changes', { changes: { name: 'Someone else' } }],
      ['/parent-profile/changes', { changes: { shoeSize: '42' } }],
      ['/parent-profile/changes', { changes: { city: 'Dubai' } }],
      ['/parent-profile/changes', { changes: { otherPhone: 'call me maybe' } }],
      ['/parent-profile/changes', { changes: { correspondenceLanguage: 'fr' } }],
      ['/parent-profile/changes', { changes: {} }],
      ['/parent-profile/changes', { changes: { occupation: 'x'.repeat(101) } }],
      ['/parent-profile/changes', { changes: { employer: 'Bell\u0007' } }],
      ['/student-profile/changes', { enrollNumber: 'MG1003', changes: { homeAddress: '  ' } }],
      ['/student-profile/changes', { enrollNumber: 'MG1003', changes: { nationality: 'Omani' } }],
      ['/student-profile/changes', { enrollNumber: 'MG1003', changes: { motherTongue: 'Urdu' } }],
      ['/student-profile-asian/changes', { enrollNumber: 'MG1003', changes: { nationalId: '1234' } }],
      ['/student-profile-asian/changes', { enrollNumber: 'MG1003', changes: { bloodGroup: 'C+' } }],
    ] as const) {
      const response = await post(path, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().messageId).toBe('V001');
    }
  });

  it('refuses a field an open change names (409 R003), and takes other fields meanwhile', async () => {
    const again = await post('/parent-profile/changes', { changes: { mobilePhone: '+971 55 000 1111' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().messageId).toBe('R003');
    // Layla's emergency number waits (proposed on the South Asian page): the standard page sees it too.
    const layla = await post('/student-profile/changes', {
      enrollNumber: 'MG1002',
      changes: { emergencyContactPhone: '+971 50 000 0000' },
    });
    expect(layla.statusCode).toBe(409);
    expect(layla.json().messageId).toBe('R003');
    // Two proposals of one field at once: the first is taken, the second waits for it and is refused.
    const both = await Promise.all(
      ['Abu Dhabi', 'Al Ain'].map((city) =>
        post('/student-profile/changes', { enrollNumber: 'MG1003', changes: { city } }),
      ),
    );
    expect(both.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    // The same proposal sent again (a second press) answers the one waiting (200), not another.
    const taken = both.find((response) => response.statusCode === 201)!.json() as { change: TProfileChange };
    const city = taken.change.changes[0]?.to ?? '';
    const again2 = await post('/student-profile/changes', { enrollNumber: 'MG1003', changes: { city } });
    expect(again2.statusCode).toBe(200);
    expect((again2.json() as { change: TProfileChange }).change.id).toBe(taken.change.id);
  });

  it('applies a change the school approves and puts it in the change feed; a rejected one changes nothing', async () => {
    const before = await feedAfter(0);
    const start = before.items.at(-1)?.seq ?? 0;
    expect(before.items).toContainEqual(
      expect.objectContaining({
        entity: 'parent',
        id: 'MG-P001',
        field: 'addressLine',
        value: 'Villa 14, Street 7, Al Barsha 2',
      }),
    );

    const proposed = await post('/parent-profile/changes', {
      changes: { occupation: 'Senior architect', otherPhone: '' },
      note: 'Promoted this month.',
    });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const { change } = proposed.json() as { change: TProfileChange };
    expect(change).toMatchObject({
      status: 'submitted',
      note: 'Promoted this month.',
      changes: [
        { field: 'otherPhone', from: '+971 4 388 2210', to: null },
        { field: 'occupation', from: 'Architect', to: 'Senior architect' },
      ],
    });
    const [stored] = await t.database.db
      .select()
      .from(requests)
      .where(and(eq(requests.schoolId, 'mogra'), eq(requests.requestId, change.id)));
    expect(stored).toMatchObject({ kind: 'parentProfileChange', parentId: 'MG-P001', enrollNumbers: [] });
    expect(valueOf(await read<TProfile>('/parent-profile'), 'occupation')).toMatchObject({
      value: 'Architect',
      pendingValue: 'Senior architect',
    });

    const decided = await decide(change.id, 'approved', 'Thank you.');
    expect(decided.statusCode, decided.body).toBe(200);
    const after = await read<TProfile>('/parent-profile');
    expect(valueOf(after, 'occupation')).toMatchObject({ value: 'Senior architect', pendingValue: null });
    expect(valueOf(after, 'otherPhone')?.value).toBeNull();
    expect(after.history[0]).toMatchObject({ id: change.id, status: 'approved', schoolNote: 'Thank you.' });
    const rows = await t.database.db
      .select()
      .from(parentDetails)
      .where(and(eq(parentDetails.schoolId, 'mogra'), eq(parentDetails.parentId, 'MG-P001')));
    expect(rows.find((row) => row.field === 'otherPhone')).toBeUndefined();
    const feed = await feedAfter(start);
    expect(
      feed.items.map(({ entity, id, sourcedId, field, value, requestId }) => ({
        entity,
        id,
        sourcedId,
        field,
        value,
        requestId,
      })),
    ).toEqual([
      {
        entity: 'parent',
        id: 'MG-P001',
        sourcedId: 'MG-P001',
        field: 'otherPhone',
        value: null,
        requestId: change.id,
      },
      {
        entity: 'parent',
        id: 'MG-P001',
        sourcedId: 'MG-P001',
        field: 'occupation',
        value: 'Senior architect',
        requestId: change.id,
      },
    ]);

    // A child's change, rejected: the record and the feed stay as they were.
    const child = await post('/student-profile-asian/changes', {
      enrollNumber: 'MG1001',
      changes: { motherTongue: 'Arabic and English', fatherOccupation: 'Engineer' },
    });
    expect(child.statusCode, child.body).toBe(201);
    const childChange = (child.json() as { change: TProfileChange }).change;
    expect((await decide(childChange.id, 'rejected', 'Please tell us at the office.')).statusCode).toBe(200);
    expect(
      valueOf(await read<TStudentProfile>('/student-profile-asian?enrollNumber=MG1001'), 'motherTongue')
        ?.value,
    ).toBe('Arabic');
    expect((await feedAfter(start)).items).toHaveLength(2);

    // Approved, it is applied and goes to the feed under the child's enrolment number.
    const approved = await post('/student-profile-asian/changes', {
      enrollNumber: 'MG1001',
      changes: { motherTongue: 'Arabic and English' },
    });
    const approvedChange = (approved.json() as { change: TProfileChange }).change;
    expect((await decide(approvedChange.id, 'approved')).statusCode).toBe(200);
    const [kept] = await t.database.db
      .select()
      .from(studentProfileDetails)
      .where(
        and(
          eq(studentProfileDetails.schoolId, 'mogra'),
          eq(studentProfileDetails.enrollNumber, 'MG1001'),
          eq(studentProfileDetails.field, 'motherTongue'),
        ),
      );
    expect(kept?.value).toBe('Arabic and English');
    expect((await feedAfter(start)).items.at(-1)).toMatchObject({
      entity: 'student',
      id: 'MG1001',
      field: 'motherTongue',
      value: 'Arabic and English',
      requestId: approvedChange.id,
    });
    // Another school's feed holds none of it.
    const bcdFeed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/sis/changes?since=0&limit=1000',
      headers: { 'client-id': 'bcd', authorization: 'Bearer demo-sync-bcd' },
    });
    expect(JSON.stringify(bcdFeed.json())).not.toContain('MG100');
  });

  it('takes details from the school’s details files; a bad value refuses the bundle (422 I001)', async () => {
    const refused = await importReport(
      t.app,
      'mogra',
      deltaBundle('1.2', {
        'student_details.csv': {
          columns: ['enrollNumber', 'status', 'city', 'emergencyContactPhone', 'bloodGroup'],
          rows: [
            {
              enrollNumber: 'MG2001',
              status: 'active',
              city: 'Sharjah',
              emergencyContactPhone: 'ring me',
              bloodGroup: 'Z',
            },
          ],
        },
        'parent_details.csv': {
          columns: ['parentSourcedId', 'status', 'city'],
          rows: [{ parentSourcedId: 'no-such-parent', status: 'active', city: 'Ajman' }],
        },
      }),
      { status: 422 },
    );
    expect(refused.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          file: 'student_details.csv',
          column: 'emergencyContactPhone',
          messageId: 'I001',
        }),
        expect.objectContaining({ file: 'student_details.csv', column: 'bloodGroup', messageId: 'I001' }),
      ]),
    );
    await importReport(
      t.app,
      'mogra',
      deltaBundle('1.2', {
        'student_details.csv': {
          columns: ['enrollNumber', 'status', 'city', 'nationalId', 'emergencyContactPhone'],
          rows: [
            {
              enrollNumber: 'MG2001',
              status: 'active',
              city: 'Sharjah',
              nationalId: '784-2017-1234567-8',
              emergencyContactPhone: '+971 52 333 1020',
            },
          ],
        },
        'parent_details.csv': {
          columns: ['parentSourcedId', 'status', 'city'],
          rows: [{ parentSourcedId: 'MG-P002', status: 'active', city: '' }],
        },
      }),
    );
    const nour = await read<TStudentProfile>('/student-profile-asian?enrollNumber=MG2001', haddad);
    expect(valueOf(nour, 'city')?.value).toBe('Sharjah');
    expect(valueOf(nour, 'nationalId')?.value).toMatch(/^•+67-8$/);
    // An empty cell empties the field; a column the file lacks keeps its value.
    const rami = await read<TProfile>('/parent-profile', haddad);
    expect(valueOf(rami, 'city')?.value).toBeNull();
    expect(valueOf(rami, 'mobilePhone')?.value).toBe('+971 52 333 1020');
  });
});
