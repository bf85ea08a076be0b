import { sql } from 'drizzle-orm';
import type { TDatabase } from '../../../db/client.ts';
import type { TApplyContext } from '../../../kits/bundle-file.ts';

// A child's grade and section, as their profile shows them, are those of their homeroom class
// (docs/school-data.md): after a bundle's users, classes and enrollments are applied, each
// child with a homeroom takes its grade, section and school year. A child in several
// homerooms takes the one whose enrolment covers today, then the primary one.

async function settleHomerooms(tx: TDatabase, context: TApplyContext): Promise<void> {
  await tx.execute(sql`
    update students s set
      grade_code = h.grade_code, section_code = h.section_code,
      grade_name_en = h.grade_name_en, grade_name_ar = h.grade_name_ar,
      section_name_en = h.section_name_en, section_name_ar = h.section_name_ar,
      academic_year = coalesce(h.year, s.academic_year)
    from (
      select distinct on (e.person_id) e.person_id as enroll_number, c.grade_code, c.section_code,
        c.grade_name_en, c.grade_name_ar, c.section_name_en, c.section_name_ar,
        coalesce(t.academic_year, y.year) as year
      from enrollments e
      join classes c on c.school_id = e.school_id and c.class_id = e.class_id
        and c.class_type = 'homeroom' and c.removed_at is null
      left join terms t on t.school_id = c.school_id and t.term_id = c.term_ids[1]
      left join academic_years y on y.school_id = c.school_id and y.sourced_id = c.term_ids[1]
      where e.school_id = ${context.schoolId} and e.role = 'student'
      order by e.person_id,
        (coalesce(e.begins_on <= ${context.today}::date, true) and coalesce(e.ends_on >= ${context.today}::date, true)) desc,
        e.is_primary desc, e.begins_on desc nulls last, e.class_id
    ) h
    where s.school_id = ${context.schoolId} and s.enroll_number = h.enroll_number
      and (s.grade_code, s.section_code, s.grade_name_en, s.grade_name_ar, s.section_name_en,
        s.section_name_ar, s.academic_year)
        is distinct from (h.grade_code, h.section_code, h.grade_name_en, h.grade_name_ar,
        h.section_name_en, h.section_name_ar, coalesce(h.year, s.academic_year))`);
}

export const homeroomsStep = { when: ['users.csv', 'classes.csv', 'enrollments.csv'], run: settleHomerooms };
