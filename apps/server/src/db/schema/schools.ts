import { sql } from 'drizzle-orm';
import { date, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';

/** A school: the tenant. Its id is the first label of its host name. */
export const schools = pgTable('schools', {
  schoolId: text('school_id').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameAr: text('name_ar').notNull(),
  logoUrl: text('logo_url').notNull(),
  licLmsUrl: text('lic_lms_url').notNull().default(''),
  licWebsiteUrl: text('lic_website_url').notNull().default(''),
  licLoginpg: text('lic_loginpg').notNull().default(''),
  /** OAuth client id of the school's Google sign-in; '' when not set up. */
  googleClientId: text('google_client_id').notNull().default(''),
  /** The school's Facebook app; '' when not set up. The secret never leaves the server. */
  facebookAppId: text('facebook_app_id').notNull().default(''),
  facebookAppSecret: text('facebook_app_secret').notNull().default(''),
  /** How parents reach the school office; shown on public pages (registration help). '' when unknown. */
  phone: text('phone').notNull().default(''),
  email: text('email').notNull().default(''),
  addressEn: text('address_en').notNull().default(''),
  addressAr: text('address_ar').notNull().default(''),
  /** IANA time zone in which the school's dates are shown (pages and documents). */
  timeZone: text('time_zone').notNull().default('Asia/Dubai'),
  /** ISO weekdays (1 Monday .. 7 Sunday) without school, e.g. {6,7}. */
  weekendDays: integer('weekend_days')
    .array()
    .notNull()
    .default(sql`'{6,7}'::integer[]`),
});

/** The banner ("swiper") texts shown on the public entry view, in display order. */
export const schoolBannerTexts = pgTable(
  'school_banner_texts',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.schoolId, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    textEn: text('text_en').notNull(),
    textAr: text('text_ar').notNull(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.position] })],
);

/** Admission periods; the public view shows the earliest start and the latest end. */
export const schoolAdmissionPeriods = pgTable(
  'school_admission_periods',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.schoolId, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.position] })],
);

/** Academic years; the one with status `C` is the current year. */
export const academicYears = pgTable(
  'academic_years',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.schoolId, { onDelete: 'cascade' }),
    year: text('year').notNull(),
    description: text('description').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    /** The school system's id of this school year (OneRoster academicSession); null when not imported. */
    sourcedId: text('sourced_id'),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.year] }),
    uniqueIndex('academic_years_school_sourced_id_idx')
      .on(t.schoolId, t.sourcedId)
      .where(sql`${t.sourcedId} is not null`),
  ],
);
