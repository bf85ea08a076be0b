import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { TChildAcknowledgement, TPolicy } from '@portal/contracts/families/publications';
import { PUBLICATION_FILE_PATHS } from '@portal/contracts/families/publications';
import { pathOf } from '@portal/contracts/endpoint';
import type { TDatabase } from '../../db/client.ts';
import { acknowledgements, parentStudents, schoolPolicies, students } from '../../db/schema/index.ts';
import { ownChildJoin } from '../../access/own-child.ts';
import type { TAcknowledgement } from '../../kits/acknowledgements.ts';
import { published } from '../../kits/publication.ts';

// Reading the school's policies as a parent sees them (docs/modules.md F4): published and not
// removed (the publication gate), each with every child of the family and that child's
// acknowledgement of the policy's current version (docs/decisions/021-publications-and-inbox.md:
// a new version asks again, so an acknowledgement names the version it was given for).

/** What acknowledgements of a policy are filed under (kits/acknowledgements.ts), with its version. */
export const POLICY_ACK_SUBJECT = 'policy';
export const policySubjectId = (policyId: string, version: string) => `${policyId}@${version}`;

/** The policy id and version an acknowledgement's subject names (the version follows the last `@`). */
export function policyOfSubject(subjectId: string): { policyId: string; version: string } {
  const at = subjectId.lastIndexOf('@');
  return at < 0
    ? { policyId: subjectId, version: '' }
    : { policyId: subjectId.slice(0, at), version: subjectId.slice(at + 1) };
}

/** The most policies one answer holds (a school has a few dozen at most). */
export const MAX_POLICIES = 200;

export type TSession = { schoolId: string; parentId: string };

/** A child of the family as publications name it. */
export type TFamilyChild = { enrollNumber: string; childName: string };

/** Every child of the signed-in parent, in the family's order. */
export async function familyChildren(db: TDatabase, session: TSession): Promise<TFamilyChild[]> {
  return db
    .select({ enrollNumber: students.enrollNumber, childName: students.fullName })
    .from(students)
    .innerJoin(parentStudents, ownChildJoin(students, session.parentId))
    .where(eq(students.schoolId, session.schoolId))
    .orderBy(asc(parentStudents.position), asc(students.enrollNumber));
}

/**
 * Each child with its first acknowledgement among `acks` (of one subject): when, and whether
 * the signed-in parent gave it or the child's other parent did.
 */
export function childAcknowledgements(
  children: readonly TFamilyChild[],
  acks: readonly TAcknowledgement[],
  parentId: string,
): TChildAcknowledgement[] {
  const byChild = new Map(acks.map((ack) => [ack.enrollNumber, ack]));
  return children.map((child) => {
    const ack = byChild.get(child.enrollNumber);
    return {
      enrollNumber: child.enrollNumber,
      childName: child.childName,
      acknowledgedAt: ack ? ack.at.toISOString() : null,
      acknowledgedBy: ack ? (ack.parentId === parentId ? 'you' : 'otherParent') : null,
    };
  });
}

export type TPolicyRow = typeof schoolPolicies.$inferSelect;

/** The school's published policies (or the one with `policyId`), newest first. */
export async function publishedPolicies(
  db: TDatabase,
  schoolId: string,
  policyId?: string,
): Promise<TPolicyRow[]> {
  return db
    .select()
    .from(schoolPolicies)
    .where(
      and(
        eq(schoolPolicies.schoolId, schoolId),
        published(schoolPolicies.publishedAt),
        isNull(schoolPolicies.removedAt),
        ...(policyId === undefined ? [] : [eq(schoolPolicies.policyId, policyId)]),
      ),
    )
    .orderBy(desc(schoolPolicies.publishedAt), asc(schoolPolicies.policyId))
    .limit(MAX_POLICIES);
}

/** The acknowledgements of these policies' current versions by these children. */
async function acknowledgementsOfPolicies(
  db: TDatabase,
  schoolId: string,
  policies: readonly TPolicyRow[],
  children: readonly TFamilyChild[],
): Promise<Map<string, TAcknowledgement[]>> {
  const found = new Map<string, TAcknowledgement[]>();
  if (policies.length === 0 || children.length === 0) return found;
  // Many subjects at once: the kit reads one subject at a time.
  const rows = await db
    .select({
      subjectId: acknowledgements.subjectId,
      enrollNumber: acknowledgements.enrollNumber,
      parentId: acknowledgements.parentId,
      at: acknowledgements.at,
    })
    .from(acknowledgements)
    .where(
      and(
        eq(acknowledgements.schoolId, schoolId),
        eq(acknowledgements.subjectKind, POLICY_ACK_SUBJECT),
        inArray(
          acknowledgements.subjectId,
          policies.map((policy) => policySubjectId(policy.policyId, policy.version)),
        ),
        inArray(
          acknowledgements.enrollNumber,
          children.map((child) => child.enrollNumber),
        ),
      ),
    );
  for (const row of rows) found.set(row.subjectId, [...(found.get(row.subjectId) ?? []), row]);
  return found;
}

/** A policy as the parent sees it, with its children's acknowledgements of this version. */
function policyOf(row: TPolicyRow, children: TChildAcknowledgement[]): TPolicy {
  return {
    id: row.policyId,
    version: row.version,
    title: row.titleEn,
    titleAr: row.titleAr,
    summary: row.summaryEn,
    summaryAr: row.summaryAr,
    effectiveOn: row.effectiveOn,
    publishedAt: (row.publishedAt ?? new Date(0)).toISOString(),
    file: row.file
      ? {
          id: row.file.fileId,
          fileName: row.file.fileName,
          sizeBytes: row.file.sizeBytes,
          path: pathOf({ path: PUBLICATION_FILE_PATHS.policyFile }, { id: row.policyId }),
        }
      : null,
    requiresAck: row.requiresAck,
    children,
  };
}

/** The published policies (or the one with `policyId`) as the signed-in parent sees them. */
export async function policiesOf(db: TDatabase, session: TSession, policyId?: string): Promise<TPolicy[]> {
  const [rows, children] = await Promise.all([
    publishedPolicies(db, session.schoolId, policyId),
    familyChildren(db, session),
  ]);
  const acks = await acknowledgementsOfPolicies(db, session.schoolId, rows, children);
  return rows.map((row) =>
    policyOf(
      row,
      childAcknowledgements(
        children,
        acks.get(policySubjectId(row.policyId, row.version)) ?? [],
        session.parentId,
      ),
    ),
  );
}
