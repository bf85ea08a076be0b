import type { TAssessment, TAssignmentState, TResultValue, TTerm } from '@portal/contracts/families/results';
import { MessageId } from '@portal/contracts/messages';
import type { TAssessmentRow } from './assessment-rows.ts';
import { bandOf, scaleFor, type TScale } from './legend.ts';

// How a child's graded work reads to a parent (packages/contracts/src/families/results.ts):
// a released result with its band of the school's scale; an unreleased one only as `released: false`.

export const ok = { success: true, messageId: MessageId.ok } as const;

/** The term part of every answer. */
export const termPart = (choice: { term: TTerm | null; terms: TTerm[] }) => ({
  term: choice.term,
  terms: choice.terms,
});

/** True when a result holds a score (a number or a grade as text). */
export const isScored = (row: Pick<TAssessmentRow, 'score' | 'textScore'>) =>
  row.score !== null || (row.textScore ?? '').trim() !== '';

/** The child's result as the parent sees it: null while unreleased, or when there is none. */
export function resultOf(row: TAssessmentRow, scale: TScale | null): TResultValue | null {
  if (!row.released || !row.hasResult || row.scoreStatus === null) return null;
  const score = row.score;
  const textScore = row.textScore ?? '';
  const max = row.resultMax;
  const band = scale ? bandOf(scale.bands, { score, textScore }, max) : null;
  return {
    score,
    textScore,
    max,
    percent: score !== null && max !== null && max > 0 ? score / max : null,
    grade: band?.grade ?? null,
    descriptor: band?.descriptorEn ?? '',
    descriptorAr: band?.descriptorAr ?? '',
    scaleId: scale?.scaleId ?? null,
    status: row.scoreStatus,
    comment: row.comment ?? '',
    scoredOn: row.scoredOn,
  };
}

/** A piece of work with the child's result once released. */
export function assessmentOf(row: TAssessmentRow, scales: readonly TScale[]): TAssessment {
  return {
    id: row.assessmentId,
    title: row.titleEn,
    titleAr: row.titleAr,
    subject: row.subjectEn,
    subjectAr: row.subjectAr,
    category: row.categoryEn,
    categoryAr: row.categoryAr,
    assignedOn: row.assignedOn,
    dueOn: row.dueOn,
    released: row.released,
    releasedAt: row.released ? (row.releasedAt?.toISOString() ?? null) : null,
    result: resultOf(row, scaleOfRow(row, scales)),
  };
}

/** The scale a row is graded on (its own, its class's or its subject's). */
export const scaleOfRow = (row: TAssessmentRow, scales: readonly TScale[]) =>
  scaleFor(scales, { scaleId: row.scaleId, classId: row.classId, subjectId: row.subjectId });

const HANDED_IN_STATUSES = ['submitted', 'partially graded', 'fully graded', 'exempt'];

/**
 * An assignment's state for the child: graded (released, with a score), handed in (a result
 * the school holds: not released yet, or submitted and not scored), late (no result and the
 * due day has passed), due otherwise.
 */
export function assignmentStateOf(row: TAssessmentRow, today: string): TAssignmentState {
  if (row.released && row.hasResult && isScored(row)) return 'graded';
  if (row.hasResult && (!row.released || HANDED_IN_STATUSES.includes(row.scoreStatus ?? '')))
    return 'handedIn';
  if (row.dueOn !== null && row.dueOn < today) return 'late';
  return 'due';
}
