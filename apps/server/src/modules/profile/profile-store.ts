import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  maskedId,
  MAX_PROFILE_CHANGES,
  normalProfileValue,
  PROFILE_FIELDS,
  profileValueProblem,
  type TProfileChange,
  type TProfileFieldSet,
  type TProfileFieldSpec,
  type TProfileSection,
} from '@portal/contracts/families/profiles';
import type { TRequestStatus } from '@portal/contracts/kits/requests';
import { MessageId } from '@portal/contracts/messages';
import { ApiError } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import {
  parentDetails,
  parents,
  requestEvents,
  requests,
  studentDetails,
  studentProfileDetails,
  students,
} from '../../db/schema/index.ts';
import {
  createRequest,
  OPEN_STATUSES,
  requestSummary,
  type TRequestRow,
} from '../../kits/request-workflow.ts';

// The parent's and the children's records and the parent's proposed changes (docs/modules.md F6).
// A record is the school's roster (read-only) and its details (parent_details,
// student_profile_details), shown in the sections of a field set (packages/contracts/src/
// families/profiles.ts). A proposal is a request of the shared workflow (kits/request-workflow.ts),
// submitted at once for the school to decide, holding each field's value then and the value
// proposed. One open change per field: a field that an undecided change names takes no other
// (409 `R003`), under an advisory lock so two presses at once cannot both pass.

export const PARENT_PROFILE_CHANGE_KIND = 'parentProfileChange';
export const STUDENT_PROFILE_CHANGE_KIND = 'studentProfileChange';

/** The decided changes a record's page lists. */
const MAX_HISTORY = 10;
/** The changes read for a page: every open one (few) and the last decided ones. */
const MAX_READ = 40;
/** A key of PostgreSQL's advisory locks: one proposal of a record at a time. */
const LOCK_NAMESPACE = 7_263_702;

/** Whose record: a parent's, or a child's. */
export type TProfileSubject =
  | { entity: 'parent'; schoolId: string; parentId: string }
  | { entity: 'student'; schoolId: string; enrollNumber: string };

const specsOf = (set: TProfileFieldSet) => PROFILE_FIELDS[set];

/** The details kept of the record, by field. */
export async function detailsOf(db: TDatabase, subject: TProfileSubject): Promise<Map<string, string>> {
  const rows =
    subject.entity === 'parent'
      ? await db
          .select({ field: parentDetails.field, value: parentDetails.value })
          .from(parentDetails)
          .where(
            and(eq(parentDetails.schoolId, subject.schoolId), eq(parentDetails.parentId, subject.parentId)),
          )
      : await db
          .select({ field: studentProfileDetails.field, value: studentProfileDetails.value })
          .from(studentProfileDetails)
          .where(
            and(
              eq(studentProfileDetails.schoolId, subject.schoolId),
              eq(studentProfileDetails.enrollNumber, subject.enrollNumber),
            ),
          );
  return new Map(rows.map((row) => [row.field, row.value]));
}

/** The roster's fields of the record (read-only), by field. */
async function rosterOf(db: TDatabase, subject: TProfileSubject): Promise<Map<string, string>> {
  if (subject.entity === 'parent') {
    const [row] = await db
      .select({ name: parents.nameEn, email: parents.email })
      .from(parents)
      .where(and(eq(parents.schoolId, subject.schoolId), eq(parents.parentId, subject.parentId)))
      .limit(1);
    return new Map(row ? Object.entries(row) : []);
  }
  const [row] = await db
    .select({
      fullName: students.fullName,
      enrollNumber: students.enrollNumber,
      grade: students.gradeNameEn,
      section: students.sectionNameEn,
      birthDate: studentDetails.birthDate,
      sex: studentDetails.sex,
    })
    .from(students)
    .leftJoin(
      studentDetails,
      and(
        eq(studentDetails.schoolId, students.schoolId),
        eq(studentDetails.enrollNumber, students.enrollNumber),
      ),
    )
    .where(and(eq(students.schoolId, subject.schoolId), eq(students.enrollNumber, subject.enrollNumber)))
    .limit(1);
  if (!row) return new Map();
  const { section, ...rest } = row;
  const values: Record<string, string | null> = {
    ...rest,
    grade: [row.grade, section].filter(Boolean).join(' · '),
  };
  return new Map(Object.entries(values).flatMap(([key, value]) => (value ? [[key, value]] : [])));
}

