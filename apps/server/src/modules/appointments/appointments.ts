import { TZDate } from '@date-fns/tz';
import { and, asc, eq, gt, gte, inArray, isNull, lt, notExists, sql } from 'drizzle-orm';
import {
  APPOINTMENT_CANCEL_HOURS,
  MAX_SLOT_RANGE_DAYS,
  appointmentIcsPath,
  type TAppointment,
  type TAppointmentStaff,
  type TBookAppointmentBody,
  type TSlot,
} from '@portal/contracts/families/appointments';
import { PARENT_API_PATH } from '@portal/contracts/endpoint';
import { addDays, daysBetween } from '@portal/contracts/kits/dates';
import { MessageId } from '@portal/contracts/messages';
import { ApiError, notYourChild } from '../../api-error.ts';
import { ownChildJoin, requireOwnChild } from '../../access/own-child.ts';
import { schoolToday, schoolWide } from '../../access/school.ts';
import type { TDatabase } from '../../db/client.ts';
import { appointments, parentStudents, staff, staffSlots, students } from '../../db/schema/index.ts';
import { familyAudienceChildren } from '../../kits/audience.ts';
import { firstNameOf, noticeDay, notify } from '../../kits/notify.ts';
import { staffNotLinked, staffOfChild as contactsOfChild } from '../../kits/child-staff.ts';

// A family's appointments with teachers (docs/modules.md F5, module `appointments`). A parent
// sees and books the free slots of the staff who teach or care for one of their children (the
// same staff a parent may write to, kits/child-staff.ts; anyone else is
// 403 `A003`). A slot holds one booked appointment: the partial unique index on the booked slot
// decides a race (the loser gets 409 `R006`). A past slot is 422 `R002`; cancelling is possible
// until 12 hours before the start, then 409 `R005`.

type TSession = { schoolId: string; parentId: string };
type TSlotRow = typeof staffSlots.$inferSelect;

const HOUR_MS = 3_600_000;

const noSuchSlot = () => new ApiError(404, MessageId.notFound, 'No such free slot');

/** The start of a school day in the school's zone. */
function dayStart(day: string, timeZone: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(new TZDate(year, month - 1, date, 0, 0, 0, timeZone).getTime());
}

const slotOf = (row: TSlotRow): TSlot => ({
  id: row.slotId,
  staffId: row.staffId,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
  location: row.locationEn,
  locationAr: row.locationAr,
  mode: row.mode === 'video' ? 'video' : 'in_person',
});

/** A slot is free: open, not removed, and no booked appointment holds it. */
const freeSlot = (db: TDatabase) =>
  and(
    eq(staffSlots.status, 'open'),
    isNull(staffSlots.removedAt),
    notExists(
      db
        .select({ one: sql`1` })
        .from(appointments)
        .where(
          and(
            eq(appointments.schoolId, staffSlots.schoolId),
            eq(appointments.slotId, staffSlots.slotId),
            eq(appointments.status, 'booked'),
          ),
        ),
    ),
  );

/** The staff a parent may book with about this child, each with their free slots to come. */
export async function staffOfChild(
  db: TDatabase,
  session: TSession,
  enrollNumber: string,
): Promise<TAppointmentStaff[]> {
  await requireOwnChild(db, session, enrollNumber);
  const contacts = await contactsOfChild(db, session.schoolId, enrollNumber);
  if (contacts.length === 0) return [];
  const counts = await db
    .select({ staffId: staffSlots.staffId, free: sql<number>`count(*)::int` })
    .from(staffSlots)
    .where(
      and(
        eq(staffSlots.schoolId, session.schoolId),
        inArray(
          staffSlots.staffId,
          contacts.map((contact) => contact.id),
        ),
        gt(staffSlots.startsAt, new Date()),
        freeSlot(db),
      ),
    )
    .groupBy(staffSlots.staffId);
  const free = new Map(counts.map((row) => [row.staffId, Number(row.free)]));
  return contacts.map((contact) => ({ ...contact, freeSlots: free.get(contact.id) ?? 0 }));
}

/** The parent's children this staff member teaches or cares for; none: 403 `A003`. */
async function linkedChildren(db: TDatabase, session: TSession, staffId: string): Promise<string[]> {
  const linked: string[] = [];
  for (const child of await familyAudienceChildren(db, session)) {
    const contacts = await contactsOfChild(db, session.schoolId, child.enrollNumber);
    if (contacts.some((contact) => contact.id === staffId)) linked.push(child.enrollNumber);
  }
  if (linked.length === 0) throw staffNotLinked();
  return linked;
}

