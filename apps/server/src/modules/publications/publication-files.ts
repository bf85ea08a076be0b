import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { MessageId } from '@portal/contracts/messages';
import { ApiError } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import { publicationFiles, type TPublicationFileRef } from '../../db/schema/index.ts';
import { among } from '../../kits/bundle-apply.ts';
import type { TRowReader } from '../../kits/bundle-fields.ts';
import { isAttachedFile, type TAttachedFiles } from '../../kits/bundle-file.ts';
import { activePdfName } from '../../kits/files/file-check-worker.ts';
import { fileTypeOf } from '../../kits/files/file-type.ts';

// The PDFs publications carry (docs/decisions/021-publications-and-inbox.md, "Files and
// pictures come with the bundle"): a row of a bundle file names a PDF of the zip; the PDF is
// checked by its first bytes (a PDF, at most 10 MB, running no script and carrying no file),
// stored once per school and content (its id is the SHA-256 of its bytes, so two circulars
// with the same letter keep one copy) and sent to a parent as a download by the route of the
// publication it belongs to, which has checked that the parent may read it.

/** The heaviest PDF a publication may carry. */
export const MAX_PUBLICATION_PDF_BYTES = 10 * 1024 * 1024;

/** A PDF of the bundle a row names, checked, with its content id (computed in the import worker). */
export type TBundlePdf = {
  /** The name it is given to parents under: its name in the zip, without the folders. */
  fileName: string;
  /** The SHA-256 of its bytes, hex: its id in `publication_files`. */
  fileId: string;
  bytes: Uint8Array;
};

/**
 * Why these bytes are not a PDF a publication may carry, or null when they are one: at most
 * `maxBytes`, a PDF by its first bytes (`%PDF-`), and none that runs scripts, launches other
 * files or carries files inside.
 */
export function pdfRefusal(
  name: string,
  bytes: Uint8Array,
  maxBytes: number = MAX_PUBLICATION_PDF_BYTES,
): string | null {
  if (bytes.byteLength > maxBytes)
    return `"${name}" weighs more than ${Math.round(maxBytes / 1024 / 1024)} MB`;
  if (fileTypeOf(bytes) !== 'application/pdf') return `"${name}" is not a PDF`;
  const active = activePdfName(bytes);
  if (active) return `"${name}" holds /${active}: a PDF that runs scripts or carries files is refused`;
  return null;
}

