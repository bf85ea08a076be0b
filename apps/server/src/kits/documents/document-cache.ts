import { createHash } from 'node:crypto';

export type TDocumentCacheOptions = { maxEntries: number; maxBytes: number };

/**
 * Finished PDFs, kept so that asking again for the same document costs no render and no
 * place in the render queue. A key names the document, its language and a version: a digest
 * of everything the document is drawn from, so a change in the data (a paid invoice, a new
 * name) is a new key and never answered with the old PDF. The cache lives in the process: a
 * new release, which may draw differently, starts with it empty. The least recently used
 * documents go first once either bound is reached.
 */
export function createDocumentCache(options: TDocumentCacheOptions) {
  const entries = new Map<string, Buffer>();
  let bytes = 0;

  const remove = (key: string) => {
    const pdf = entries.get(key);
    if (!pdf) return;
    entries.delete(key);
    bytes -= pdf.byteLength;
  };

  return {
    get(key: string): Buffer | undefined {
      const pdf = entries.get(key);
      if (!pdf) return undefined;
      // Most recently used last.
      entries.delete(key);
      entries.set(key, pdf);
      return pdf;
    },
    set(key: string, pdf: Buffer): void {
      remove(key);
      if (options.maxEntries < 1 || pdf.byteLength > options.maxBytes) return;
      entries.set(key, pdf);
      bytes += pdf.byteLength;
      for (const oldest of entries.keys()) {
        if (entries.size <= options.maxEntries && bytes <= options.maxBytes) break;
        remove(oldest);
      }
    },
  };
}

/** A digest of everything a document is drawn from: a change in the data is a new digest. */
export function documentDigest(data: unknown): string {
  return createHash('sha256')
    .update(
      // Bytes (a logo) count by their own digest rather than as a list of numbers.
      JSON.stringify(data, function (this: Record<string, unknown>, key: string, value: unknown) {
        const original = this[key];
        return original instanceof Uint8Array
          ? `bytes:${createHash('sha256').update(original).digest('hex')}`
          : value;
      }),
    )
    .digest('base64url');
}

/** The key of a document: what it is, which one, its language, and the digest of its data. */
export function documentKey(kind: string, id: string, lng: string, digest: string): string {
  return `${kind}:${id}:${lng}:${digest}`;
}
