import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      // Google and Facebook sign-in: exactly their client scripts, frames and styles.
      scriptSrc: ["'self'", 'https://accounts.google.com/gsi/client', 'https://connect.facebook.net'],
      styleSrc: ["'self'", 'https://accounts.google.com/gsi/style'],
      frameSrc: ['https://accounts.google.com', 'https://www.facebook.com'],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'", 'https://accounts.google.com/gsi/'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      // The service worker and the web app manifest come from this origin only.
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  },
  // Same-origin only: nothing here is meant to be embedded or read by other sites.
  crossOriginResourcePolicy: { policy: 'same-origin' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
};

/** The headers helmet sets with these options; they do not depend on the request. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * The headers of the build's hashed files (`/assets/`: scripts, style sheets, fonts): those
 * that concern such a file. A Content-Security-Policy, framing and referrer rules govern a
 * document or a worker, not a script the page loads (the service worker, `/sw.js`, is not
 * under `/assets/` and keeps them); over HTTP/1.1 they were 1 KB of every one of the sixty or
 * so files of a first visit (docs/decisions/035-asset-headers.md).
 */
const ASSET_HEADER_NAMES = [
  'x-content-type-options',
  'cross-origin-resource-policy',
  'strict-transport-security',
];
const ASSETS_PATH = '/assets/';

/**
 * The headers of API answers (`/api/`): a hashed file's, and a policy that lets the answer load
 * nothing and be framed by no one. An API answer is data (JSON, a PDF, a picture, a calendar)
 * that the page fetches, never a page that runs scripts: the page's own rules, about 700 bytes
 * of every answer, govern nothing there (docs/decisions/038-api-headers.md).
 */
const API_OWN_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
};
const API_PATH = '/api/';

/**
 * Security headers, with a Content-Security-Policy that allows this origin and, for social
 * sign-in, only the identity providers' own script, frame and style addresses. Computed
 * once at start and set on every answer (on the build's hashed files and API answers, those
 * that concern them). Nothing is kept by the browser or a shared cache
 * unless its route says how (files, pages): API answers carry tokens and personal data, so
 * every other answer is `no-store`.
 */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  const headers = helmetHeaders(HELMET_OPTIONS);
  const assetHeaders = Object.fromEntries(ASSET_HEADER_NAMES.map((name) => [name, headers[name]]));
  const apiHeaders = { ...assetHeaders, ...API_OWN_HEADERS };
  const headersOf = (url: string) =>
    url.startsWith(API_PATH) ? apiHeaders : url.startsWith(ASSETS_PATH) ? assetHeaders : headers;
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headersOf(request.url));
    done();
  });
  app.addHook('onSend', (_request, reply, _payload, done) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done();
  });
});
