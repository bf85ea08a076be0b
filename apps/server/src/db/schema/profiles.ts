import { foreignKey, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { parents, students } from './people.ts';

// The parent's and the children's details (docs/modules.md F6): one row per field that has a
// value, named as the field sets of packages/contracts/src/families/profiles.ts name them. They
// come from the school's details files (docs/school-data.md) and change when the school approves
// a parent's proposal. Kept apart from `student_details`, which OneRoster's demographics file
// owns (a bulk demographics file replaces its rows).

/** A field of a parent's record: phone, address, occupation... */
export const parentDetails = pgTable(
  'parent_details',
  {
    schoolId: text('school_id').notNull(),
    parentId: text('parent_id').notNull(),
    field: text('field').notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.parentId, t.field] }),
    foreignKey({
      columns: [t.schoolId, t.parentId],
      foreignColumns: [parents.schoolId, parents.parentId],
    }).onDelete('cascade'),
  ],
);

/** A field of a child's record beyond the roster: home address, emergency contact, background... */
export const studentProfileDetails = pgTable(
  'student_profile_details',
  {
    schoolId: text('school_id').notNull(),
    enrollNumber: text('enroll_number').notNull(),
    field: text('field').notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.enrollNumber, t.field] }),
    foreignKey({
      columns: [t.schoolId, t.enrollNumber],
      foreignColumns: [students.schoolId, students.enrollNumber],
    }).onDelete('cascade'),
  ],
);
