import type { FastifyInstance } from 'fastify';
import { and, asc, between, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { MessageId } from '@portal/contracts/messages';
import { scheduleEndpoints, type TAgendaItem } from '@portal/contracts/families/schedule';
import { ApiError } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import { agendaDone, agendaItems, classes, enrollments, subjects } from '../../db/schema/index.ts';
import { requireOwnChild } from '../../access/own-child.ts';
import { published } from '../../kits/publication.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';
import { classSubjectJoin, classSubjectNames } from './repository.ts';

const ok = { success: true, messageId: MessageId.ok } as const;

/** The most diary items one answer holds (a year of a busy class fits). */
export const MAX_AGENDA_ITEMS = 2_000;

const noSuchItem = () => new ApiError(404, MessageId.notFound, 'No such diary item for this child');

/** GET agenda and PUT agenda/:itemId/done (module `agenda`): a child's diary, ticked per child. */
export function agendaRoutes(app: FastifyInstance, db: TDatabase): void {
  addEndpoint(app, scheduleEndpoints.agenda, async (request) => {
    const { enrollNumber, from, to } = request.query;
    const child = await requireOwnChild(db, request.session, enrollNumber);
    const rows = await agendaRows(
      db,
      child.schoolId,
      [child.enrollNumber],
      between(agendaItems.dueOn, from, to),
    );
    return { ...ok, items: rows.map(itemOf) };
  });

  addEndpoint(app, scheduleEndpoints.agendaDone, async (request) => {
    const { enrollNumber, done } = request.body;
    const child = await requireOwnChild(db, request.session, enrollNumber);
    const { schoolId } = child;
    const itemId = request.params.itemId;
    const find = async () =>
      (await agendaRows(db, schoolId, [child.enrollNumber], eq(agendaItems.itemId, itemId)))[0];
    // An item of another class, or not published yet, does not exist for this child.
    if (!(await find())) throw noSuchItem();
    if (done) {
      await db
        .insert(agendaDone)
        .values({ schoolId, itemId, enrollNumber: child.enrollNumber })
        .onConflictDoNothing();
    } else {
      await db
        .delete(agendaDone)
        .where(
          and(
            eq(agendaDone.schoolId, schoolId),
            eq(agendaDone.itemId, itemId),
            eq(agendaDone.enrollNumber, child.enrollNumber),
          ),
        );
    }
    const item = await find();
    if (!item) throw noSuchItem();
    return { ...ok, item: itemOf(item) };
  });
}

export type TAgendaRow = Awaited<ReturnType<typeof agendaRows>>[number];

/**
 * The published diary items of these children's classes (each with the child it is for),
 * that also meet `where`, by day due. Only classes the child is enrolled in on the day due.
 */
export async function agendaRows(db: TDatabase, schoolId: string, enrollNumbers: string[], where: SQL) {
  if (enrollNumbers.length === 0) return [];
  return db
    .select({
      itemId: agendaItems.itemId,
      enrollNumber: enrollments.personId,
      dueOn: agendaItems.dueOn,
      kind: agendaItems.kind,
      ...classSubjectNames(),
      titleEn: agendaItems.titleEn,
      titleAr: agendaItems.titleAr,
      detailEn: agendaItems.detailEn,
      detailAr: agendaItems.detailAr,
      doneAt: agendaDone.doneAt,
    })
    .from(agendaItems)
    .innerJoin(
      enrollments,
      and(
        eq(enrollments.schoolId, agendaItems.schoolId),
        eq(enrollments.classId, agendaItems.classId),
        eq(enrollments.role, 'student'),
        inArray(enrollments.personId, enrollNumbers),
        or(isNull(enrollments.beginsOn), sql`${enrollments.beginsOn} <= ${agendaItems.dueOn}`),
        or(isNull(enrollments.endsOn), sql`${enrollments.endsOn} >= ${agendaItems.dueOn}`),
      ),
    )
    .innerJoin(
      classes,
      and(
        eq(classes.schoolId, agendaItems.schoolId),
        eq(classes.classId, agendaItems.classId),
        isNull(classes.removedAt),
      ),
    )
    .leftJoin(subjects, classSubjectJoin())
    .leftJoin(
      agendaDone,
      and(
        eq(agendaDone.schoolId, agendaItems.schoolId),
        eq(agendaDone.itemId, agendaItems.itemId),
        eq(agendaDone.enrollNumber, enrollments.personId),
      ),
    )
    .where(and(eq(agendaItems.schoolId, schoolId), published(agendaItems.publishedAt), where))
    .orderBy(asc(agendaItems.dueOn), asc(subjects.nameEn), asc(agendaItems.itemId))
    .limit(MAX_AGENDA_ITEMS);
}

/** A row as the parent sees it. */
export function itemOf(row: TAgendaRow): TAgendaItem {
  return {
    id: row.itemId,
    dueOn: row.dueOn,
    kind: row.kind as TAgendaItem['kind'],
    subject: row.subjectEn,
    subjectAr: row.subjectAr,
    title: row.titleEn,
    titleAr: row.titleAr,
    detail: row.detailEn,
    detailAr: row.detailAr,
    doneAt: row.doneAt?.toISOString() ?? null,
  };
}
