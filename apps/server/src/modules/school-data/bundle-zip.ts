import { strToU8, Unzip, UnzipInflate, zipSync, type UnzipFile } from 'fflate';
import { isAttachedFile } from '../../kits/bundle-file.ts';

// A bundle travels as one zip of CSV files (docs/school-data.md), with the PDFs its rows name
// (report cards). Unzipping streams each file and counts what comes out, so a small zip that
// inflates to gigabytes is stopped early.

/** The most the files of one bundle may weigh once unzipped, and how many CSV files it may hold. */
export const MAX_UNZIPPED_BYTES = 768 * 1024 * 1024;
export const MAX_BUNDLE_FILES = 100;
/** How many attached files (PDFs) it may hold besides. */
export const MAX_ATTACHED_FILES = 20_000;

export type TUnzipped = { files: Map<string, Uint8Array>; problem: string | null };

type TLimits = { bytes: number; files: number; attachedFiles?: number };

const ignored = (name: string) =>
  name.endsWith('/') || name.startsWith('__MACOSX/') || name.split('/').some((part) => part.startsWith('.'));

/** The files of a zip by name (a zipped folder's one top folder left out), or why it cannot be read. */
export function unzipBundle(
  bytes: Uint8Array,
  limits: TLimits = { bytes: MAX_UNZIPPED_BYTES, files: MAX_BUNDLE_FILES },
): TUnzipped {
  const chunks = new Map<string, Uint8Array[]>();
  const counts = { files: 0, attached: 0 };
  const maxAttached = limits.attachedFiles ?? MAX_ATTACHED_FILES;
  let total = 0;
  let problem: string | null = null;
  const unzip = new Unzip();
  unzip.register(UnzipInflate);
  unzip.onfile = (file: UnzipFile) => {
    if (problem || ignored(file.name)) return;
    if (chunks.has(file.name)) {
      problem = `the zip holds ${file.name} twice`;
      return;
    }
    const attached = isAttachedFile(file.name);
    if (attached ? counts.attached >= maxAttached : counts.files >= limits.files) {
      problem = `the zip holds more than ${attached ? `${maxAttached} PDF` : limits.files} files`;
      return;
    }
    counts[attached ? 'attached' : 'files']++;
    const parts: Uint8Array[] = [];
    chunks.set(file.name, parts);
    file.ondata = (error, data) => {
      if (problem) return;
      if (error) {
        problem = `${file.name} cannot be unzipped: ${error.message}`;
        return;
      }
      total += data.length;
      if (total > limits.bytes) {
        problem = `the files weigh more than ${Math.floor(limits.bytes / 1024 / 1024)} MB once unzipped`;
        file.terminate();
        return;
      }
      parts.push(data);
    };
    file.start();
  };
  try {
    unzip.push(bytes, true);
  } catch (error) {
    problem ??= `not a zip file that can be read (${error instanceof Error ? error.message : String(error)})`;
  }
  if (problem) return { files: new Map(), problem };
  if (chunks.size === 0) return { files: new Map(), problem: 'not a zip file, or an empty one' };
  return joinFiles(chunks);
}

function joinFiles(chunks: Map<string, Uint8Array[]>): TUnzipped {
  const names = [...chunks.keys()];
  // A zipped folder puts every file under the folder's name: that one folder is left out.
  const tops = new Set(names.map((name) => (name.includes('/') ? name.slice(0, name.indexOf('/') + 1) : '')));
  const prefix = tops.size === 1 ? ([...tops][0] ?? '') : '';
  const files = new Map<string, Uint8Array>();
  for (const [name, parts] of chunks) {
    const short = name.slice(prefix.length);
    // The PDFs may sit in folders of the bundle (a row names them by their path in it).
    if (short.includes('/') && !isAttachedFile(short)) {
      return { files: new Map(), problem: `${name}: the files must sit side by side, not in folders` };
    }
    const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
    let offset = 0;
    for (const part of parts) {
      bytes.set(part, offset);
      offset += part.length;
    }
    files.set(short, bytes);
  }
  return { files, problem: null };
}

/** A zip of these files (text is written as UTF-8). */
export function zipBundle(files: ReadonlyMap<string, Uint8Array | string>): Uint8Array {
  return zipSync(
    Object.fromEntries(
      [...files].map(([name, content]) => [name, typeof content === 'string' ? strToU8(content) : content]),
    ),
    { level: 6 },
  );
}
