import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { publicationEndpoints, PUBLICATION_FILE_PATHS } from '@portal/contracts/families/publications';
import { DEFAULT_TIME_ZONE } from '@portal/contracts/constants';
import { MessageId } from '@portal/contracts/messages';
import { ApiError, moduleNotGranted, notYourChild } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import { circularRecipients, circulars, parentStudents } from '../../db/schema/index.ts';
import { requireOwnChild } from '../../access/own-child.ts';
import { schoolToday, schoolWide } from '../../access/school.ts';
import { acknowledge } from '../../kits/acknowledgements.ts';
import { among } from '../../kits/bundle-apply.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';
import { isModuleGranted } from '../../plugins/module-access.ts';
import { CIRCULAR_NOTICE_INTERVAL_MS, noticeDueCirculars } from './circular-notices.ts';
import {
  CIRCULAR_ACK_SUBJECT,
  circularCount,
  circularItems,
  circularPage,
  familyCircular,
  matchesSearch,
  publishedYear,
  readCursor,
  visibleToFamily,
  waitingForFamily,
  type TOwner,
} from './circular-views.ts';
import { fileAmong, PDF_ROUTE_OPTIONS, sendPublicationFile } from './publication-files.ts';

// The circulars of a family (docs/modules.md F4; docs/decisions/021-publications-and-inbox.md):
// the list with its acknowledgements per child (module circulars), the library of every
// circular that reached the family over the years, searched in English and Arabic (module
// circularRepository), and the files they carry. A circular not published, removed, or
// addressed to none of the parent's children does not exist for the parent (404 N404).

const ok = { success: true, messageId: MessageId.ok } as const;

const noSuchCircular = () => new ApiError(404, MessageId.notFound, 'No such circular');
const badCursor = () => new ApiError(400, MessageId.invalidRequest, 'The cursor is not one this API gave');

const ownerOf = (request: FastifyRequest): TOwner => ({
  schoolId: request.session.schoolId,
  parentId: request.session.parentId,
});

/** The school's today and time zone. */
async function schoolClock(db: TDatabase, schoolId: string) {
  const timeZone = (await schoolWide(db, schoolId))?.timeZone ?? DEFAULT_TIME_ZONE;
  return { today: schoolToday(timeZone), timeZone };
}

function cursorOf(text: string | undefined) {
  if (text === undefined) return null;
  const cursor = readCursor(text);
  if (!cursor) throw badCursor();
  return cursor;
}

/** The file route is behind either module: the list's and the library's. */
const FILE_MODULES = ['circulars', 'circularRepository'] as const;

/**
 * GET circulars, POST circulars/:id/acknowledge, GET circular-repository and
 * GET circulars/:id/files/:fileId; and the job that tells parents of circulars published for
 * a later time (circular-notices.ts).
 */
export function circularRoutes(app: FastifyInstance, db: TDatabase): void {
  addEndpoint(
    app,
    publicationEndpoints.circulars,
    async (request) => {
      const owner = ownerOf(request);
      const { enrollNumber, unacknowledged, cursor, pageSize } = request.query;
      if (enrollNumber !== undefined) await requireOwnChild(db, owner, enrollNumber);
      const after = cursorOf(cursor);
      const where = and(
        visibleToFamily(owner, enrollNumber),
        unacknowledged === '1' ? waitingForFamily(owner, enrollNumber) : undefined,
      )!;
      const { today } = await schoolClock(db, owner.schoolId);
      const page = await circularPage(db, where, pageSize, after);
      return {
        ...ok,
        items: await circularItems(db, owner, page.rows, today),
        toAcknowledge: await circularCount(db, and(visibleToFamily(owner), waitingForFamily(owner))!),
        nextCursor: page.next,
      };
    },
    { cacheAnswer: true },
  );

  addEndpoint(app, publicationEndpoints.acknowledgeCircular, async (request) => {
    const owner = ownerOf(request);
    const wanted = [...new Set(request.body.enrollNumbers)];
    // Each child must be the parent's (403 A002), then the circular one they see (404 N404),
    // then addressed to each child named (404 N404).
    const own = await db
      .select({ enrollNumber: parentStudents.enrollNumber })
      .from(parentStudents)
      .where(
        and(
          eq(parentStudents.schoolId, owner.schoolId),
          eq(parentStudents.parentId, owner.parentId),
          among(parentStudents.enrollNumber, wanted),
        ),
      );
    if (own.length !== wanted.length) throw notYourChild();
    const circular = await familyCircular(db, owner, request.params.id);
    if (!circular) throw noSuchCircular();
    const addressed = await db
      .select({ enrollNumber: circularRecipients.enrollNumber })
      .from(circularRecipients)
      .where(
        and(
          eq(circularRecipients.schoolId, owner.schoolId),
          eq(circularRecipients.circularId, circular.circularId),
          among(circularRecipients.enrollNumber, wanted),
        ),
      );
    if (addressed.length !== wanted.length)
      throw new ApiError(404, MessageId.notFound, 'This circular is not addressed to every child named');
    // A circular that asks for no acknowledgement takes none (the page offers no button).
    if (!circular.requiresAck)
      throw new ApiError(409, MessageId.requestWrongState, 'This circular asks for no acknowledgement');
    // Acknowledging after the deadline is taken: the school still learns the family read it.
    await acknowledge(
      db,
      { schoolId: owner.schoolId, subjectKind: CIRCULAR_ACK_SUBJECT, subjectId: circular.circularId },
      owner.parentId,
      wanted,
    );
    const { today } = await schoolClock(db, owner.schoolId);
    const [item] = await circularItems(db, owner, [circular], today);
    return { ...ok, item: item! };
  });

  addEndpoint(app, publicationEndpoints.circularRepository, async (request) => {
    const owner = ownerOf(request);
    const { q, year, cursor, pageSize } = request.query;
    const after = cursorOf(cursor);
    const { today, timeZone } = await schoolClock(db, owner.schoolId);
    const yearOf = publishedYear(timeZone);
    const family = visibleToFamily(owner);
    const where = and(family, matchesSearch(q), year === undefined ? undefined : sql`${yearOf} = ${year}`)!;
    const page = await circularPage(db, where, pageSize, after);
    const years = await db
      .selectDistinct({ year: yearOf })
      .from(circulars)
      .where(family)
      .orderBy(sql`1 desc`);
    return {
      ...ok,
      items: await circularItems(db, owner, page.rows, today),
      years: years.map((row) => Number(row.year)),
      nextCursor: page.next,
    };
  });

  const fileModules = async (request: FastifyRequest) => {
    for (const key of FILE_MODULES) if (await isModuleGranted(db, request.session.schoolId, key)) return;
    throw moduleNotGranted();
  };
  app.withTypeProvider<ZodTypeProvider>().get(
    PUBLICATION_FILE_PATHS.circularFile,
    {
      schema: { params: z.object({ id: z.string().min(1).max(128), fileId: z.string().min(1).max(128) }) },
      preHandler: fileModules,
      ...PDF_ROUTE_OPTIONS,
    },
    async (request, reply) => {
      const owner = ownerOf(request);
      const circular = await familyCircular(db, owner, request.params.id);
      if (!circular) throw noSuchCircular();
      return sendPublicationFile(reply, db, owner.schoolId, fileAmong(circular.files, request.params.fileId));
    },
  );

  // Circulars published for a later time are told when their time comes (circular-notices.ts).
  app.runEvery('circular-notices', CIRCULAR_NOTICE_INTERVAL_MS, async () => {
    await noticeDueCirculars(db);
  });
}
