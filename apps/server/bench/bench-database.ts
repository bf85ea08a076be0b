// The bench's own database, PGlite or PostgreSQL: migrated, seeded with the demo schools and
// with extra parents of the demo school for the release-day peak, then handed to a server.
import { sql } from 'drizzle-orm';
import { openDatabase, type TDatabase } from '../src/db/client.ts';
import { seedDemoData } from '../src/db/seed/seed.ts';
import { createPostgresDatabase, createTempDir } from '../test/helper.ts';
import { addBigSchool } from './big-school.ts';

export type TDatabaseKind = 'pglite' | 'postgres';

export type TBenchDatabase = {
  kind: TDatabaseKind;
  /** The environment that points a server at this database. */
  env: Record<string, string>;
  remove: () => Promise<void>;
};

/** The school, template parent and username pattern of the extra parents. */
export const BENCH_SCHOOL = 'mogra';
const TEMPLATE_USERNAME = 'parent@mogra.demo';
export const benchUsername = (n: number) => `bench${n}@mogra.demo`;

/**
 * Adds `count` parents to the demo school, each with one child whose fee schedule, attendance,
 * results and published report cards are copies of the template parent's first child's (so
 * home, fees and the report card have what they show), and the template parent's password (so
 * every one signs in with the demo password). A copy's id is the template's with the bench
 * child's enrolment number in place of the template child's.
 */
async function addBenchParents(db: TDatabase, count: number): Promise<void> {
  const first = (await db.execute(sql`
    select ps.enroll_number from parent_students ps
    join parents p on p.school_id = ps.school_id and p.parent_id = ps.parent_id
    where p.school_id = ${BENCH_SCHOOL} and p.username = ${TEMPLATE_USERNAME}
    order by ps.position, ps.enroll_number limit 1`)) as unknown as { rows: { enroll_number: string }[] };
  const child = first.rows[0]?.enroll_number;
  if (!child) throw new Error(`the demo school has no ${TEMPLATE_USERNAME} with a child`);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into parents (school_id, parent_id, username, name_en, name_ar, email, password_hash)
      select p.school_id, 'bench-' || g, 'bench' || g || '@mogra.demo', 'Bench Parent ' || g,
        'ولي أمر ' || g, 'bench' || g || '@mogra.demo', p.password_hash
      from parents p, generate_series(1, ${count}::int) g
      where p.school_id = ${BENCH_SCHOOL} and p.username = ${TEMPLATE_USERNAME}`);
    await tx.execute(sql`
      insert into students (school_id, enroll_number, academic_status, full_name, academic_year,
        cur_code, grade_code, section_code, grade_name_en, section_name_en)
      select s.school_id, 'BENCH' || g, s.academic_status, 'Bench Child ' || g, s.academic_year,
        s.cur_code, s.grade_code, s.section_code, s.grade_name_en, s.section_name_en
      from students s, generate_series(1, ${count}::int) g
      where s.school_id = ${BENCH_SCHOOL} and s.enroll_number = ${child}`);
    await tx.execute(sql`
      insert into parent_students (school_id, parent_id, enroll_number)
      select ${BENCH_SCHOOL}, 'bench-' || g, 'BENCH' || g from generate_series(1, ${count}::int) g`);
    await tx.execute(sql`
      insert into fee_items (school_id, enroll_number, academic_year, term, fee_type_code,
        amount_minor, discount_minor, vat_rate_bp, vat_minor, total_minor, paid_minor, due_on)
      select f.school_id, 'BENCH' || g, f.academic_year, f.term, f.fee_type_code, f.amount_minor,
        f.discount_minor, f.vat_rate_bp, f.vat_minor, f.total_minor, f.paid_minor, f.due_on
      from fee_items f, generate_series(1, ${count}::int) g
      where f.school_id = ${BENCH_SCHOOL} and f.enroll_number = ${child}`);
    await tx.execute(sql`
      insert into attendance_days (school_id, enroll_number, day, status, note, arrived_at)
      select a.school_id, 'BENCH' || g, a.day, a.status, a.note, a.arrived_at
      from attendance_days a, generate_series(1, ${count}::int) g
      where a.school_id = ${BENCH_SCHOOL} and a.enroll_number = ${child}`);
    await tx.execute(sql`
      insert into assessment_results (school_id, result_id, assessment_id, enroll_number, score_status,
        score, text_score, scored_on, comment)
      select r.school_id, replace(r.result_id, ${child}, 'BENCH' || g), r.assessment_id, 'BENCH' || g,
        r.score_status, r.score, r.text_score, r.scored_on, r.comment
      from assessment_results r, generate_series(1, ${count}::int) g
      where r.school_id = ${BENCH_SCHOOL} and r.enroll_number = ${child}`);
    await tx.execute(sql`
      insert into report_cards (school_id, report_card_id, enroll_number, term_id, title_en, title_ar,
        pdf_en, pdf_ar, remark_en, remark_ar, published_at, publish_notified_at)
      select c.school_id, replace(c.report_card_id, ${child}, 'BENCH' || g), 'BENCH' || g, c.term_id,
        c.title_en, c.title_ar, c.pdf_en, c.pdf_ar, c.remark_en, c.remark_ar, c.published_at,
        c.publish_notified_at
      from report_cards c, generate_series(1, ${count}::int) g
      where c.school_id = ${BENCH_SCHOOL} and c.enroll_number = ${child}
        and c.published_at is not null and c.removed_at is null`);
  });
}

/** A new database of this kind with the demo data and `extraParents` bench parents. */
export async function createBenchDatabase(
  kind: TDatabaseKind,
  extraParents: number,
): Promise<TBenchDatabase> {
  const data = createTempDir('portal-bench-');
  const postgres = kind === 'postgres' ? await createPostgresDatabase() : null;
  const database = await openDatabase({ databaseUrl: postgres?.url, dataDir: data.dir });
  try {
    await database.migrate();
    await seedDemoData(database.db);
    if (extraParents > 0) await addBenchParents(database.db, extraParents);
    await addBigSchool(database.db);
    // Statistics and a vacuum as a database in service has them: without, the planner guesses
    // on tables just filled, and the autovacuum that follows the seeding runs during the loads.
    await database.db.execute(sql`vacuum analyze`);
  } finally {
    await database.close();
  }
  return {
    kind,
    env: { DATA_DIR: data.dir, ...(postgres ? { DATABASE_URL: postgres.url } : {}) },
    remove: async () => {
      await postgres?.drop();
      data.remove();
    },
  };
}
