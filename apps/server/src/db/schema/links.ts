import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { students } from './people.ts';
import { schools } from './schools.ts';

// Outside links (F7) and transport (F6), as the school gives them in its bundle
// (docs/school-data.md, links.csv and the transport files).

/**
 * A link of an outside-link module (`moodle`, `digital`, `facebook`, `instagram`): an https
 * address and the school's words for it. The digital library may hold several, in `position`
 * order; the other modules show their first.
 */
export const outsideLinks = pgTable(
  'outside_links',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.schoolId, { onDelete: 'cascade' }),
    linkId: text('link_id').notNull(),
    moduleKey: text('module_key').notNull(),
    url: text('url').notNull(),
    labelEn: text('label_en').notNull(),
    labelAr: text('label_ar').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    descriptionAr: text('description_ar').notNull().default(''),
    position: integer('position').notNull().default(0),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.linkId] }),
    index('outside_links_module_idx').on(t.schoolId, t.moduleKey),
  ],
);

/** A bus route: its bus and who runs it. */
export const transportRoutes = pgTable(
  'transport_routes',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.schoolId, { onDelete: 'cascade' }),
    routeId: text('route_id').notNull(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull().default(''),
    busNumber: text('bus_number').notNull().default(''),
    driverNameEn: text('driver_name_en').notNull().default(''),
    driverNameAr: text('driver_name_ar').notNull().default(''),
    driverPhone: text('driver_phone').notNull().default(''),
    assistantNameEn: text('assistant_name_en').notNull().default(''),
    assistantNameAr: text('assistant_name_ar').notNull().default(''),
    assistantPhone: text('assistant_phone').notNull().default(''),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.routeId] })],
);

/** A stop of a route, in the order the bus reaches it, with its times (`HH:MM`, the school's zone). */
export const transportStops = pgTable(
  'transport_stops',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.schoolId, { onDelete: 'cascade' }),
    stopId: text('stop_id').notNull(),
    routeId: text('route_id').notNull(),
    seq: integer('seq').notNull(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull().default(''),
    pickupAt: text('pickup_at'),
    dropAt: text('drop_at'),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.stopId] }),
    index('transport_stops_route_idx').on(t.schoolId, t.routeId, t.seq),
  ],
);

/** The route and stop of a child who takes the school's bus (one per child). */
export const transportAssignments = pgTable(
  'transport_assignments',
  {
    schoolId: text('school_id').notNull(),
    enrollNumber: text('enroll_number').notNull(),
    routeId: text('route_id').notNull(),
    stopId: text('stop_id').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.enrollNumber] }),
    foreignKey({
      columns: [t.schoolId, t.enrollNumber],
      foreignColumns: [students.schoolId, students.enrollNumber],
    }).onDelete('cascade'),
  ],
);
