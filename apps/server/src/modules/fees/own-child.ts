import { notYourChild } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import { findOwnChild, type TStudentRow } from '../parent/repository.ts';

/**
 * The signed-in parent's child with this enrolment number, or 403 `A002`: any other
 * enrolment number (another parent's child, another school's, or none) is refused alike.
 */
export async function requireOwnChild(
  db: TDatabase,
  session: { schoolId: string; parentId: string },
  enrollNumber: string,
): Promise<TStudentRow> {
  const child = await findOwnChild(db, session.schoolId, session.parentId, enrollNumber);
  if (!child) throw notYourChild();
  return child;
}
