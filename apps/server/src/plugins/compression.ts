import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

// How answers are compressed (docs/decisions/036-compressed-answers.md): one list of encodings,
// one threshold and one brotli quality, for what @fastify/compress compresses per answer and for
// the copies a kept answer (plugins/answer-cache.ts) keeps of itself.

/** The encodings the portal sends, best first: every browser accepts both. */
const ENCODINGS = ['br', 'gzip'] as const;
export type TEncoding = (typeof ENCODINGS)[number];

/** Smaller answers are sent as they are: their headers outweigh what compressing saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Answers up to this size are compressed in one call on the request's thread. Above it the
 * plugin streams through zlib's threads, which on two cores served a 10 KB answer about ten
 * times more slowly (decision 036).
 */
const SYNC_COMPRESS_MAX_BYTES = 256 * 1024;

/** A quick brotli: most of the gain at a small share of the highest quality's time. */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

/** `*` and `x-gzip` mean gzip, as the compression plugin reads them. */
const GZIP_ALIASES = /\*|x-gzip/gu;

/**
 * What each Accept-Encoding asks for, worked out once: browsers send a handful of values, and
 * every kept answer reads it. Bounded: emptied when full.
 */
const negotiated = new Map<string, TEncoding | undefined>();
const MAX_NEGOTIATED = 256;

/** The encoding this request accepts that the portal prefers, or undefined for none. */
export function acceptedEncoding(request: FastifyRequest): TEncoding | undefined {
  const header = request.headers['accept-encoding'];
  if (!header) return undefined;
  if (negotiated.has(header)) return negotiated.get(header);
  const encoding = negotiate(header.toLowerCase().replace(GZIP_ALIASES, 'gzip'), [...ENCODINGS]) ?? undefined;
  if (negotiated.size >= MAX_NEGOTIATED) negotiated.clear();
  negotiated.set(header, encoding);
  return encoding;
}

/** The body compressed with this encoding, as the compression plugin would send it. */
export function encodeSync(encoding: TEncoding, body: Buffer): Buffer {
  return encoding === 'br' ? brotliCompressSync(body, BROTLI_OPTIONS) : gzipSync(body);
}

/** Marks a reply as sent compressed with this encoding (the plugin then leaves it as it is). */
export function markEncoded(reply: FastifyReply, encoding: TEncoding): FastifyReply {
  const vary = reply.getHeader('vary');
  const varies = typeof vary === 'string' && vary.length > 0 ? `${vary}, accept-encoding` : 'accept-encoding';
  return reply.header('content-encoding', encoding).header('vary', varies);
}

/** Compresses every answer of at least COMPRESS_THRESHOLD_BYTES that the client accepts compressed. */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: [...ENCODINGS],
    syncThreshold: SYNC_COMPRESS_MAX_BYTES,
    brotliOptions: BROTLI_OPTIONS,
  });
});
