import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { schools } from './schools.ts';

// Appointments with teachers (docs/modules.md F5, module `appointments`): the school offers its
// staff's free slots through staff_slots.csv (docs/school-data.md); a parent books one for a
// child. A slot has at most one booked appointment (the partial unique index), so two parents
// racing for it cannot both win.

export const staffSlots = pgTable(
  'staff_slots',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.schoolId, { onDelete: 'cascade' }),
    slotId: text('slot_id').notNull(),
    staffId: text('staff_id').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    locationEn: text('location_en').notNull().default(''),
    locationAr: text('location_ar').notNull().default(''),
    /** `in_person` or `video`. */
    mode: text('mode').notNull().default('in_person'),
    /** `open` or `closed` (the school withdrew it). */
    status: text('status').notNull().default('open'),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.slotId] }),
    index('staff_slots_staff_idx').on(t.schoolId, t.staffId, t.startsAt),
  ],
);

export const appointments = pgTable(
  'appointments',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.schoolId, { onDelete: 'cascade' }),
    appointmentId: uuid('appointment_id').notNull().defaultRandom(),
    slotId: text('slot_id').notNull(),
    staffId: text('staff_id').notNull(),
    enrollNumber: text('enroll_number').notNull(),
    parentId: text('parent_id').notNull(),
    topic: text('topic').notNull(),
    /** `booked` or `cancelled`. */
    status: text('status').notNull().default('booked'),
    bookedAt: timestamp('booked_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** When the family was reminded of it, the day before (appointment-reminders.ts); null: not yet. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.appointmentId] }),
    uniqueIndex('appointments_booked_slot_idx')
      .on(t.schoolId, t.slotId)
      .where(sql`${t.status} = 'booked'`),
    index('appointments_child_idx').on(t.schoolId, t.enrollNumber),
  ],
);
