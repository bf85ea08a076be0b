import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { appointments, staff, staffSlots, students } from '../../db/schema/index.ts';
import { schoolWide } from '../../access/school.ts';
import { firstNameOf, notify } from '../../kits/notify.ts';
import { appointmentNoticeBody } from './appointments.ts';

// `calendar.appointmentReminder` (docs/modules.md F5): the family is reminded of a booked
// appointment once, within the day before it starts (one booked for less than a day ahead is
// reminded at once, beside the booking's own notice). The job looks every few minutes; an
// appointment is marked reminded in the transaction of its notice, so two instances running
// the job remind it once.

export const APPOINTMENT_REMINDER_INTERVAL_MS = 5 * 60_000;
/** How long before an appointment the family is reminded. */
const APPOINTMENT_REMINDER_AHEAD_MS = 24 * 60 * 60_000;
/** Appointments reminded in one run at most; the rest wait for the next run. */
const REMINDERS_PER_RUN = 200;

/** Reminds the families of the booked appointments starting within the next day. Answers how many notices were written. */
export async function remindDueAppointments(db: TDatabase, now: Date = new Date()): Promise<number> {
  const horizon = new Date(now.getTime() + APPOINTMENT_REMINDER_AHEAD_MS);
  const due = await db
    .select({ schoolId: appointments.schoolId, appointmentId: appointments.appointmentId })
    .from(appointments)
    .innerJoin(
      staffSlots,
      and(eq(staffSlots.schoolId, appointments.schoolId), eq(staffSlots.slotId, appointments.slotId)),
    )
    .where(
      and(
        eq(appointments.status, 'booked'),
        isNull(appointments.remindedAt),
        gt(staffSlots.startsAt, now),
        lte(staffSlots.startsAt, horizon),
      ),
    )
    .limit(REMINDERS_PER_RUN);
  let written = 0;
  for (const { schoolId, appointmentId } of due) {
    const timeZone = (await schoolWide(db, schoolId))?.timeZone ?? 'UTC';
    written += await db.transaction(async (transaction) => {
      const tx = transaction as unknown as TDatabase;
      const [claimed] = await tx
        .update(appointments)
        .set({ remindedAt: now })
        .where(
          and(
            eq(appointments.schoolId, schoolId),
            eq(appointments.appointmentId, appointmentId),
            eq(appointments.status, 'booked'),
            isNull(appointments.remindedAt),
          ),
        )
        .returning({
          slotId: appointments.slotId,
          staffId: appointments.staffId,
          enrollNumber: appointments.enrollNumber,
        });
      if (!claimed) return 0;
      const [found] = await tx
        .select({ slot: staffSlots, member: staff, child: students })
        .from(staffSlots)
        .innerJoin(
          students,
          and(eq(students.schoolId, staffSlots.schoolId), eq(students.enrollNumber, claimed.enrollNumber)),
        )
        .leftJoin(staff, and(eq(staff.schoolId, staffSlots.schoolId), eq(staff.staffId, claimed.staffId)))
        .where(and(eq(staffSlots.schoolId, schoolId), eq(staffSlots.slotId, claimed.slotId)));
      if (!found) return 0;
      const { slot, member, child } = found;
      const firstName = firstNameOf({
        enrollNumber: child.enrollNumber,
        firstName: child.passportFirstNameEn,
        fullName: child.fullName,
      });
      const staffEn = member?.nameEn ?? '';
      const staffAr = member?.nameAr || staffEn;
      return notify(tx, {
        schoolId,
        enrollNumber: child.enrollNumber,
        category: 'calendar',
        kind: 'calendar.appointmentReminder',
        dedupeKey: `appointment:${appointmentId}:reminder`,
        title: { en: `Reminder: appointment with ${staffEn}`, ar: `تذكير: موعد مع ${staffAr}` },
        body: appointmentNoticeBody(
          firstName,
          slot.startsAt,
          { en: slot.locationEn, ar: slot.locationAr || slot.locationEn },
          timeZone,
        ),
        path: '/appointment-list',
      });
    });
  }
  return written;
}