/** A field's value as the parent may read it (a national id masked), or null when there is none. */
function shownValue(spec: TProfileFieldSpec, value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  return spec.kind === 'masked' ? maskedId(value) : value;
}

const ofSubject = (subject: TProfileSubject) =>
  subject.entity === 'parent'
    ? and(
        eq(requests.schoolId, subject.schoolId),
        eq(requests.kind, PARENT_PROFILE_CHANGE_KIND),
        eq(requests.parentId, subject.parentId),
        sql`cardinality(${requests.enrollNumbers}) = 0`,
      )
    : and(
        eq(requests.schoolId, subject.schoolId),
        eq(requests.kind, STUDENT_PROFILE_CHANGE_KIND),
        sql`${subject.enrollNumber} = any(${requests.enrollNumbers})`,
      );

type TFieldChange = { field: string; from: string | null; to: string | null };

/** The fields a stored change names, as proposed. */
export function fieldChangesOf(row: TRequestRow): TFieldChange[] {
  const list = row.payload.changes;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { field, from, to } = item as Record<string, unknown>;
    if (typeof field !== 'string') return [];
    const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);
    return [{ field, from: textOrNull(from), to: textOrNull(to) }];
  });
}

/** The record's changes, newest first: open ones, and the last decided ones. */
async function changesOf(db: TDatabase, subject: TProfileSubject, set: TProfileFieldSet) {
  const rows = await db
    .select()
    .from(requests)
    .where(ofSubject(subject))
    .orderBy(desc(requests.createdAt))
    .limit(MAX_READ);
  const notes = new Map<string, string>();
  if (rows.length > 0) {
    const events = await db
      .select({ requestId: requestEvents.requestId, seq: requestEvents.seq, note: requestEvents.note })
      .from(requestEvents)
      .where(
        and(
          eq(requestEvents.schoolId, subject.schoolId),
          inArray(
            requestEvents.requestId,
            rows.map((row) => row.requestId),
          ),
          inArray(requestEvents.actorKind, ['staff', 'key']),
        ),
      )
      .orderBy(requestEvents.seq);
    for (const event of events) if (event.note) notes.set(event.requestId, event.note);
  }
  const specs = new Map(specsOf(set).map((spec) => [spec.key, spec]));
  const changeOf = (row: TRequestRow): TProfileChange => ({
    id: row.requestId,
    status: row.status as TRequestStatus,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    // A field of another set (the Asian page's, read on the standard page) is not shown.
    changes: fieldChangesOf(row).flatMap((change) => {
      const spec = specs.get(change.field);
      if (!spec) return [];
      return [{ field: change.field, from: shownValue(spec, change.from ?? undefined), to: change.to }];
    }),
    note: typeof row.payload.note === 'string' ? row.payload.note : '',
    schoolNote: notes.get(row.requestId) ?? '',
  });
  const all = rows.map(changeOf).filter((change) => change.changes.length > 0);
  return {
    pendingChanges: all.filter((change) => OPEN_STATUSES.includes(change.status)),
    history: all.filter((change) => !OPEN_STATUSES.includes(change.status)).slice(0, MAX_HISTORY),
  };
}

/** The record in the sections of its field set, with the changes open and decided. */
export async function profileOf(db: TDatabase, subject: TProfileSubject, set: TProfileFieldSet) {
  const [roster, details, changes] = await Promise.all([
    rosterOf(db, subject),
    detailsOf(db, subject),
    changesOf(db, subject, set),
  ]);
  const pending = new Map<string, string>();
  // Oldest first, so the newest open proposal of a field shows.
  for (const change of [...changes.pendingChanges].reverse())
    for (const one of change.changes) pending.set(one.field, one.to ?? '');
  const sections: TProfileSection[] = [];
  for (const spec of specsOf(set)) {
    let section = sections.find((one) => one.key === spec.section);
    if (!section) {
      section = { key: spec.section, fields: [] };
      sections.push(section);
    }
    const value = spec.source === 'roster' ? roster.get(spec.key) : details.get(spec.key);
    section.fields.push({
      key: spec.key,
      kind: spec.kind,
      value: shownValue(spec, value),
      editable: spec.editable,
      required: spec.required ?? false,
      max: spec.max,
      choices: spec.choices ? [...spec.choices] : null,
      pendingValue: pending.get(spec.key) ?? null,
    });
  }
  return { fieldSet: set, sections, ...changes };
}

const invalid = (message: string) => new ApiError(400, MessageId.invalidRequest, message);

