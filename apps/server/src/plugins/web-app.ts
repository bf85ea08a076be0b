import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { createAppPages, type TAppPages } from '../app-page.ts';
import type { TDatabase } from '../db/client.ts';
import { notFound, sendApiError } from './errors.ts';
import { normalizedPath } from '../request-path.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
// First path segments that are never client routes: a miss there is a 404, not the app.
const NOT_PAGES = new Set(['api', 'app-icons', 'assets', 'locales', 'media']);
const mediaDir = path.resolve(import.meta.dirname, '../../media');

/** The app's page for this request, or 304 when the browser has it already. */
async function sendAppPage(appPages: TAppPages, request: FastifyRequest, reply: FastifyReply) {
  const page = await appPages.pageFor(request);
  reply
    .header('cache-control', REVALIDATE)
    // The page is the host's school's, in the language of the query, cookie or Accept-Language.
    .header('vary', 'accept-language, cookie')
    .header('etag', page.etag)
    .type('text/html; charset=utf-8');
  if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
  return page.html;
}

/**
 * Serves the built single-page app: hashed assets cached for a year, everything else
 * revalidated, and the app's page with its boot data (app-page.ts) for any other GET so client
 * routes survive a reload. Also serves the school and student images under /media.
 */
export const webAppPlugin = fp(
  async (app: FastifyInstance, options: { webDistDir: string; db: TDatabase }) => {
    const indexHtml = path.join(options.webDistDir, 'index.html');
    const hasWebApp = fs.existsSync(indexHtml);
    if (!hasWebApp) app.log.warn({ webDistDir: options.webDistDir }, 'no built web app; run `npm run build`');
    const appPages = hasWebApp ? createAppPages(options.db, options.webDistDir) : null;

    await app.register(fastifyStatic, {
      root: mediaDir,
      prefix: '/media/',
      decorateReply: false,
      setHeaders: (res) => res.header('cache-control', 'public, max-age=3600'),
    });

    if (hasWebApp) {
      await app.register(fastifyStatic, {
        root: options.webDistDir,
        prefix: '/',
        wildcard: true,
        // `/` is a client route like any other: the app's page with its boot data, below.
        index: false,
        // The build writes a brotli and a gzip copy of each file (apps/web/precompress.ts): sent
        // as they are, the global compression leaves them alone (docs/decisions/026-first-load.md).
        preCompressed: true,
        setHeaders: (res, filePath) => {
          const relative = path.relative(options.webDistDir, filePath);
          res.header('cache-control', relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : REVALIDATE);
        },
      });
    }

    if (appPages) app.get('/', (request, reply) => sendAppPage(appPages, request, reply));

    app.setNotFoundHandler(async (request, reply) => {
      const firstSegment = normalizedPath(request.url).split('/')[1] ?? '';
      const isPageRequest =
        (request.method === 'GET' || request.method === 'HEAD') && !NOT_PAGES.has(firstSegment);
      if (appPages && isPageRequest) return sendAppPage(appPages, request, reply);
      return sendApiError(reply, notFound);
    });
  },
);
