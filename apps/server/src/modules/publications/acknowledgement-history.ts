import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { MessageId } from '@portal/contracts/messages';
import { PUBLICATION_FILE_PATHS, ZHistoryPdfQuery } from '@portal/contracts/families/publications';
import { ApiError } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import { parents } from '../../db/schema/index.ts';
import { schoolToday } from '../../access/school.ts';
import { loadDocumentBrand } from '../../kits/documents/brand.ts';
import { documentDigest, documentKey } from '../../kits/documents/document-cache.ts';
import { isModuleGranted } from '../../plugins/module-access.ts';
import {
  ACK_HISTORY_RENDER_KIND,
  type TAcknowledgementHistoryData,
  type THistoryRow,
} from './acknowledgement-history-render.ts';
import { HISTORY_SOURCES, type THistoryFamily } from './acknowledgement-history-sources.ts';
import { familyChildren, type TSession } from './policy-repository.ts';
import { attachmentDisposition, PDF_ROUTE_OPTIONS } from './publication-files.ts';

// GET acknowledgements/history.pdf?lng=en|ar (module `circulars`; docs/modules.md section 5): every
// acknowledgement and consent the family's children have, from either parent, newest first,
// drawn on a render thread (acknowledgement-history-render.ts) from the sources of the modules
// the school grants (acknowledgement-history-sources.ts).

/** Everything the family's history prints, as plain data for a render thread; null: no such parent. */
export async function acknowledgementHistoryData(
  db: TDatabase,
  session: TSession,
): Promise<TAcknowledgementHistoryData | null> {
  const [school, [parent], children] = await Promise.all([
    loadDocumentBrand(db, session.schoolId),
    db
      .select({ en: parents.nameEn, ar: parents.nameAr })
      .from(parents)
      .where(and(eq(parents.schoolId, session.schoolId), eq(parents.parentId, session.parentId))),
    familyChildren(db, session),
  ]);
  if (!school || !parent) return null;
  const family: THistoryFamily = { ...session, children };
  const names = new Map(children.map((child) => [child.enrollNumber, child.childName]));
  const rows: (THistoryRow & { sortAt: number })[] = [];
  if (children.length > 0) {
    for (const source of HISTORY_SOURCES) {
      if (!(await isModuleGranted(db, session.schoolId, source.module))) continue;
      for (const row of await source.rows(db, family))
        rows.push({
          at: row.at.toISOString(),
          sortAt: row.at.getTime(),
          kind: row.kind,
          title: row.title,
          version: row.version,
          childName: names.get(row.enrollNumber) ?? row.enrollNumber,
          byYou: row.parentId === session.parentId,
        });
    }
  }
  rows.sort((a, b) => b.sortAt - a.sortAt || a.childName.localeCompare(b.childName));
  return {
    school,
    parent,
    children: children.map((child) => child.childName),
    drawnOn: schoolToday(school.timeZone),
    rows: rows.map(({ sortAt: _sortAt, ...row }) => row),
  };
}

/**
 * One parent may ask for as many documents a minute as the fee documents allow (429 `L006`
 * past it); the history is drawn (429 `S429` when the render queue is full) unless the same
 * history, in the same language and drawn from the same rows on the same day, is still in the
 * documents' cache.
 */
export function acknowledgementHistoryRoutes(app: FastifyInstance, db: TDatabase): void {
  const perParent = app.limit({
    max: app.documentRenderer.perParentPerMinute,
    windowMs: 60_000,
    key: (request) => `acknowledgement-history:${request.session.schoolId}:${request.session.parentId}`,
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    PUBLICATION_FILE_PATHS.acknowledgementHistory,
    {
      config: { module: 'circulars' },
      schema: { querystring: ZHistoryPdfQuery },
      preHandler: perParent,
      ...PDF_ROUTE_OPTIONS,
    },
    async (request, reply) => {
      const lng = request.query.lng ?? 'en';
      const { session } = request;
      const data = await acknowledgementHistoryData(db, session);
      if (!data) throw new ApiError(404, MessageId.notFound, 'No such parent');
      const key = documentKey(
        ACK_HISTORY_RENDER_KIND,
        `${session.schoolId}:${session.parentId}`,
        lng,
        documentDigest(data),
      );
      const pdf = await app.documentRenderer.renderCached(key, { kind: ACK_HISTORY_RENDER_KIND, data, lng });
      return reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          attachmentDisposition(`acknowledgement-history-${data.drawnOn}-${lng}.pdf`),
        )
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
}
