import { createHash } from 'node:crypto';
import { fileTypeOf, type TFileType } from './file-type.ts';

// Runs on a worker thread (kits/attachments.ts): hashing and reading a 10 MB file is work the
// thread that answers requests must not do.

export type TFileCheckTask = { bytes: Uint8Array };
export type TFileCheck = {
  sha256: string;
  /** The type the first bytes say; null: not a type the portal takes. */
  contentType: TFileType | null;
  /** Why the file is refused although its type is taken (a PDF that runs scripts), or null. */
  refusal: string | null;
};

// PDF names that make a reader run code, open other files or carry files inside. A name may
// hide its letters as `#xx` escapes (`/J#61vaScript`), so names are decoded before they are read.
const ACTIVE_PDF_NAMES = new Set([
  'JavaScript',
  'JS',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'RichMedia',
  'XFA',
]);
const PDF_NAME = /\/([A-Za-z0-9#]+)/g;

/** The first active PDF name in the file, or null. */
export function activePdfName(bytes: Uint8Array): string | null {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  for (const match of text.matchAll(PDF_NAME)) {
    const name = match[1]!.replace(/#([0-9A-Fa-f]{2})/g, (_all, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    );
    if (ACTIVE_PDF_NAMES.has(name)) return name;
  }
  return null;
}

export default function checkFile({ bytes }: TFileCheckTask): TFileCheck {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const contentType = fileTypeOf(bytes);
  const active = contentType === 'application/pdf' ? activePdfName(bytes) : null;
  return { sha256, contentType, refusal: active ? `The PDF holds /${active}` : null };
}
