import { and, eq, isNull } from 'drizzle-orm';
import type { TLegendScale } from '@portal/contracts/families/results';
import type { TDatabase } from '../../db/client.ts';
import { gradingScales, type TGradingBand } from '../../db/schema/index.ts';

// The school's grading scales (OneRoster scoreScales, docs/school-data.md) as the legend beside
// every grade (docs/modules.md F2), and the band a score falls in. Without a scale the portal
// invents no letters: the grade is null.

export type TScale = {
  scaleId: string;
  titleEn: string;
  titleAr: string;
  classId: string | null;
  subjectId: string | null;
  bands: TGradingBand[];
};

/** The school's live grading scales. */
export async function scalesOf(db: TDatabase, schoolId: string): Promise<TScale[]> {
  return db
    .select({
      scaleId: gradingScales.scaleId,
      titleEn: gradingScales.titleEn,
      titleAr: gradingScales.titleAr,
      classId: gradingScales.classId,
      subjectId: gradingScales.subjectId,
      bands: gradingScales.bands,
    })
    .from(gradingScales)
    .where(and(eq(gradingScales.schoolId, schoolId), isNull(gradingScales.removedAt)));
}

/**
 * The scale a piece of work is graded on: its own, else the one the school ties to its class,
 * else the one tied to its subject; null when none.
 */
export function scaleFor(
  scales: readonly TScale[],
  work: { scaleId: string | null; classId: string; subjectId: string | null },
): TScale | null {
  if (work.scaleId) return scales.find((scale) => scale.scaleId === work.scaleId) ?? null;
  return (
    scales.find((scale) => scale.classId === work.classId) ??
    (work.subjectId
      ? scales.find((scale) => scale.subjectId === work.subjectId && !scale.classId)
      : undefined) ??
    null
  );
}

const sameText = (left: string, right: string) =>
  left.trim().toLocaleLowerCase('en') === right.trim().toLocaleLowerCase('en');

/**
 * The band a result falls in. A text score (`B`, `Meets expectations`) is the band whose grade
 * (or scores) it names. A number is matched against the numeric bands as a percentage of
 * `max` when the work has a maximum, else as it is: the band with the highest lowest score at
 * or below it (a score between two bands, 89.5 between 80-89 and 90-100, counts in the lower).
 */
export function bandOf(
  bands: readonly TGradingBand[],
  result: { score: number | null; textScore: string },
  max: number | null,
): TGradingBand | null {
  if (result.textScore.trim() !== '') {
    return (
      bands.find((band) => sameText(band.grade, result.textScore)) ??
      bands.find((band) => sameText(band.scores, result.textScore)) ??
      null
    );
  }
  if (result.score === null) return null;
  return bandOfNumber(bands, max !== null && max > 0 ? (result.score / max) * 100 : result.score);
}

/** The numeric band a number falls in (see bandOf); null below the lowest band. */
export function bandOfNumber(bands: readonly TGradingBand[], value: number): TGradingBand | null {
  let found: TGradingBand | null = null;
  for (const band of bands) {
    if (band.min === null || band.min > value) continue;
    if (found === null || (found.min ?? -Infinity) < band.min) found = band;
  }
  return found;
}

/** True when a scale grades numbers (its bands are ranges), so a total can be graded on it. */
export const gradesNumbers = (scale: TScale) => scale.bands.some((band) => band.min !== null);

/** The legend of these scales, each once, in the order given. */
export function legendOf(scales: readonly (TScale | null)[]): TLegendScale[] {
  const seen = new Map<string, TLegendScale>();
  for (const scale of scales) {
    if (!scale || seen.has(scale.scaleId)) continue;
    seen.set(scale.scaleId, {
      id: scale.scaleId,
      title: scale.titleEn,
      titleAr: scale.titleAr,
      bands: scale.bands.map((band) => ({
        scores: band.scores,
        grade: band.grade,
        descriptor: band.descriptorEn,
        descriptorAr: band.descriptorAr,
      })),
    });
  }
  return [...seen.values()];
}
