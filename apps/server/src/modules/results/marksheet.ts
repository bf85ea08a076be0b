import type { FastifyInstance } from 'fastify';
import { resultsEndpoints, type TMarksheetSubject } from '@portal/contracts/families/results';
import type { TDatabase } from '../../db/client.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';
import type { TAssessmentRow } from './assessment-rows.ts';
import { bandOfNumber, gradesNumbers, legendOf, type TScale } from './legend.ts';
import { termWork } from './term-work.ts';
import { ok, resultOf, scaleOfRow, termPart } from './views.ts';

// GET marksheet?enrollNumber&term (module `assessmentMarksheet`, docs/modules.md F2): the term's
// assessments as a grid by subject, each subject with its total over the released, scored
// results that have a maximum, graded on the subject's scale when that scale grades numbers.

type TTotal = { score: number; max: number };

const percentOf = (total: TTotal) => (total.max > 0 ? total.score / total.max : null);

/** The sum of the released, scored results out of a known maximum. */
function totalOf(rows: readonly TAssessmentRow[]): TTotal {
  const total = { score: 0, max: 0 };
  for (const row of rows) {
    if (!row.released || row.score === null || row.resultMax === null) continue;
    total.score += row.score;
    total.max += row.resultMax;
  }
  return total;
}

/** The numeric scale most of the subject's work is graded on; null when none. */
function subjectScale(rows: readonly TAssessmentRow[], scales: readonly TScale[]): TScale | null {
  const counts = new Map<TScale, number>();
  for (const row of rows) {
    const scale = scaleOfRow(row, scales);
    if (scale && gradesNumbers(scale)) counts.set(scale, (counts.get(scale) ?? 0) + 1);
  }
  return [...counts.entries()].sort((left, right) => right[1] - left[1])[0]?.[0] ?? null;
}

/** The child's work of the term grouped by subject, in order of the subjects' names. */
export function marksheetSubjects(
  rows: readonly TAssessmentRow[],
  scales: readonly TScale[],
): TMarksheetSubject[] {
  const bySubject = new Map<string, TAssessmentRow[]>();
  for (const row of rows) {
    const key = row.subjectId ?? `class:${row.classId}`;
    bySubject.set(key, [...(bySubject.get(key) ?? []), row]);
  }
  return [...bySubject.entries()]
    .map(([id, ofSubject]): TMarksheetSubject => {
      const first = ofSubject[0]!;
      const sum = totalOf(ofSubject);
      const percent = percentOf(sum);
      const scale = subjectScale(ofSubject, scales);
      return {
        id,
        name: first.subjectEn,
        nameAr: first.subjectAr,
        cells: ofSubject.map((row) => ({
          assessmentId: row.assessmentId,
          title: row.titleEn,
          titleAr: row.titleAr,
          released: row.released,
          result: resultOf(row, scaleOfRow(row, scales)),
        })),
        total: {
          ...sum,
          percent,
          grade: scale && percent !== null ? (bandOfNumber(scale.bands, percent * 100)?.grade ?? null) : null,
        },
      };
    })
    .sort((left, right) => left.name.localeCompare(right.name, 'en') || left.id.localeCompare(right.id));
}

export function marksheetRoutes(app: FastifyInstance, db: TDatabase): void {
  addEndpoint(app, resultsEndpoints.marksheet, async (request) => {
    const work = await termWork(db, request.session, request.query, 'assessment');
    const subjects = marksheetSubjects(work.rows, work.scales);
    const sum = totalOf(work.rows);
    return {
      ...ok,
      ...termPart(work),
      subjects,
      total: { ...sum, percent: percentOf(sum) },
      legend: legendOf(work.rows.map((row) => scaleOfRow(row, work.scales))),
    };
  });
}