/** The free slots of a staff member linked to one of the parent's children, in these school days. */
export async function listSlots(
  db: TDatabase,
  session: TSession,
  query: { staffId: string; from?: string | undefined; to?: string | undefined },
): Promise<{ timeZone: string; slots: TSlot[] }> {
  const timeZone = (await schoolWide(db, session.schoolId))?.timeZone;
  const zone = timeZone ?? 'UTC';
  const from = query.from ?? schoolToday(timeZone);
  const to = query.to ?? addDays(from, 13);
  if (to < from) throw new ApiError(422, MessageId.requestBadDates, '`to` is before `from`');
  if (daysBetween(from, to) >= MAX_SLOT_RANGE_DAYS)
    throw new ApiError(400, MessageId.invalidRequest, `At most ${MAX_SLOT_RANGE_DAYS} days at once`);
  await linkedChildren(db, session, query.staffId);
  const start = dayStart(from, zone);
  const now = new Date();
  const rows = await db
    .select()
    .from(staffSlots)
    .where(
      and(
        eq(staffSlots.schoolId, session.schoolId),
        eq(staffSlots.staffId, query.staffId),
        gte(staffSlots.startsAt, start > now ? start : now),
        lt(staffSlots.startsAt, dayStart(addDays(to, 1), zone)),
        freeSlot(db),
      ),
    )
    .orderBy(asc(staffSlots.startsAt), asc(staffSlots.slotId))
    .limit(500);
  return { timeZone: zone, slots: rows.map(slotOf) };
}

/** The family's appointments (those of the parent's children), or one of them. */
async function familyAppointments(db: TDatabase, session: TSession, appointmentId?: string) {
  const rows = await db
    .select({ appointment: appointments, slot: staffSlots, member: staff, child: students })
    .from(appointments)
    .innerJoin(parentStudents, ownChildJoin(appointments, session.parentId))
    .innerJoin(
      staffSlots,
      and(eq(staffSlots.schoolId, appointments.schoolId), eq(staffSlots.slotId, appointments.slotId)),
    )
    .innerJoin(
      students,
      and(eq(students.schoolId, appointments.schoolId), eq(students.enrollNumber, appointments.enrollNumber)),
    )
    .leftJoin(staff, and(eq(staff.schoolId, appointments.schoolId), eq(staff.staffId, appointments.staffId)))
    .where(
      and(
        eq(appointments.schoolId, session.schoolId),
        appointmentId === undefined ? undefined : eq(appointments.appointmentId, appointmentId),
      ),
    )
    .orderBy(asc(staffSlots.startsAt))
    .limit(500);
  const now = Date.now();
  return rows.map(({ appointment, slot, member, child }) => ({
    startsAt: slot.startsAt,
    view: {
      id: appointment.appointmentId,
      slot: slotOf(slot),
      staffName: member?.nameEn ?? '',
      staffNameAr: member?.nameAr ?? '',
      enrollNumber: appointment.enrollNumber,
      childName: child.fullName,
      topic: appointment.topic,
      status: appointment.status === 'cancelled' ? 'cancelled' : 'booked',
      bookedAt: appointment.bookedAt.toISOString(),
      cancellable:
        appointment.status === 'booked' && slot.startsAt.getTime() - now > APPOINTMENT_CANCEL_HOURS * HOUR_MS,
    } satisfies TAppointment,
    firstName: firstNameOf({
      enrollNumber: child.enrollNumber,
      firstName: child.passportFirstNameEn,
      fullName: child.fullName,
    }),
    location: { en: slot.locationEn, ar: slot.locationAr || slot.locationEn },
  }));
}

/** The family's appointments: booked ones to come (the nearest first), then the others (latest first). */
export async function listAppointments(
  db: TDatabase,
  session: TSession,
): Promise<{ timeZone: string; items: TAppointment[] }> {
  const timeZone = (await schoolWide(db, session.schoolId))?.timeZone ?? 'UTC';
  const now = Date.now();
  const rows = await familyAppointments(db, session);
  const upcoming = rows.filter((row) => row.view.status === 'booked' && row.startsAt.getTime() > now);
  const others = rows.filter((row) => !upcoming.includes(row)).reverse();
  return { timeZone, items: [...upcoming, ...others].map((row) => row.view) };
}

async function findAppointment(db: TDatabase, session: TSession, appointmentId: string) {
  const [row] = await familyAppointments(db, session, appointmentId);
  // Another family's appointment, another school's or none are refused alike (403 `A002`).
  if (!row) throw notYourChild();
  return row;
}

/** The day and time of an appointment as a notice says it, in the school's time zone. */
function when(language: 'en' | 'ar', at: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone }).format(at);
  const time = new Intl.DateTimeFormat(language === 'ar' ? 'ar-u-nu-latn' : 'en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);
  return `${noticeDay(language, day)} ${time}`;
}

/** What a notice about an appointment says: the child, the day and time, the place. */
export function appointmentNoticeBody(
  firstName: string,
  startsAt: Date,
  location: { en: string; ar: string },
  timeZone: string,
): { en: string; ar: string } {
  return {
    en: `${firstName} · ${when('en', startsAt, timeZone)}${location.en ? ` · ${location.en}` : ''}`,
    ar: `${firstName} · ${when('ar', startsAt, timeZone)}${location.ar ? ` · ${location.ar}` : ''}`,
  };
}

