/** One part of a multipart/form-data body: a file when it has a filename, else a field. */
export type TPart = { name: string; filename?: string; type?: string; content: Buffer | string };

const BOUNDARY = 'portal-abuse-boundary';

/** A multipart/form-data body of the given parts; `closed: false` leaves out the final boundary. */
export function multipart(parts: TPart[], options: { closed?: boolean } = {}) {
  const chunks = parts.flatMap((part) => {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const head = `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`;
    return [Buffer.from(head), Buffer.from(part.content), Buffer.from('\r\n')];
  });
  if (options.closed !== false) chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${BOUNDARY}` };
}

/** The PNG signature and some bytes after it, `size` bytes in all: what the photo check takes for a PNG. */
export function pngOfSize(size: number): Buffer {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, Buffer.alloc(size - signature.length, 7)]);
}
