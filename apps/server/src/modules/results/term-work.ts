import type { TDatabase } from '../../db/client.ts';
import { requireOwnChild } from '../../access/own-child.ts';
import { assessmentRows, type TAssessmentRow, type TCategoryKind } from './assessment-rows.ts';
import { scalesOf, type TScale } from './legend.ts';
import { chooseTerm, type TTermChoice } from './terms.ts';

/**
 * What every term page of graded work reads (docs/modules.md F2): the parent's own child (403
 * `A002` otherwise), the term asked for or the current one (400 `V001` for an unknown one),
 * the child's work of that kind in the term, and the school's grading scales.
 */
export async function termWork(
  db: TDatabase,
  session: { schoolId: string; parentId: string },
  query: { enrollNumber: string; term?: string | undefined },
  kind: TCategoryKind,
): Promise<TTermChoice & { rows: TAssessmentRow[]; scales: TScale[] }> {
  const child = await requireOwnChild(db, session, query.enrollNumber);
  const choice = await chooseTerm(db, child.schoolId, query.term);
  if (!choice.term) return { ...choice, rows: [], scales: [] };
  const [rows, scales] = await Promise.all([
    assessmentRows(db, child, { kinds: [kind], term: choice.term }),
    scalesOf(db, child.schoolId),
  ]);
  return { ...choice, rows, scales };
}
