import { and, eq, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { assessments } from '../../db/schema/index.ts';
import { batchesOf, byStatus, fileCounts } from '../../kits/bundle-apply.ts';
import { rowReader } from '../../kits/bundle-fields.ts';
import type { TBundleFileHandler } from '../../kits/bundle-file.ts';
import { instantOf } from '../../kits/portal-columns.ts';
import { checkReferences, idsAmong } from '../../kits/school-ids.ts';

// assessment_releases.csv (docs/school-data.md, "The portal's own files"): when the results of
// each line item are released to parents. Imported line items start unreleased; this file (or
// the staff API's publish) releases them. A row names a line item by its sourcedId and gives
// its `publishedAt` (a future time schedules the release; empty withdraws it). The file sets
// only the line items it lists: even a bulk file withdraws no other release. A `tobedeleted`
// row withdraws its line item's release.

type TReleaseRow = { sourcedId: string; publishedAt: Date | null };

/** Sets each line item's release time; answers the ids whose time changed. */
async function setReleases(
  tx: TDatabase,
  schoolId: string,
  releases: readonly { id: string; at: Date | null }[],
): Promise<string[]> {
  const changed: string[] = [];
  for (const batch of batchesOf(releases, 2)) {
    const ids = batch.map((release) => release.id);
    const times = batch.map((release) => release.at?.toISOString() ?? null);
    const rows = await tx
      .update(assessments)
      .set({ resultsPublishedAt: sql`release.at` })
      .from(sql`unnest(${sql.param(ids)}::text[], ${sql.param(times)}::timestamptz[]) as release(id, at)`)
      .where(
        and(
          eq(assessments.schoolId, schoolId),
          sql`${assessments.assessmentId} = release.id`,
          sql`${assessments.resultsPublishedAt} is distinct from release.at`,
        ),
      )
      .returning({ id: assessments.assessmentId });
    changed.push(...rows.map((row) => row.id));
  }
  return changed;
}

export const assessmentReleasesFile: TBundleFileHandler<TReleaseRow> = {
  file: 'assessment_releases.csv',
  columns: ['sourcedId', 'publishedAt'],
  after: ['lineItems.csv'],
  keyColumn: 'sourcedId',
  parseRow(record, row) {
    const read = rowReader(record, row);
    const value = {
      sourcedId: read.text('sourcedId', { required: true }),
      // Empty: not released.
      publishedAt: instantOf(read, 'publishedAt'),
    };
    return read.problems.length > 0 ? { problems: read.problems } : { value };
  },
  async apply(tx, context, rows) {
    const { schoolId } = context;
    const { active, deleted } = byStatus(rows);
    await checkReferences(tx, context, rows, [
      {
        column: 'sourcedId',
        idOf: (value) => value.sourcedId,
        known: (ids) =>
          idsAmong(tx, schoolId, { school: assessments.schoolId, id: assessments.assessmentId }, ids),
        unknown: (id) => `no line item of the school has the sourcedId "${id}"`,
      },
    ]);
    const changed = await setReleases(tx, schoolId, [
      ...active.map(({ value }) => ({ id: value.sourcedId, at: value.publishedAt })),
      ...deleted.map(({ value }) => ({ id: value.sourcedId, at: null })),
    ]);
    const withdrawn = new Set(deleted.map((row) => row.value.sourcedId));
    return fileCounts({
      rows: rows.length,
      added: 0,
      changed: changed.filter((id) => !withdrawn.has(id)).length,
      removedByRows: changed.filter((id) => withdrawn.has(id)).length,
    });
  },
};
