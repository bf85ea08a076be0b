import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TAmbassador, TAmbassadorApplication } from '@portal/contracts/families/publications';
import type { TRequestStatus } from '@portal/contracts/kits/requests';
import { MessageId } from '@portal/contracts/messages';
import { ApiError } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import { classAmbassadors, classes, enrollments, requests } from '../../db/schema/index.ts';
import {
  createRequest,
  OPEN_STATUSES,
  requestSummary,
  wrongState,
  type TRequestRow,
} from '../../kits/request-workflow.ts';

// Class ambassadors (docs/modules.md F4, F5): the parents who represent a child's homeroom class,
// as the school names them (ambassadors.csv), and the parent's applications to be one, which
// are requests of kind `ambassador` of the shared workflow (kits/request-workflow.ts), with the
// class and the parent's motivation: submitted at once for the school to decide. A parent has
// at most one undecided application per class.

export const AMBASSADOR_REQUEST_KIND = 'ambassador';
/** The most applications a page lists (the newest). */
export const MAX_AMBASSADOR_APPLICATIONS = 20;
/** A key of PostgreSQL's advisory locks: one application of a parent at a time. */
const LOCK_NAMESPACE = 7_263_601;

type TOwner = { schoolId: string; parentId: string };
export type THomeroom = { classId: string; titleEn: string; titleAr: string };

/**
 * The child's homeroom class (not removed), or null: as the child's profile takes it, the one
 * whose enrolment covers today, then the primary one (docs/school-data.md, enrollments.csv).
 */
export async function homeroomOf(
  db: TDatabase,
  child: { schoolId: string; enrollNumber: string },
  today: string,
): Promise<THomeroom | null> {
  const [row] = await db
    .select({ classId: classes.classId, titleEn: classes.titleEn, titleAr: classes.titleAr })
    .from(enrollments)
    .innerJoin(
      classes,
      and(
        eq(classes.schoolId, enrollments.schoolId),
        eq(classes.classId, enrollments.classId),
        eq(classes.classType, 'homeroom'),
        isNull(classes.removedAt),
      ),
    )
    .where(
      and(
        eq(enrollments.schoolId, child.schoolId),
        eq(enrollments.role, 'student'),
        eq(enrollments.personId, child.enrollNumber),
      ),
    )
    .orderBy(
      desc(
        sql`(coalesce(${enrollments.beginsOn} <= ${today}::date, true) and coalesce(${enrollments.endsOn} >= ${today}::date, true))`,
      ),
      desc(enrollments.primary),
      sql`${enrollments.beginsOn} desc nulls last`,
      asc(enrollments.classId),
    )
    .limit(1);
  return row ?? null;
}

/** The ambassadors of a class (not removed), ambassadors before deputies, the longest serving first. */
export async function ambassadorsOfClass(
  db: TDatabase,
  owner: TOwner,
  classId: string,
): Promise<TAmbassador[]> {
  const rows = await db
    .select()
    .from(classAmbassadors)
    .where(
      and(
        eq(classAmbassadors.schoolId, owner.schoolId),
        eq(classAmbassadors.classId, classId),
        isNull(classAmbassadors.removedAt),
      ),
    )
    .orderBy(
      sql`case when ${classAmbassadors.role} = 'ambassador' then 0 else 1 end`,
      sql`${classAmbassadors.sinceOn} asc nulls last`,
      asc(classAmbassadors.nameEn),
      asc(classAmbassadors.ambassadorId),
    );
  return rows.map((row) => ({
    id: row.ambassadorId,
    name: row.nameEn,
    nameAr: row.nameAr,
    role: row.role === 'deputy' ? 'deputy' : 'ambassador',
    email: row.email,
    sinceOn: row.sinceOn,
    isYou: row.parentId === owner.parentId,
  }));
}

function applicationOf(row: TRequestRow): TAmbassadorApplication {
  const motivation = row.payload.motivation;
  return {
    id: row.requestId,
    status: row.status as TRequestStatus,
    createdAt: row.createdAt.toISOString(),
    motivation: typeof motivation === 'string' ? motivation : '',
  };
}

const ofClass = (owner: TOwner, classId: string) =>
  and(
    eq(requests.schoolId, owner.schoolId),
    eq(requests.parentId, owner.parentId),
    eq(requests.kind, AMBASSADOR_REQUEST_KIND),
    sql`${requests.payload}->>'classId' = ${classId}`,
  );

/** The parent's applications to be an ambassador of the class, newest first. */
export async function applicationsOf(
  db: TDatabase,
  owner: TOwner,
  classId: string,
): Promise<TAmbassadorApplication[]> {
  const rows = await db
    .select()
    .from(requests)
    .where(ofClass(owner, classId))
    .orderBy(desc(requests.createdAt))
    .limit(MAX_AMBASSADOR_APPLICATIONS);
  return rows.map(applicationOf);
}

/**
 * Submits the parent's application to be an ambassador of the child's homeroom class (the
 * child checked to be the parent's before). 409 `R001` while another application of theirs for
 * the class is undecided, or when the parent already is one of its ambassadors.
 */
export async function applyAsAmbassador(
  db: TDatabase,
  owner: TOwner,
  child: { enrollNumber: string },
  homeroom: THomeroom,
  motivation: string,
): Promise<TAmbassadorApplication> {
  const row = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as TDatabase;
    // Two presses at once: the second waits for the first, then finds it.
    await tx.execute(
      sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}, hashtext(${`${owner.schoolId}\n${owner.parentId}`}))`,
    );
    const [open] = await tx
      .select({ requestId: requests.requestId })
      .from(requests)
      .where(and(ofClass(owner, homeroom.classId), inArray(requests.status, [...OPEN_STATUSES])))
      .limit(1);
    if (open) throw wrongState();
    const [serving] = await tx
      .select({ id: classAmbassadors.ambassadorId })
      .from(classAmbassadors)
      .where(
        and(
          eq(classAmbassadors.schoolId, owner.schoolId),
          eq(classAmbassadors.classId, homeroom.classId),
          eq(classAmbassadors.parentId, owner.parentId),
          isNull(classAmbassadors.removedAt),
        ),
      )
      .limit(1);
    if (serving)
      throw new ApiError(409, MessageId.requestWrongState, 'The parent already represents this class');
    const summary = requestSummary(motivation);
    return createRequest(
      tx,
      {
        schoolId: owner.schoolId,
        kind: AMBASSADOR_REQUEST_KIND,
        parentId: owner.parentId,
        enrollNumbers: [child.enrollNumber],
        payload: { classId: homeroom.classId, motivation, summary },
        status: 'submitted',
      },
      { kind: 'parent', id: owner.parentId },
    );
  });
  return applicationOf(row);
}
