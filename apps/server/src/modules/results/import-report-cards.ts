import { reportCards } from '../../db/schema/index.ts';
import {
  appliedCounts,
  byStatus,
  removeRows,
  sourcedIdsOf,
  upsertRows,
  type TUpsertResult,
} from '../../kits/bundle-apply.ts';
import { rowReader, type TRowReader } from '../../kits/bundle-fields.ts';
import { isAttachedFile, type TAttachedFiles, type TBundleFileHandler } from '../../kits/bundle-file.ts';
import { activePdfName } from '../../kits/files/file-check-worker.ts';
import { fileTypeOf } from '../../kits/files/file-type.ts';
import { publishedAtOf, titleOf } from '../../kits/portal-columns.ts';
import { checkReferences } from '../../kits/school-ids.ts';

// report_cards.csv (docs/school-data.md, "report_cards.csv"): a child's report card for a
// term (or the year), each row by its `sourcedId`. The school may send the card's PDF in one
// or both languages, as files of the bundle the row names (`pdf_en`, `pdf_ar`); without one
// the portal draws the card from the term's released results. A card shows to parents from
// its `publishedAt` (empty: a draft); a bulk file holds every card, and a card it no longer
// lists is withdrawn.

/** The heaviest PDF a row may name. */
export const MAX_REPORT_CARD_PDF_BYTES = 10 * 1024 * 1024;
/** PDF bytes written in one statement at most. */
const PDF_BYTES_PER_STATEMENT = 32 * 1024 * 1024;

type TReportCardRow = {
  sourcedId: string;
  enrollNumber: string;
  termId: string | null;
  titleEn: string;
  titleAr: string;
  remarkEn: string;
  remarkAr: string;
  pdfEn: Uint8Array | null;
  pdfAr: Uint8Array | null;
  publishedAt: Date | null;
};

/**
 * The PDF a column names, read from the bundle: at most 10 MB, a PDF by its first bytes, and
 * none that runs scripts, opens other files or carries files inside; null when empty.
 */
function pdfOf(read: TRowReader, attached: TAttachedFiles, column: string): Uint8Array | null {
  const name = read.text(column).trim();
  if (name === '') return null;
  if (!isAttachedFile(name)) {
    read.problem(column, `"${name}" is not a PDF file name (it ends in .pdf)`);
    return null;
  }
  const bytes = attached(name);
  if (!bytes) read.problem(column, `the bundle has no file "${name}"`);
  else if (bytes.byteLength > MAX_REPORT_CARD_PDF_BYTES)
    read.problem(column, `"${name}" weighs more than 10 MB`);
  else if (fileTypeOf(bytes) !== 'application/pdf') read.problem(column, `"${name}" is not a PDF`);
  else {
    const active = activePdfName(bytes);
    if (active)
      read.problem(column, `"${name}" holds /${active}: a PDF that runs scripts or carries files is refused`);
    else return bytes;
  }
  return null;
}

/** The rows in slices whose PDFs together stay under a statement's share of bytes. */
function byPdfBytes<T extends { pdfEn: Uint8Array | null; pdfAr: Uint8Array | null }>(rows: T[]): T[][] {
  const slices: T[][] = [];
  let slice: T[] = [];
  let bytes = 0;
  for (const row of rows) {
    const size = (row.pdfEn?.byteLength ?? 0) + (row.pdfAr?.byteLength ?? 0);
    if (slice.length > 0 && bytes + size > PDF_BYTES_PER_STATEMENT) {
      slices.push(slice);
      slice = [];
      bytes = 0;
    }
    slice.push(row);
    bytes += size;
  }
  if (slice.length > 0) slices.push(slice);
  return slices;
}

const asBuffer = (bytes: Uint8Array | null) =>
  bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : null;

export const reportCardsFile: TBundleFileHandler<TReportCardRow> = {
  file: 'report_cards.csv',
  columns: ['sourcedId', 'enrollNumber', 'title_en', 'title_ar', 'publishedAt'],
  optionalColumns: ['termSourcedId', 'pdf_en', 'pdf_ar', 'remark_en', 'remark_ar'],
  after: ['users.csv', 'academicSessions.csv'],
  keyColumn: 'sourcedId',
  parseRow(record, row, status, attached) {
    const read = rowReader(record, row);
    const required = { required: status === 'active' };
    const value: TReportCardRow = {
      sourcedId: read.text('sourcedId', { required: true }),
      enrollNumber: read.text('enrollNumber', required),
      termId: read.text('termSourcedId') || null,
      titleEn: titleOf(read, 'title_en', required),
      titleAr: titleOf(read, 'title_ar'),
      remarkEn: read.text('remark_en').trim(),
      remarkAr: read.text('remark_ar').trim(),
      pdfEn: status === 'active' ? pdfOf(read, attached, 'pdf_en') : null,
      pdfAr: status === 'active' ? pdfOf(read, attached, 'pdf_ar') : null,
      publishedAt: publishedAtOf(read),
    };
    return read.problems.length > 0 ? { problems: read.problems } : { value };
  },
  async apply(tx, context, rows) {
    const { schoolId } = context;
    const { active, deleted } = byStatus(rows);
    const valid = await checkReferences(tx, context, active, [
      { kind: 'student', column: 'enrollNumber', idOf: (value) => value.enrollNumber },
      { kind: 'term', column: 'termSourcedId', idOf: (value) => value.termId },
    ]);
    const written: TUpsertResult = { added: 0, changed: 0, addedKeys: [], changedKeys: [] };
    for (const slice of byPdfBytes(valid.map((row) => row.value))) {
      const result = await upsertRows(tx, reportCards, {
        target: [reportCards.schoolId, reportCards.reportCardId],
        update: [
          reportCards.enrollNumber,
          reportCards.termId,
          reportCards.titleEn,
          reportCards.titleAr,
          reportCards.pdfEn,
          reportCards.pdfAr,
          reportCards.remarkEn,
          reportCards.remarkAr,
          reportCards.publishedAt,
          reportCards.removedAt,
        ],
        rows: slice.map((value) => ({
          schoolId,
          reportCardId: value.sourcedId,
          enrollNumber: value.enrollNumber,
          termId: value.termId,
          titleEn: value.titleEn,
          titleAr: value.titleAr,
          pdfEn: asBuffer(value.pdfEn),
          pdfAr: asBuffer(value.pdfAr),
          remarkEn: value.remarkEn,
          remarkAr: value.remarkAr,
          publishedAt: value.publishedAt,
          removedAt: null,
        })),
      });
      written.added += result.added;
      written.changed += result.changed;
    }
    const removed = await removeRows(tx, context, reportCards, {
      school: reportCards.schoolId,
      id: reportCards.reportCardId,
      removedAt: reportCards.removedAt,
      deleted: sourcedIdsOf(deleted),
      kept: sourcedIdsOf(active),
    });
    return appliedCounts(rows.length, written, removed);
  },
};
