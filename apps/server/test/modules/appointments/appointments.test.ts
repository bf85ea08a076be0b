import ICAL from 'ical.js';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TAppointmentStaffList,
  TAppointments,
  TBookedAppointment,
  TCancelledAppointment,
  TSlots,
} from '@portal/contracts/families/appointments';
import { appointments, schoolRoleApplications, staffSlots } from '../../../src/db/schema/index.ts';
import { headerOf } from '../../../src/kits/bundle-file.ts';
import { staffSlotsFile } from '../../../src/modules/appointments/import.ts';
import { csvText } from '../../../src/modules/school-data/csv-text.ts';
import { buildTestApp, signIn, type TTestApp } from '../../helper.ts';
import {
  answerOf,
  importFiles,
  parentApi,
  staffCall,
  type TParentApi,
} from '../publications/circulars-data.ts';

// Appointments with teachers (docs/modules.md F5, module `appointments`) on the demo data
// (db/seed/demo-appointments.ts): six of mogra's staff offer slots over the next two school
// weeks, and parent@mogra.demo has booked one. More slots come in through staff_slots.csv.
describe('appointments', () => {
  let t: TTestApp;
  let mogra: TParentApi; // parent@mogra.demo: Omar 9-A (MG1001), Layla 6-B, Yousef 2-C
  let haddad: TParentApi; // family.haddad@mogra.demo: Nour 4-A
  let bcad: TParentApi; // parent@bcad.demo: granted appointments for these tests
  let bcd: TParentApi; // parent@bcd.demo: a school that does not grant appointments

  const refusal = async (response: Promise<{ statusCode: number; json: () => unknown }>) => {
    const answer = await response;
    return { status: answer.statusCode, messageId: (answer.json() as { messageId: string }).messageId };
  };
  /** An instant this many hours from now, as staff_slots.csv writes it (whole minutes, UTC). */
  const hoursAhead = (hours: number) =>
    new Date(Math.floor((Date.now() + hours * 3_600_000) / 60_000) * 60_000)
      .toISOString()
      .replace(/\.000Z$/, 'Z');
  const addSlot = async (schoolId: string, sourcedId: string, staffId: string, startsIn: number) => {
    const { problems } = await importFiles(
      t,
      schoolId,
      new Map([
        [
          'staff_slots.csv',
          csvText(headerOf(staffSlotsFile), [
            {
              sourcedId,
              status: 'active',
              staffSourcedId: staffId,
              startsAt: hoursAhead(startsIn),
              endsAt: hoursAhead(startsIn + 0.5),
              location_en: 'Room 9A',
              location_ar: 'القاعة 9أ',
              mode: 'in_person',
            },
          ]),
        ],
      ]),
    );
    expect(problems).toEqual([]);
  };
  const classTeacherOf = async (api: TParentApi, enrollNumber: string) => {
    const { staff } = await answerOf<TAppointmentStaffList>(
      api.get(`/appointments/staff?enrollNumber=${enrollNumber}`),
    );
    return staff;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    await t.database.db
      .insert(schoolRoleApplications)
      .values({ schoolId: 'bcad', role: 'parent', applicationCode: 'PP003' });
    mogra = parentApi(t, 'mogra', await signIn(t.app, 'mogra', 'parent@mogra.demo'));
    haddad = parentApi(t, 'mogra', await signIn(t.app, 'mogra', 'family.haddad@mogra.demo'));
    bcad = parentApi(t, 'bcad', await signIn(t.app, 'bcad', 'parent@bcad.demo'));
    bcd = parentApi(t, 'bcd', await signIn(t.app, 'bcd', 'parent@bcd.demo'));
  }, 180_000);
  afterAll(() => t.close());

  it('lists the demo booking, the staff of a child and their free slots', async () => {
    const list = await answerOf<TAppointments>(mogra.get('/appointments'));
    expect(list.items).toHaveLength(1);
    const [booked] = list.items;
    expect(booked).toMatchObject({ enrollNumber: 'MG1001', status: 'booked', cancellable: true });
    const staff = await classTeacherOf(mogra, 'MG1001');
    expect(staff.filter((member) => member.freeSlots > 0).length).toBeGreaterThan(0);
    expect(staff.map((member) => member.id)).toContain('stf-90');
    const slots = await answerOf<TSlots>(mogra.get(`/appointments/slots?staffId=${booked!.slot.staffId}`));
    expect(slots.timeZone).toBe('Asia/Dubai');
    expect(slots.slots.length).toBeGreaterThan(0);
    // The booked slot is no longer free.
    expect(slots.slots.map((slot) => slot.id)).not.toContain(booked!.slot.id);
    const sorted = slots.slots.map((slot) => slot.startsAt);
    expect([...sorted].sort()).toEqual(sorted);
  });

  it('books a slot once: of two parents racing, one wins and the other gets 409 R006', async () => {
    await addSlot('mogra', 'slot-race', 'stf-90', 48);
    const [first, second] = await Promise.all([
      mogra.post('/appointments', { slotId: 'slot-race', enrollNumber: 'MG1002', topic: 'Friendships' }),
      haddad.post('/appointments', { slotId: 'slot-race', enrollNumber: 'MG2001', topic: 'Settling in' }),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([201, 409]);
    const loser = first.statusCode === 409 ? first : second;
    expect(loser.json()).toMatchObject({ messageId: 'R006' });
    const winner = (first.statusCode === 201 ? first : second).json() as TBookedAppointment;
    expect(winner.icsUrl).toBe(`/api/v1/ppn/appointments/${winner.appointment.id}/ics`);
    const rows = await t.database.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.slotId, 'slot-race'), eq(appointments.status, 'booked')));
    expect(rows).toHaveLength(1);
    // Booking it again is refused too.
    expect(
      await refusal(
        mogra.post('/appointments', { slotId: 'slot-race', enrollNumber: 'MG1001', topic: 'Again' }),
      ),
    ).toEqual({ status: 409, messageId: 'R006' });
  });

  it('cancels until 12 hours before (then 409 R005), frees the slot and tells the family', async () => {
    await addSlot('mogra', 'slot-later', 'stf-90', 30);
    const booked = await answerOf<TBookedAppointment>(
      mogra.post('/appointments', { slotId: 'slot-later', enrollNumber: 'MG1001', topic: 'Exams' }),
      201,
    );
    const cancelled = await answerOf<TCancelledAppointment>(
      mogra.post(`/appointments/${booked.appointment.id}/cancel`),
    );
    expect(cancelled.appointment).toMatchObject({ status: 'cancelled', cancellable: false });
    expect(await refusal(mogra.post(`/appointments/${booked.appointment.id}/cancel`))).toEqual({
      status: 409,
      messageId: 'R001',
    });
    // The slot is free again.
    const again = await mogra.post('/appointments', {
      slotId: 'slot-later',
      enrollNumber: 'MG1001',
      topic: 'Exams',
    });
    expect(again.statusCode).toBe(201);

    await addSlot('mogra', 'slot-soon', 'stf-90', 3);
    const soon = await answerOf<TBookedAppointment>(
      mogra.post('/appointments', { slotId: 'slot-soon', enrollNumber: 'MG1001', topic: 'Homework' }),
      201,
    );
    expect(soon.appointment.cancellable).toBe(false);
    expect(await refusal(mogra.post(`/appointments/${soon.appointment.id}/cancel`))).toEqual({
      status: 409,
      messageId: 'R005',
    });
    const list = await answerOf<TAppointments>(mogra.get('/appointments'));
    // Upcoming booked ones first, the nearest first; the cancelled one after them.
    expect(list.items[0]?.id).toBe(soon.appointment.id);
    expect(list.items.at(-1)?.status).toBe('cancelled');
  });

  it('refuses a past slot (422 R002), an unknown slot (404) and bad input (400 V001)', async () => {
    await addSlot('mogra', 'slot-past', 'stf-90', -2);
    expect(
      await refusal(
        mogra.post('/appointments', { slotId: 'slot-past', enrollNumber: 'MG1001', topic: 'Late' }),
      ),
    ).toEqual({ status: 422, messageId: 'R002' });
    expect(
      await refusal(mogra.post('/appointments', { slotId: 'slot-none', enrollNumber: 'MG1001', topic: 'x' })),
    ).toEqual({ status: 404, messageId: 'N404' });
    expect(
      await refusal(
        mogra.post('/appointments', { slotId: 'slot-race', enrollNumber: 'MG1001', topic: '  ' }),
      ),
    ).toMatchObject({ status: 400, messageId: 'V001' });
    expect(
      await refusal(mogra.get('/appointments/slots?staffId=stf-90&from=2026-02-10&to=2026-02-01')),
    ).toEqual({
      status: 422,
      messageId: 'R002',
    });
    expect(await refusal(mogra.post('/appointments/not-a-uuid/cancel'))).toMatchObject({ status: 400 });
  });

  it('refuses a member of staff not linked to the child (403 A003)', async () => {
    // The head of school teaches none of the family's children and is no counsellor.
    await addSlot('mogra', 'slot-head', 'stf-99', 72);
    expect(await refusal(mogra.get('/appointments/slots?staffId=stf-99'))).toEqual({
      status: 403,
      messageId: 'A003',
    });
    expect(
      await refusal(
        mogra.post('/appointments', { slotId: 'slot-head', enrollNumber: 'MG1001', topic: 'Fees' }),
      ),
    ).toEqual({ status: 403, messageId: 'A003' });
    expect(await refusal(mogra.get('/appointments/slots?staffId=stf-nobody'))).toEqual({
      status: 403,
      messageId: 'A003',
    });
  });

  it("refuses another parent's child (403 A002) and another family's appointment", async () => {
    await addSlot('mogra', 'slot-other', 'stf-90', 80);
    expect(
      await refusal(
        mogra.post('/appointments', { slotId: 'slot-other', enrollNumber: 'MG2001', topic: 'x' }),
      ),
    ).toEqual({ status: 403, messageId: 'A002' });
    expect(await refusal(mogra.get('/appointments/staff?enrollNumber=MG2001'))).toEqual({
      status: 403,
      messageId: 'A002',
    });
    const [ours] = (await answerOf<TAppointments>(mogra.get('/appointments'))).items;
    expect(await refusal(haddad.post(`/appointments/${ours!.id}/cancel`))).toEqual({
      status: 403,
      messageId: 'A002',
    });
    expect((await haddad.get(`/appointments/${ours!.id}/ics`)).statusCode).toBe(403);
    expect(
      (await answerOf<TAppointments>(haddad.get('/appointments'))).items.map((item) => item.id),
    ).not.toContain(ours!.id);
  });

  it('keeps schools apart and gates the module (403 A001)', async () => {
    const [ours] = (await answerOf<TAppointments>(mogra.get('/appointments'))).items;
    const bcadList = await answerOf<TAppointments>(bcad.get('/appointments'));
    expect(bcadList.items.map((item) => item.id)).not.toContain(ours!.id);
    expect(bcadList.items.map((item) => item.enrollNumber)).toEqual(['BC3101']);
    expect(await refusal(bcad.post(`/appointments/${ours!.id}/cancel`))).toEqual({
      status: 403,
      messageId: 'A002',
    });
    // mogra's slot id means nothing at bcad.
    expect(
      await refusal(
        bcad.post('/appointments', { slotId: ours!.slot.id, enrollNumber: 'BC3101', topic: 'x' }),
      ),
    ).toEqual({ status: 404, messageId: 'N404' });
    expect(
      await refusal(
        bcad.post('/appointments', { slotId: ours!.slot.id, enrollNumber: 'MG1001', topic: 'x' }),
      ),
    ).toEqual({ status: 403, messageId: 'A002' });
    const bcadSlots = await t.database.db.select().from(staffSlots).where(eq(staffSlots.schoolId, 'bcad'));
    expect(bcadSlots.length).toBeGreaterThan(0);
    const mogras = await answerOf<TSlots>(mogra.get('/appointments/slots?staffId=stf-90'));
    expect(mogras.slots.map((slot) => slot.id)).not.toContain(bcadSlots[0]!.slotId);
    expect(await refusal(bcd.get('/appointments'))).toEqual({ status: 403, messageId: 'A001' });
  });

  it('gives a valid iCalendar file of an appointment, in the parent language', async () => {
    const [ours] = (await answerOf<TAppointments>(mogra.get('/appointments'))).items;
    const answer = await mogra.get(`/appointments/${ours!.id}/ics?lng=ar`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/calendar/);
    expect(answer.body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    const calendar = ICAL.Component.fromString(answer.body);
    for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event!.uid).toBe(`appointment-${ours!.id}@mogra.parent-portal`);
    expect(event!.startDate.toJSDate().toISOString()).toBe(ours!.slot.startsAt);
    expect(event!.endDate.toJSDate().toISOString()).toBe(ours!.slot.endsAt);
    expect(event!.summary).toContain('موعد مع');
    expect(answer.body).toMatch(/\r\nDTSTART;TZID=Asia\/Dubai:\d{8}T\d{6}\r\n/);
  });

  it('takes a teacher’s slots through the staff API, and refuses unknown staff or bad times (422 I001)', async () => {
    const startsAt = hoursAhead(100);
    const endsAt = hoursAhead(100.5);
    const answer = await staffCall(t, 'mogra', 'POST', '/slots', {
      staffId: 'stf-90',
      slots: [{ startsAt, endsAt, location: 'Counselling room', locationAr: 'غرفة الإرشاد' }],
    });
    expect(answer.statusCode).toBe(201);
    const { slotIds } = answer.json() as { slotIds: string[] };
    // Today and the next 13 days (the default) hold it.
    const { slots } = await answerOf<TSlots>(mogra.get('/appointments/slots?staffId=stf-90'));
    expect(slots.map((slot) => slot.id)).toContain(slotIds[0]);
    const refused = await staffCall(t, 'mogra', 'POST', '/slots', {
      staffId: 'stf-nobody',
      slots: [{ startsAt: endsAt, endsAt: startsAt }],
    });
    expect(refused.statusCode).toBe(422);
    expect((refused.json() as { messageId: string; errors: unknown[] }).errors).toHaveLength(2);
    expect((await staffCall(t, 'mogra', 'POST', '/slots', { staffId: 'stf-90', slots: [] })).statusCode).toBe(
      400,
    );
  });
});
