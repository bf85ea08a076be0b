import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, eq, isNull } from 'drizzle-orm';
import {
  linkEndpoints,
  type TOutsideLink,
  type TOutsideLinkAnswer,
  type TOutsideLinkModule,
} from '@portal/contracts/families/links';
import { MENU } from '@portal/contracts/menu';
import { MessageId } from '@portal/contracts/messages';
import type { TDatabase } from '../../db/client.ts';
import { outsideLinks, schools } from '../../db/schema/index.ts';
import { requireSession } from '../../plugins/auth.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';

// Outside links (docs/modules.md F7; docs/school-data.md, links.csv): each module answers the
// school's destinations for it, the host named so the parent knows where the card leads. The
// learning platform (`moodle`) falls back on the school's `lic_lms_url` when links.csv names
// none. Only https addresses are ever served (the import refuses others; a stored
// `lic_lms_url` that is not https counts as none).

/** The most destinations a module lists (the digital library's resources). */
const MAX_LINKS = 50;

/** The host of an https address, or null when it is not one. */
function httpsHost(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.hostname !== '' ? parsed.hostname : null;
  } catch {
    return null;
  }
}

/** The module's name in the menu, for a destination the school did not name. */
function menuTitle(module: TOutsideLinkModule): { en: string; ar: string } {
  const entry = MENU.find((item) => item.key === module);
  return { en: entry?.title ?? module, ar: entry?.titleAr ?? '' };
}

/** The school's destinations of a module, in their order. */
async function outsideLinksOf(
  db: TDatabase,
  schoolId: string,
  module: TOutsideLinkModule,
): Promise<TOutsideLink[]> {
  const rows = await db
    .select()
    .from(outsideLinks)
    .where(
      and(
        eq(outsideLinks.schoolId, schoolId),
        eq(outsideLinks.moduleKey, module),
        isNull(outsideLinks.removedAt),
      ),
    )
    .orderBy(asc(outsideLinks.position), asc(outsideLinks.labelEn), asc(outsideLinks.linkId))
    .limit(MAX_LINKS);
  const items = rows.flatMap((row) => {
    const host = httpsHost(row.url);
    return host
      ? [
          {
            url: row.url,
            host,
            label: row.labelEn,
            labelAr: row.labelAr,
            description: row.descriptionEn,
            descriptionAr: row.descriptionAr,
          },
        ]
      : [];
  });
  if (items.length > 0 || module !== 'moodle') return module === 'digital' ? items : items.slice(0, 1);
  const [school] = await db
    .select({ url: schools.licLmsUrl })
    .from(schools)
    .where(eq(schools.schoolId, schoolId))
    .limit(1);
  const host = school ? httpsHost(school.url) : null;
  if (!school || !host) return [];
  const title = menuTitle(module);
  return [{ url: school.url, host, label: title.en, labelAr: title.ar, description: '', descriptionAr: '' }];
}

function answerOf(items: TOutsideLink[]): TOutsideLinkAnswer {
  const first = items[0];
  return {
    success: true,
    messageId: MessageId.ok,
    url: first?.url ?? null,
    host: first?.host ?? null,
    label: first?.label ?? '',
    labelAr: first?.labelAr ?? '',
    items,
  };
}

/**
 * GET links/moodle|digital|facebook|instagram under /v1/ppn: each behind its own module's
 * grant (403 `A001`); school-wide, so no child is named.
 */
export const linkRoutes: FastifyPluginAsyncZod<{ db: TDatabase }> = async (app, { db }) => {
  requireSession(app);
  for (const entry of Object.values(linkEndpoints)) {
    addEndpoint(app, entry, async (request) =>
      answerOf(await outsideLinksOf(db, request.session.schoolId, entry.module)),
    );
  }
};