/** The name a file of the zip is given to parents: its last part, in characters a header keeps. */
export function publicationFileName(name: string): string {
  const last = name.split('/').pop() ?? name;
  return last.replace(/[\u0000-\u001f\u007f"\\]/g, '_').slice(0, 200) || 'document.pdf';
}

/** A checked PDF of the bundle by its name in the zip, or the problem of the row's column. */
function bundlePdf(
  read: TRowReader,
  column: string,
  attached: TAttachedFiles,
  name: string,
  maxBytes: number,
): TBundlePdf | null {
  if (!isAttachedFile(name) || !/\.pdf$/i.test(name)) {
    read.problem(column, `"${name}" is not a PDF file name (it ends in .pdf)`);
    return null;
  }
  const bytes = attached(name);
  if (!bytes) {
    read.problem(column, `the bundle has no file "${name}"`);
    return null;
  }
  const refusal = pdfRefusal(name, bytes, maxBytes);
  if (refusal) {
    read.problem(column, refusal);
    return null;
  }
  return {
    fileName: publicationFileName(name),
    fileId: createHash('sha256').update(bytes).digest('hex'),
    bytes,
  };
}

/**
 * The PDF a column of a bundle row names (for a handler's parseRow, in the import worker);
 * null when the column is empty or the PDF is refused (the problem is recorded on the row).
 */
export function pdfOfRow(
  read: TRowReader,
  column: string,
  attached: TAttachedFiles,
  maxBytes: number = MAX_PUBLICATION_PDF_BYTES,
): TBundlePdf | null {
  const name = read.text(column).trim();
  return name === '' ? null : bundlePdf(read, column, attached, name, maxBytes);
}

/**
 * The PDFs a column names, apart with `;` (at most `max`, each once); empty: none. Each one
 * refused is a problem of the row.
 */
export function pdfsOfRow(
  read: TRowReader,
  column: string,
  attached: TAttachedFiles,
  max: number,
  maxBytes: number = MAX_PUBLICATION_PDF_BYTES,
): TBundlePdf[] {
  const names = [
    ...new Set(
      read
        .text(column)
        .split(';')
        .map((name) => name.trim())
        .filter((name) => name !== ''),
    ),
  ];
  if (names.length > max) {
    read.problem(column, `names ${names.length} files: at most ${max}`);
    return [];
  }
  return names.flatMap((name) => bundlePdf(read, column, attached, name, maxBytes) ?? []);
}

/** The PDF bytes as a Buffer for a bytea column (no copy). */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * Stores the school's PDFs not stored yet (one statement each: a file is up to 10 MB) and
 * answers the reference each publication keeps, in the order given. Call it in the
 * transaction that writes the publications.
 */
export async function storePublicationFiles(
  tx: TDatabase,
  schoolId: string,
  files: readonly TBundlePdf[],
): Promise<TPublicationFileRef[]> {
  const ids = [...new Set(files.map((file) => file.fileId))];
  if (ids.length > 0) {
    const stored = new Set(
      (
        await tx
          .select({ fileId: publicationFiles.fileId })
          .from(publicationFiles)
          .where(and(eq(publicationFiles.schoolId, schoolId), among(publicationFiles.fileId, ids)))
      ).map((row) => row.fileId),
    );
    for (const file of files) {
      if (stored.has(file.fileId)) continue;
      stored.add(file.fileId);
      await tx
        .insert(publicationFiles)
        .values({
          schoolId,
          fileId: file.fileId,
          contentType: 'application/pdf',
          sizeBytes: file.bytes.byteLength,
          bytes: asBuffer(file.bytes),
        })
        .onConflictDoNothing();
    }
  }
  return files.map((file) => ({
    fileId: file.fileId,
    fileName: file.fileName,
    sizeBytes: file.bytes.byteLength,
  }));
}

/** Stores one PDF (see storePublicationFiles) and answers its reference. */
export async function storePublicationFile(
  tx: TDatabase,
  schoolId: string,
  file: TBundlePdf,
): Promise<TPublicationFileRef> {
  const [ref] = await storePublicationFiles(tx, schoolId, [file]);
  return ref!;
}

/** Makes a PDF made by the portal itself (a seed, a test) into a file to store. */
export function pdfFile(fileName: string, bytes: Uint8Array): TBundlePdf {
  return {
    fileName: publicationFileName(fileName),
    fileId: createHash('sha256').update(bytes).digest('hex'),
    bytes,
  };
}

/** A `content-disposition` naming the file, in ASCII and, for any other letters, in UTF-8. */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

const noSuchFile = () => new ApiError(404, MessageId.notFound, 'No such file');

/**
 * Sends a stored PDF as a download, under the name the publication gives it. The caller has
 * checked that the parent may read the publication; a file not stored is 404 `N404`.
 */
export async function sendPublicationFile(
  reply: FastifyReply,
  db: TDatabase,
  schoolId: string,
  ref: TPublicationFileRef,
): Promise<FastifyReply> {
  const [file] = await db
    .select({ contentType: publicationFiles.contentType, bytes: publicationFiles.bytes })
    .from(publicationFiles)
    .where(and(eq(publicationFiles.schoolId, schoolId), eq(publicationFiles.fileId, ref.fileId)));
  if (!file) throw noSuchFile();
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', attachmentDisposition(ref.fileName))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.bytes);
}

/** The reference of one file among a publication's, or 404 `N404`. */
export function fileAmong(files: readonly TPublicationFileRef[], fileId: string): TPublicationFileRef {
  const ref = files.find((file) => file.fileId === fileId);
  if (!ref) throw noSuchFile();
  return ref;
}

/** Route options for a PDF answer: its streams are compressed already. */
export const PDF_ROUTE_OPTIONS = { compress: false } as const;
