import { createHash } from 'node:crypto';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUTHENTICATED_ENTRY_PATH,
  directionOf,
  LANGUAGES,
  SCHOOL_ID_PATTERN,
  type TLanguage,
} from '@portal/contracts/constants';
import { MessageId } from '@portal/contracts/messages';
import { schoolIdOfHost } from '@portal/contracts/school-host';
import { ApiError, unknownSchool } from '../../api-error.ts';
import { findSchool, type TSchool } from '../../access/school.ts';
import type { TDatabase } from '../../db/client.ts';
import { loadLogo } from '../../kits/documents/logo.ts';
import { requestLanguage } from '../../request-language.ts';
import { APP_ICONS, appLook, ICON_BACKGROUND, type TAppIconName } from './app-icons.ts';

/** Where the icons are served: `/app-icons/<school>/<version>/<icon>`. */
export const APP_ICONS_PATH = '/app-icons';
/** A short name longer than this is cut at a word (a home screen shows about 12 characters). */
const SHORT_NAME_LENGTH = 12;

const ZManifestQuery = z.object({
  /** The language of the names; without it, the Accept-Language header's, else English. */
  lng: z.enum(LANGUAGES).optional(),
  /** The school, on the test environment's hosts only (elsewhere the host names it). */
  school: z.string().max(63).optional(),
});

const ZIconParams = z.object({
  schoolId: z.string().regex(SCHOOL_ID_PATTERN),
  version: z.string().regex(/^[0-9a-f]{12}$/),
  icon: z.enum(Object.keys(APP_ICONS) as [TAppIconName, ...TAppIconName[]]),
});

/** The first words of a name that fit in SHORT_NAME_LENGTH characters (the first word at least). */
export function shortNameOf(name: string): string {
  const words = name.trim().split(/\s+/);
  let short = words[0] ?? '';
  for (const word of words.slice(1)) {
    if (`${short} ${word}`.length > SHORT_NAME_LENGTH) break;
    short = `${short} ${word}`;
  }
  return short;
}

/** The school and its look (the icons and colour drawn from its logo). */
async function schoolWithLook(db: TDatabase, schoolId: string, log: FastifyBaseLogger) {
  const school = schoolId === '' ? null : await findSchool(db, schoolId);
  if (!school) throw unknownSchool();
  const look = await appLook(loadLogo(school.logoUrl), (error) =>
    log.warn({ err: error, schoolId, logoUrl: school.logoUrl }, 'app icons: the logo could not be drawn'),
  );
  return { school, look };
}

function manifestOf(school: TSchool, lng: TLanguage, themeColor: string, version: string) {
  const name = lng === 'ar' ? school.nameAr || school.nameEn : school.nameEn;
  const icon = (file: TAppIconName) => ({
    src: `${APP_ICONS_PATH}/${school.schoolId}/${version}/${file}`,
    sizes: `${APP_ICONS[file].side}x${APP_ICONS[file].side}`,
    type: 'image/png',
    purpose: APP_ICONS[file].purpose,
  });
  return {
    id: '/',
    name,
    short_name: shortNameOf(name),
    lang: lng,
    dir: directionOf(lng),
    start_url: AUTHENTICATED_ENTRY_PATH,
    scope: '/',
    display: 'standalone',
    theme_color: themeColor,
    background_color: ICON_BACKGROUND,
    icons: (Object.keys(APP_ICONS) as TAppIconName[]).map(icon),
  };
}

/** The school a manifest is asked for: the host's, or on the test environment the `school` asked. */
function schoolIdOf(request: FastifyRequest, asked: string | undefined): string {
  return schoolIdOfHost(request.hostname, asked ?? null);
}

/**
 * The installable app of each school (docs/decisions/025-passkeys-pwa-push.md): its web app
 * manifest at /manifest.webmanifest, named after the school of the host in the language asked
 * for, and the icons it names, made from the school's logo. Public, like the school's name and
 * logo on the sign-in page; an unknown school is 404 `L000`.
 */
export const appManifestRoutes: FastifyPluginAsyncZod<{ db: TDatabase }> = async (app, { db }) => {
  app.get('/manifest.webmanifest', { schema: { querystring: ZManifestQuery } }, async (request, reply) => {
    const { lng, school: asked } = request.query;
    const { school, look } = await schoolWithLook(db, schoolIdOf(request, asked), request.log);
    const body = JSON.stringify(
      manifestOf(school, lng ?? requestLanguage(request), look.themeColor, look.version),
    );
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-language')
      .header('etag', etag)
      .type('application/manifest+json; charset=utf-8');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return body;
  });

  app.get(
    `${APP_ICONS_PATH}/:schoolId/:version/:icon`,
    { schema: { params: ZIconParams } },
    async (request, reply) => {
      const { schoolId, version, icon } = request.params;
      const { look } = await schoolWithLook(db, schoolId, request.log);
      // An address of a logo the school no longer has: the manifest names the new one.
      if (version !== look.version) throw new ApiError(404, MessageId.notFound, 'Not found');
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .type('image/png')
        .send(look.icons[icon]);
    },
  );
};