/**
 * Proposes new values of the record's fields: each must be an editable field of the set, good
 * for its kind, and differ from the value kept (else 400 `V001`); a field an open change names
 * is 409 `R003`; the same proposal again answers the one waiting (`created: false`). Answers the
 * stored request.
 */
export async function proposeChange(
  db: TDatabase,
  subject: TProfileSubject,
  set: TProfileFieldSet,
  parentId: string,
  body: { changes: Readonly<Record<string, string | undefined>>; note?: string | undefined },
): Promise<{ change: TProfileChange; created: boolean }> {
  const specs = new Map(specsOf(set).map((spec) => [spec.key, spec]));
  const given = Object.entries(body.changes).flatMap(([field, raw]) =>
    raw === undefined ? [] : [[field, raw] as const],
  );
  if (given.length === 0 || given.length > MAX_PROFILE_CHANGES)
    throw invalid(`Propose 1 to ${MAX_PROFILE_CHANGES} fields`);
  // In the order of the set, whatever the order of the body.
  const order = [...specs.keys()];
  given.sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
  const proposed = given.map(([field, raw]) => {
    const spec = specs.get(field);
    if (!spec?.editable) throw invalid(`"${field.slice(0, 64)}" is not a field the parent may change`);
    const problem = profileValueProblem(spec, raw);
    if (problem)
      throw invalid(`The value of "${field}" is ${problem === 'required' ? 'required' : 'not valid'}`);
    return { spec, value: normalProfileValue(raw) };
  });
  const kind = subject.entity === 'parent' ? PARENT_PROFILE_CHANGE_KIND : STUDENT_PROFILE_CHANGE_KIND;
  const recordKey = subject.entity === 'parent' ? subject.parentId : subject.enrollNumber;
  const { row, created } = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as TDatabase;
    // Two presses at once: the second waits for the first, then finds it.
    await tx.execute(
      sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}, hashtext(${`${subject.schoolId}\n${subject.entity}\n${recordKey}`}))`,
    );
    const details = await detailsOf(tx, subject);
    const changes = proposed.map(({ spec, value }) => {
      const from = details.get(spec.key) ?? '';
      if (from === value) throw invalid(`"${spec.key}" already has this value`);
      return { field: spec.key, from: from === '' ? null : from, to: value === '' ? null : value };
    });
    const open = await tx
      .select()
      .from(requests)
      .where(and(ofSubject(subject), inArray(requests.status, [...OPEN_STATUSES])))
      .limit(MAX_READ);
    // The same proposal again (a second press, a retry): the one waiting answers.
    const same = open.find((one) => one.parentId === parentId && sameChanges(fieldChangesOf(one), changes));
    if (same) return { row: same, created: false };
    const named = new Set(open.flatMap((one) => fieldChangesOf(one).map((change) => change.field)));
    const taken = changes.find((change) => named.has(change.field));
    if (taken) throw new ApiError(409, MessageId.requestOverlap, `A change of "${taken.field}" is undecided`);
    const created = await createRequest(
      tx,
      {
        schoolId: subject.schoolId,
        kind,
        parentId,
        enrollNumbers: subject.entity === 'student' ? [subject.enrollNumber] : [],
        payload: {
          ...(subject.entity === 'student' ? { enrollNumber: subject.enrollNumber } : {}),
          fieldSet: set,
          changes,
          note: body.note ?? '',
          summary: requestSummary(changes.map((change) => change.to ?? '—').join(' · ')),
        },
        status: 'submitted',
      },
      { kind: 'parent', id: parentId },
    );
    return { row: created, created: true };
  });
  const specOf = (field: string) => specs.get(field);
  const change: TProfileChange = {
    id: row.requestId,
    status: row.status as TRequestStatus,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    changes: fieldChangesOf(row).map((one) => {
      const spec = specOf(one.field);
      return { ...one, from: spec ? shownValue(spec, one.from ?? undefined) : one.from };
    }),
    note: typeof row.payload.note === 'string' ? row.payload.note : '',
    schoolNote: '',
  };
  return { change, created };
}

/** Whether two proposals change the same fields to the same values. */
function sameChanges(a: readonly TFieldChange[], b: readonly TFieldChange[]): boolean {
  if (a.length !== b.length) return false;
  const wanted = new Map(b.map((change) => [change.field, change.to]));
  return a.every((change) => wanted.has(change.field) && wanted.get(change.field) === change.to);
}
