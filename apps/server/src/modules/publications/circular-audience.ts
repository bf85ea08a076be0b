import { sql, type SQL } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import {
  circularRecipients,
  classes,
  enrollments,
  students,
  type TAudienceRow,
} from '../../db/schema/index.ts';
import { batchesOf } from '../../kits/bundle-apply.ts';
import { codeKey } from '../../kits/audience.ts';

// Who a circular reaches (docs/decisions/021-publications-and-inbox.md): its audience (grades,
// `<grade>-<section>` sections, enrolment numbers; all empty: the whole school) is resolved to
// children when the circular is written, against the school's current students. A circular
// written again adds the children newly in its audience and never drops one already addressed
// (their acknowledgements stay, and a child who moved grade keeps what was sent to them).

/** Students no longer at the school: a grade, a section or the whole school leaves them out. */
const GONE_STATUSES = ['Withdrawn', 'Inactive'];

/** kits/audience.ts `codeKey` in SQL. */
const codeKeySql = (column: SQL) => sql`regexp_replace(upper(trim(${column})), '^0+([0-9])', '\\1')`;

/**
 * The keys a section written `<grade>-<section>` may stand for: split at each `-`, since a
 * grade or a section code may hold one itself (`KG-1-A`).
 */
function sectionKeys(section: string): string[] {
  const keys: string[] = [];
  for (let at = section.indexOf('-'); at > 0; at = section.indexOf('-', at + 1)) {
    keys.push(`${codeKey(section.slice(0, at))}-${codeKey(section.slice(at + 1))}`);
  }
  return keys;
}

export const isWholeSchool = (audience: TAudienceRow) =>
  audience.grades.length === 0 && audience.sections.length === 0 && audience.enrollNumbers.length === 0;

/** One child a circular was newly addressed to. */
export type TNewRecipient = { circularId: string; enrollNumber: string };

/**
 * Addresses a circular to the children of its audience, keeping those addressed before: the
 * school's current students of its grades and sections (every one for the whole school) and
 * the children it names (the caller has checked they are the school's). Answers the children
 * added now.
 *
 * A child's grade and section are those of their homeroom class (docs/school-data.md,
 * "classes.csv"): read from the homerooms the child is in on `today`, so that the
 * roster of the same bundle counts (the students' own grade is settled only after every file of
 * a bundle is applied), and from the student's record for a child in no homeroom.
 */
export async function resolveAudience(
  tx: TDatabase,
  schoolId: string,
  circularId: string,
  audience: TAudienceRow,
  today: string,
): Promise<TNewRecipient[]> {
  const added: TNewRecipient[] = [];
  const wholeSchool = isWholeSchool(audience);
  if (wholeSchool || audience.grades.length > 0 || audience.sections.length > 0) {
    const current = sql`s.school_id = ${schoolId} and not (s.academic_status = any(${sql.param(GONE_STATUSES)}::text[]))`;
    const { rows } = (await tx.execute(
      wholeSchool
        ? sql`
          insert into ${circularRecipients} (school_id, circular_id, enroll_number)
          select s.school_id, ${circularId}::text, s.enroll_number from ${students} s where ${current}
          on conflict do nothing
          returning enroll_number`
        : sql`
          with homerooms as (
            select e.person_id as enroll_number, c.grade_code, c.section_code
            from ${enrollments} e
            join ${classes} c on c.school_id = e.school_id and c.class_id = e.class_id
              and c.class_type = 'homeroom' and c.removed_at is null
            where e.school_id = ${schoolId} and e.role = 'student'
              and coalesce(e.begins_on <= ${today}::date, true) and coalesce(e.ends_on >= ${today}::date, true)
          ), placed as (
            select enroll_number, grade_code, section_code from homerooms
            union all
            select s.enroll_number, s.grade_code, s.section_code from ${students} s
            where s.school_id = ${schoolId}
              and not exists (select 1 from homerooms h where h.enroll_number = s.enroll_number)
          )
          insert into ${circularRecipients} (school_id, circular_id, enroll_number)
          select distinct s.school_id, ${circularId}::text, s.enroll_number
          from ${students} s join placed p on p.enroll_number = s.enroll_number
          where ${current}
            and (${codeKeySql(sql`p.grade_code`)} = any(${sql.param(audience.grades.map(codeKey))}::text[])
              or ${codeKeySql(sql`p.grade_code`)} || '-' || ${codeKeySql(sql`p.section_code`)}
                = any(${sql.param(audience.sections.flatMap(sectionKeys))}::text[]))
          on conflict do nothing
          returning enroll_number`,
    )) as unknown as { rows: { enroll_number: string }[] };
    added.push(...rows.map((row) => ({ circularId, enrollNumber: row.enroll_number })));
  }
  for (const batch of batchesOf([...new Set(audience.enrollNumbers)], 3)) {
    added.push(
      ...(await tx
        .insert(circularRecipients)
        .values(batch.map((enrollNumber) => ({ schoolId, circularId, enrollNumber })))
        .onConflictDoNothing()
        .returning({
          circularId: circularRecipients.circularId,
          enrollNumber: circularRecipients.enrollNumber,
        })),
    );
  }
  return added;
}
