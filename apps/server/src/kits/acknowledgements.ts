import { and, eq, inArray } from 'drizzle-orm';
import type { TDatabase } from '../db/client.ts';
import { acknowledgements } from '../db/schema/index.ts';

// Acknowledging what the school published, per child (docs/decisions/018-module-families.md).
// Idempotent: the first acknowledgement of a child is kept, with its time and its parent.

export type TAcknowledgement = { enrollNumber: string; parentId: string; at: Date };

type TSubject = { schoolId: string; subjectKind: string; subjectId: string };

/**
 * Records the parent's acknowledgement for each child not yet acknowledged and answers every
 * child's acknowledgement (the first one, whoever gave it). The caller has checked that the
 * children are the parent's and in the subject's audience.
 */
export async function acknowledge(
  db: TDatabase,
  subject: TSubject,
  parentId: string,
  enrollNumbers: readonly string[],
): Promise<TAcknowledgement[]> {
  if (enrollNumbers.length > 0) {
    await db
      .insert(acknowledgements)
      .values(enrollNumbers.map((enrollNumber) => ({ ...subject, enrollNumber, parentId })))
      .onConflictDoNothing();
  }
  return acknowledgementsOf(db, subject, enrollNumbers);
}

/** The acknowledgements of a subject by these children. */
export async function acknowledgementsOf(
  db: TDatabase,
  subject: TSubject,
  enrollNumbers: readonly string[],
): Promise<TAcknowledgement[]> {
  if (enrollNumbers.length === 0) return [];
  return db
    .select({
      enrollNumber: acknowledgements.enrollNumber,
      parentId: acknowledgements.parentId,
      at: acknowledgements.at,
    })
    .from(acknowledgements)
    .where(
      and(
        eq(acknowledgements.schoolId, subject.schoolId),
        eq(acknowledgements.subjectKind, subject.subjectKind),
        eq(acknowledgements.subjectId, subject.subjectId),
        inArray(acknowledgements.enrollNumber, [...enrollNumbers]),
      ),
    );
}
