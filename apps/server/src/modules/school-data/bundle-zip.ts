import { strToU8, Unzip, UnzipInflate, zipSync, type UnzipFile } from 'fflate';

// A bundle travels as one zip of CSV files (docs/school-data.md). Unzipping streams each file
// and counts what comes out, so a small zip that inflates to gigabytes is stopped early.

/** The most the files of one bundle may weigh once unzipped, and how many files it may hold. */
export const MAX_UNZIPPED_BYTES = 768 * 1024 * 1024;
export const MAX_BUNDLE_FILES = 100;

export type TUnzipped = { files: Map<string, Uint8Array>; problem: string | null };

const ignored = (name: string) =>
  name.endsWith('/') || name.startsWith('__MACOSX/') || name.split('/').some((part) => part.startsWith('.'));

/** The files of a zip by name (a zipped folder's one top folder left out), or why it cannot be read. */
export function unzipBundle(
  bytes: Uint8Array,
  limits: { bytes: number; files: number } = { bytes: MAX_UNZIPPED_BYTES, files: MAX_BUNDLE_FILES },
): TUnzipped {
  const chunks = new Map<string, Uint8Array[]>();
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
    if (chunks.size >= limits.files) {
      problem = `the zip holds more than ${limits.files} files`;
      return;
    }
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
    if (short.includes('/')) {
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
