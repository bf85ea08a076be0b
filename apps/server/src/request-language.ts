import type { FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE } from '@portal/contracts/boot-data';
import { DEFAULT_LANGUAGE, isLanguage, type TLanguage } from '@portal/contracts/constants';

/** A supported language for a language tag (`ar-AE` -> `ar`); null for any other. */
function languageOf(tag: string | undefined): TLanguage | null {
  const base = (tag ?? '').split(';')[0]?.trim().toLowerCase().split('-')[0];
  return isLanguage(base) ? base : null;
}

/** The portal language the client asked for in Accept-Language (`ar` or `en`). */
export function requestLanguage(request: FastifyRequest): TLanguage {
  return languageOf(request.headers['accept-language']?.split(',')[0]) ?? DEFAULT_LANGUAGE;
}

/** The value of one cookie of the request, or undefined. */
function cookieOf(request: FastifyRequest, name: string): string | undefined {
  for (const pair of request.headers.cookie?.split(';') ?? []) {
    const [key, ...value] = pair.split('=');
    if (key?.trim() === name) return value.join('=').trim();
  }
  return undefined;
}

/**
 * The language of the app's page, by the web app's own order of detection as far as a request
 * shows it (docs/product-spec.md section 8): the `lng` query, the language cookie, then
 * Accept-Language.
 */
export function pageLanguage(request: FastifyRequest): TLanguage {
  const asked = (request.query as Record<string, unknown> | undefined)?.lng;
  return (
    languageOf(typeof asked === 'string' ? asked : undefined) ??
    languageOf(cookieOf(request, LANGUAGE_COOKIE)) ??
    requestLanguage(request)
  );
}