async function tellParents(
  db: TDatabase,
  session: TSession,
  kind: 'booked' | 'cancelled',
  row: Awaited<ReturnType<typeof findAppointment>>,
): Promise<void> {
  const timeZone = (await schoolWide(db, session.schoolId))?.timeZone ?? 'UTC';
  const { view } = row;
  const staffAr = view.staffNameAr || view.staffName;
  const booked = kind === 'booked';
  await notify(db, {
    schoolId: session.schoolId,
    enrollNumber: view.enrollNumber,
    category: 'calendar',
    kind: booked ? 'calendar.appointmentBooked' : 'calendar.appointmentCancelled',
    dedupeKey: `appointment:${view.id}:${kind}`,
    title: booked
      ? { en: `Appointment with ${view.staffName}`, ar: `موعد مع ${staffAr}` }
      : { en: `Appointment cancelled: ${view.staffName}`, ar: `أُلغي الموعد مع ${staffAr}` },
    body: appointmentNoticeBody(row.firstName, row.startsAt, row.location, timeZone),
    path: '/appointment-list',
  });
}

/** The iCalendar file's address of an appointment, under the API's base path. */
const icsUrlOf = (appointmentId: string) => `/api${PARENT_API_PATH}${appointmentIcsPath(appointmentId)}`;

/**
 * Books a free slot for a child. Also the demo seed's way to book (db/seed/demo-appointments.ts),
 * which passes `notifyParents: false` to book without notices.
 */
export async function bookAppointment(
  db: TDatabase,
  session: TSession,
  body: TBookAppointmentBody,
  options: { notifyParents?: boolean } = {},
): Promise<{ appointment: TAppointment; icsUrl: string }> {
  await requireOwnChild(db, session, body.enrollNumber);
  const [slot] = await db
    .select()
    .from(staffSlots)
    .where(
      and(
        eq(staffSlots.schoolId, session.schoolId),
        eq(staffSlots.slotId, body.slotId),
        eq(staffSlots.status, 'open'),
        isNull(staffSlots.removedAt),
      ),
    )
    .limit(1);
  if (!slot) throw noSuchSlot();
  const contacts = await contactsOfChild(db, session.schoolId, body.enrollNumber);
  if (!contacts.some((contact) => contact.id === slot.staffId)) throw staffNotLinked();
  if (slot.startsAt.getTime() <= Date.now())
    throw new ApiError(422, MessageId.requestBadDates, 'The slot has already begun');
  const inserted = await db
    .insert(appointments)
    .values({
      schoolId: session.schoolId,
      slotId: slot.slotId,
      staffId: slot.staffId,
      enrollNumber: body.enrollNumber,
      parentId: session.parentId,
      topic: body.topic,
    })
    .onConflictDoNothing()
    .returning({ appointmentId: appointments.appointmentId });
  const id = inserted[0]?.appointmentId;
  if (!id) throw new ApiError(409, MessageId.slotTaken, 'The slot was just booked by someone else');
  const row = await findAppointment(db, session, id);
  if (options.notifyParents !== false) await tellParents(db, session, 'booked', row);
  return { appointment: row.view, icsUrl: icsUrlOf(id) };
}

/** Cancels a booked appointment of the family, until 12 hours before it. */
export async function cancelAppointment(
  db: TDatabase,
  session: TSession,
  appointmentId: string,
): Promise<TAppointment> {
  const row = await findAppointment(db, session, appointmentId);
  if (row.view.status !== 'booked')
    throw new ApiError(409, MessageId.requestWrongState, 'The appointment is already cancelled');
  if (row.startsAt.getTime() - Date.now() <= APPOINTMENT_CANCEL_HOURS * HOUR_MS)
    throw new ApiError(
      409,
      MessageId.deadlinePassed,
      `Appointments can be cancelled until ${APPOINTMENT_CANCEL_HOURS} hours before`,
    );
  const updated = await db
    .update(appointments)
    .set({ status: 'cancelled', cancelledAt: new Date() })
    .where(
      and(
        eq(appointments.schoolId, session.schoolId),
        eq(appointments.appointmentId, appointmentId),
        eq(appointments.status, 'booked'),
      ),
    )
    .returning({ id: appointments.appointmentId });
  if (updated.length === 0)
    throw new ApiError(409, MessageId.requestWrongState, 'The appointment is already cancelled');
  const after = await findAppointment(db, session, appointmentId);
  await tellParents(db, session, 'cancelled', after);
  return after.view;
}

/** One appointment of the family, for its iCalendar file. */
export async function appointmentForCalendar(db: TDatabase, session: TSession, appointmentId: string) {
  const row = await findAppointment(db, session, appointmentId);
  const timeZone = (await schoolWide(db, session.schoolId))?.timeZone ?? 'UTC';
  return { ...row, timeZone };
}
