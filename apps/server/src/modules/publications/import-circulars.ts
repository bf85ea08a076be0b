import { and, eq, ne } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { circulars, type TAudienceRow, type TPublicationFileRef } from '../../db/schema/index.ts';
import { appliedCounts, byStatus, removeRows, sourcedIdsOf, upsertRows } from '../../kits/bundle-apply.ts';
import { rowReader } from '../../kits/bundle-fields.ts';
import type { TAnyBundleFileHandler, TBundleFileHandler } from '../../kits/bundle-file.ts';
import { publishedAtOf, titleOf } from '../../kits/portal-columns.ts';
import { resolveAudience, type TNewRecipient } from './circular-audience.ts';
import { audienceOf, rowsWithKnownChildren } from '../../kits/audience.ts';
import { noticeNewCirculars, noticeNewRecipients } from './circular-notices.ts';
import { pdfsOfRow, storePublicationFiles, type TBundlePdf } from './publication-files.ts';

// circulars.csv (docs/school-data.md, "circulars.csv"): the school's letters to families, each
// row by its `sourcedId`, for an audience of grades, sections and children (none: the whole
// school), perhaps to acknowledge by a day, with up to five PDFs of the bundle. On apply each
// circular is addressed to the children of its audience (circular-audience.ts: children added,
// none dropped), its PDFs are stored once per school, and what parents now see is told
// (circular-notices.ts). A bulk file holds every circular of the school's system: one it no
// longer lists is removed (the circulars written through the staff API are not its own, and
// stay).

/** PDFs one circular may carry. */
export const MAX_CIRCULAR_FILES = 5;

type TCircularRow = {
  sourcedId: string;
  titleEn: string;
  titleAr: string;
  bodyEn: string;
  bodyAr: string;
  audience: TAudienceRow;
  requiresAck: boolean;
  ackBy: string | null;
  files: TBundlePdf[];
  publishedAt: Date | null;
};

/** The ids of the circulars written through the staff API: a bulk file does not remove them. */
async function staffCircularIds(tx: TDatabase, schoolId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: circulars.circularId })
    .from(circulars)
    .where(and(eq(circulars.schoolId, schoolId), ne(circulars.source, 'import')));
  return rows.map((row) => row.id);
}

export const circularsFile: TBundleFileHandler<TCircularRow> = {
  file: 'circulars.csv',
  columns: ['sourcedId', 'title_en', 'publishedAt'],
  optionalColumns: [
    'title_ar',
    'body_en',
    'body_ar',
    'grades',
    'sections',
    'enrollNumbers',
    'requiresAck',
    'ackBy',
    'files',
  ],
  // Its audience is resolved against the roster: the bundle's students and homerooms first.
  after: ['users.csv', 'classes.csv', 'enrollments.csv'],
  keyColumn: 'sourcedId',
  parseRow(record, row, status, attached) {
    const read = rowReader(record, row);
    const active = status === 'active';
    const requiresAck = read.boolean('requiresAck', false);
    const ackBy = read.day('ackBy');
    if (active && ackBy !== null && !requiresAck)
      read.problem('ackBy', 'a day to acknowledge by needs requiresAck true');
    const value: TCircularRow = {
      sourcedId: read.text('sourcedId', { required: true }),
      titleEn: titleOf(read, 'title_en', { required: active }),
      titleAr: titleOf(read, 'title_ar'),
      bodyEn: read.text('body_en').trim(),
      bodyAr: read.text('body_ar').trim(),
      audience: audienceOf(read),
      requiresAck,
      ackBy: requiresAck ? ackBy : null,
      files: active ? pdfsOfRow(read, 'files', attached, MAX_CIRCULAR_FILES) : [],
      publishedAt: publishedAtOf(read),
    };
    return read.problems.length > 0 ? { problems: read.problems } : { value };
  },
  async apply(tx, context, rows) {
    const { schoolId } = context;
    const { active, deleted } = byStatus(rows);
    // The children a row names must be the school's.
    const valid = await rowsWithKnownChildren(tx, context, active);
    const fileRefs = new Map<string, TPublicationFileRef[]>();
    for (const { value } of valid)
      fileRefs.set(value.sourcedId, await storePublicationFiles(tx, schoolId, value.files));
    const written = await upsertRows(tx, circulars, {
      target: [circulars.schoolId, circulars.circularId],
      update: [
        circulars.titleEn,
        circulars.titleAr,
        circulars.bodyEn,
        circulars.bodyAr,
        circulars.audience,
        circulars.requiresAck,
        circulars.ackBy,
        circulars.files,
        circulars.publishedAt,
        circulars.removedAt,
      ],
      key: circulars.circularId,
      rows: valid.map(({ value }) => ({
        schoolId,
        circularId: value.sourcedId,
        titleEn: value.titleEn,
        titleAr: value.titleAr,
        bodyEn: value.bodyEn,
        bodyAr: value.bodyAr,
        audience: value.audience,
        requiresAck: value.requiresAck,
        ackBy: value.ackBy,
        files: fileRefs.get(value.sourcedId) ?? [],
        source: 'import',
        publishedAt: value.publishedAt,
        removedAt: null,
      })),
    });
    const added: TNewRecipient[] = [];
    for (const { value } of valid)
      added.push(...(await resolveAudience(tx, schoolId, value.sourcedId, value.audience, context.today)));
    const removed = await removeRows(tx, context, circulars, {
      school: circulars.schoolId,
      id: circulars.circularId,
      removedAt: circulars.removedAt,
      deleted: sourcedIdsOf(deleted),
      kept:
        context.mode === 'bulk' ? [...sourcedIdsOf(active), ...(await staffCircularIds(tx, schoolId))] : null,
    });
    // Told now: what parents see from now on, and the children newly addressed by one told before.
    await noticeNewRecipients(tx, schoolId, added);
    await noticeNewCirculars(tx, schoolId);
    // A circular whose only change is children newly addressed counts as changed.
    const counted = new Set([...written.addedKeys, ...written.changedKeys]);
    const widened = new Set(added.map((pair) => pair.circularId).filter((id) => !counted.has(id)));
    return appliedCounts(
      rows.length,
      { added: written.added, changed: written.changed + widened.size },
      removed,
    );
  },
};

/** circulars.csv (docs/school-data.md), with the PDFs its rows name. */
export const circularFiles: TAnyBundleFileHandler[] = [circularsFile];
