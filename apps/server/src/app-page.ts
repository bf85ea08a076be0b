import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { BOOT_DATA_ELEMENT_ID, BOOT_NAMESPACES, type TBootData } from '@portal/contracts/boot-data';
import { DEFAULT_LANGUAGE, directionOf, LANGUAGES, type TLanguage } from '@portal/contracts/constants';
import { schoolIdOfHost } from '@portal/contracts/school-host';
import { cacheKeys } from './access/cache-versions.ts';
import { findSchool } from './access/school.ts';
import { createVersionedCache } from './access/versioned-cache.ts';
import type { TDatabase } from './db/client.ts';
import { schoolDetailsOf } from './modules/school/school-details.ts';
import { pageLanguage } from './request-language.ts';

// The web app's page as the server sends it for every client route: the built `index.html` with
// the boot data of the host's school and the request's language written into it, and `<html>`
// in that language and its direction (docs/decisions/032-boot-data.md).

const CACHE_LIFETIME_MS = 5 * 60_000;
const CACHE_MAX_ENTRIES = 2_000;
/** Pages are about 30 KB (Arabic) to 50 KB with a long banner: the bound is what they hold in memory. */
const CACHE_MAX_BYTES = 32 * 1024 * 1024;

export type TAppPage = { html: string; etag: string };

/** The boot data as JSON that cannot end its `<script>` element: every `<` is escaped. */
function scriptJson(data: TBootData): string {
  return JSON.stringify(data).replaceAll('<', '\\u003c');
}

/** `template` in `language`, with the boot data before `</head>` (or at the end without one). */
export function pageWithBootData(template: string, data: TBootData): string {
  const page = template.replace(
    /<html\b[^>]*>/i,
    `<html lang="${data.language}" dir="${directionOf(data.language)}">`,
  );
  const script = `<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">${scriptJson(data)}</script>`;
  return page.includes('</head>') ? page.replace('</head>', `${script}</head>`) : `${page}${script}`;
}

type TNamespaces = Record<string, Record<string, unknown>>;

/** The build's translation files of the boot namespaces, by language; a missing file is left out. */
function readTranslations(webDistDir: string): Record<TLanguage, TNamespaces> {
  const byLanguage = {} as Record<TLanguage, TNamespaces>;
  for (const language of LANGUAGES) {
    const translations: TNamespaces = {};
    for (const namespace of BOOT_NAMESPACES) {
      const file = path.join(webDistDir, 'locales', language, `${namespace}.json`);
      if (fs.existsSync(file)) translations[namespace] = JSON.parse(fs.readFileSync(file, 'utf8'));
    }
    byLanguage[language] = translations;
  }
  return byLanguage;
}

/**
 * The app's pages of the build in `webDistDir`, per school and language, kept until a change
 * names the school (its details are in the page). The page and translations are read once, at
 * start: a new build is served by a new process.
 */
export function createAppPages(db: TDatabase, webDistDir: string) {
  const template = fs.readFileSync(path.join(webDistDir, 'index.html'), 'utf8');
  const translations = readTranslations(webDistDir);
  const pages = createVersionedCache<TAppPage>(db, {
    maxEntries: CACHE_MAX_ENTRIES,
    lifetimeMs: CACHE_LIFETIME_MS,
    maxBytes: CACHE_MAX_BYTES,
    // A JavaScript string holds up to two bytes a character.
    sizeOf: (page) => page.html.length * 2,
  });

  const buildPage = async (schoolId: string, language: TLanguage): Promise<TAppPage> => {
    const school = schoolId === '' ? null : await findSchool(db, schoolId);
    const html = pageWithBootData(template, {
      schoolId,
      schoolDetails: school ? await schoolDetailsOf(db, school) : null,
      language,
      // The app loads the fallback language beside any other (docs/product-spec.md section 8).
      translations: {
        [language]: translations[language],
        [DEFAULT_LANGUAGE]: translations[DEFAULT_LANGUAGE],
      },
    });
    const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
    return { html, etag };
  };

  /** The page for this request: the school of its host, in the language it asks for. */
  const pageFor = async (request: FastifyRequest): Promise<TAppPage> => {
    // On the test environment's hosts the picker's choice lives in the browser: no school here.
    const schoolId = schoolIdOfHost(request.hostname, null);
    const language = pageLanguage(request);
    const entry = `${schoolId}|${language}`;
    const kept = pages.find(entry);
    if (kept) return kept;
    const stamp = pages.stamp();
    const page = await buildPage(schoolId, language);
    pages.keep(entry, page, schoolId === '' ? [] : [cacheKeys.school(schoolId)], stamp);
    return page;
  };

  return { pageFor };
}

export type TAppPages = ReturnType<typeof createAppPages>;
