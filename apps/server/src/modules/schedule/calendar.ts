import type { FastifyInstance } from 'fastify';
import { and, asc, between, eq, gte, lte } from 'drizzle-orm';
import { MessageId } from '@portal/contracts/messages';
import { scheduleEndpoints, type TCalendarEvent } from '@portal/contracts/families/schedule';
import type { TDatabase } from '../../db/client.ts';
import { agendaItems, schoolCalendar } from '../../db/schema/index.ts';
import { requireOwnChild, type TStudentRow } from '../../access/own-child.ts';
import { published } from '../../kits/publication.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';
import { isModuleGranted } from '../../plugins/module-access.ts';
import { agendaRows } from './agenda.ts';
import { childrenOf, forGrades } from './repository.ts';

const ok = { success: true, messageId: MessageId.ok } as const;

/** The most rows of the school calendar one answer holds. */
const MAX_SCHOOL_EVENTS = 2_000;

/**
 * GET calendar/events (module `academicCalendar`): the school calendar of the parent's
 * children's grades (or of one child) in a range, with their diary items' due dates when
 * the school grants the agenda.
 */
export function calendarRoutes(app: FastifyInstance, db: TDatabase): void {
  addEndpoint(app, scheduleEndpoints.calendarEvents, async (request) => {
    const { from, to, enrollNumber } = request.query;
    const children = enrollNumber
      ? [await requireOwnChild(db, request.session, enrollNumber)]
      : await childrenOf(db, request.session);
    const withDueDates = await isModuleGranted(db, request.session.schoolId, 'agenda');
    return {
      ...ok,
      items: await calendarEventsOf(db, request.session.schoolId, children, from, to, withDueDates),
    };
  });
}

/** The school's published calendar and (when asked) the children's due dates, from `from` to `to`. */
export async function calendarEventsOf(
  db: TDatabase,
  schoolId: string,
  children: TStudentRow[],
  from: string,
  to: string,
  withDueDates: boolean,
): Promise<TCalendarEvent[]> {
  if (children.length === 0) return [];
  const grades = [...new Set(children.map((child) => child.gradeCode))];
  const rows = await db
    .select()
    .from(schoolCalendar)
    .where(
      and(
        eq(schoolCalendar.schoolId, schoolId),
        published(schoolCalendar.publishedAt),
        lte(schoolCalendar.startsOn, to),
        gte(schoolCalendar.endsOn, from),
        forGrades(grades),
      ),
    )
    .orderBy(asc(schoolCalendar.startsOn), asc(schoolCalendar.eventId))
    .limit(MAX_SCHOOL_EVENTS);
  const events = rows.map((row): TCalendarEvent => ({
    id: `event-${row.eventId}`,
    kind: row.kind as TCalendarEvent['kind'],
    title: row.titleEn,
    titleAr: row.titleAr,
    detail: row.detailEn,
    detailAr: row.detailAr,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    enrollNumbers:
      row.audienceGrades.length === 0
        ? []
        : children
            .filter((child) => row.audienceGrades.includes(child.gradeCode))
            .map((child) => child.enrollNumber),
  }));
  const dueDates = withDueDates ? await dueDatesOf(db, schoolId, children, from, to) : [];
  return [...events, ...dueDates].sort(
    (a, b) =>
      a.startsOn.localeCompare(b.startsOn) ||
      (a.startsAt ?? '').localeCompare(b.startsAt ?? '') ||
      a.id.localeCompare(b.id),
  );
}

/** The children's diary items as all-day `due` events, one per item (naming each child it is for). */
async function dueDatesOf(
  db: TDatabase,
  schoolId: string,
  children: TStudentRow[],
  from: string,
  to: string,
): Promise<TCalendarEvent[]> {
  const rows = await agendaRows(
    db,
    schoolId,
    children.map((child) => child.enrollNumber),
    between(agendaItems.dueOn, from, to),
  );
  const byItem = new Map<string, TCalendarEvent>();
  for (const row of rows) {
    const known = byItem.get(row.itemId);
    if (known) {
      known.enrollNumbers.push(row.enrollNumber);
      continue;
    }
    byItem.set(row.itemId, {
      id: `due-${row.itemId}`,
      kind: 'due',
      title: `${row.subjectEn}: ${row.titleEn}`,
      titleAr: row.titleAr ? `${row.subjectAr || row.subjectEn}: ${row.titleAr}` : '',
      detail: row.detailEn,
      detailAr: row.detailAr,
      startsOn: row.dueOn,
      endsOn: row.dueOn,
      startsAt: null,
      endsAt: null,
      enrollNumbers: [row.enrollNumber],
    });
  }
  return [...byItem.values()];
}
