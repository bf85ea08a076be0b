import { and, asc, desc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { TCircular } from '@portal/contracts/families/publications';
import type { TDatabase } from '../../db/client.ts';
import {
  acknowledgements,
  circularRecipients,
  circulars,
  parentStudents,
  students,
} from '../../db/schema/index.ts';
import { ownChildJoin } from '../../access/own-child.ts';
import { among } from '../../kits/bundle-apply.ts';
import { published } from '../../kits/publication.ts';

// What a parent reads of the circulars (docs/modules.md F4; docs/decisions/021-publications-and-inbox.md):
// a circular exists for a parent when it is published, not removed, and addressed to one of
// their children (circular_recipients, through the parent's own children). Each names exactly
// the parent's children it was addressed to, with each child's first acknowledgement, which
// may be the other parent's.

/** The subject kind of a circular's acknowledgements (kits/acknowledgements.ts). */
export const CIRCULAR_ACK_SUBJECT = 'circular';

export type TOwner = { schoolId: string; parentId: string };
export type TCircularRow = typeof circulars.$inferSelect;

/** A circular's row, with its publication time to the microsecond (for a page's cursor). */
type TListedRow = { circular: TCircularRow; publishedAtText: string };

/** `exists` a recipient of the circular among the parent's children (this child when given). */
function toFamily(owner: TOwner, enrollNumber: string | undefined, extra: SQL = sql``): SQL {
  return sql`exists (select 1 from ${circularRecipients} r
    join ${parentStudents} ps on ps.school_id = r.school_id and ps.enroll_number = r.enroll_number
      and ps.parent_id = ${owner.parentId}
    where r.school_id = ${circulars.schoolId} and r.circular_id = ${circulars.circularId}
      ${enrollNumber === undefined ? sql`` : sql`and r.enroll_number = ${enrollNumber}`} ${extra})`;
}

/** The condition: r's child has not acknowledged the circular. */
const NOT_ACKNOWLEDGED = sql`and not exists (select 1 from ${acknowledgements} a
  where a.school_id = r.school_id and a.subject_kind = ${CIRCULAR_ACK_SUBJECT}
    and a.subject_id = r.circular_id and a.enroll_number = r.enroll_number)`;

/** The circulars the parent sees (addressed to this child of theirs, when given). */
export function visibleToFamily(owner: TOwner, enrollNumber?: string): SQL {
  return and(
    eq(circulars.schoolId, owner.schoolId),
    published(circulars.publishedAt),
    isNull(circulars.removedAt),
    toFamily(owner, enrollNumber),
  ) as SQL;
}

/** Those waiting for an acknowledgement of one of the parent's children (of this child). */
export function waitingForFamily(owner: TOwner, enrollNumber?: string): SQL {
  return and(eq(circulars.requiresAck, true), toFamily(owner, enrollNumber, NOT_ACKNOWLEDGED)) as SQL;
}

// ---------------------------------------------------------------- searching

/** Arabic letters written in several forms, searched as one (hamza on alef, alef maqsura, ta marbuta). */
const FOLDED: Record<string, string> = { أ: 'ا', إ: 'ا', آ: 'ا', ٱ: 'ا', ى: 'ي', ة: 'ه' };
/** Marks left out of a search: the short vowels and other tashkeel, the dagger alef, tatweel. */
const DROPPED = [...'\u064B\u064C\u064D\u064E\u064F\u0650\u0651\u0652\u0670\u0640'];
const TRANSLATE_FROM = Object.keys(FOLDED).join('') + DROPPED.join('');
const TRANSLATE_TO = Object.values(FOLDED).join('');

/** Text as searched: lower case, Arabic letter forms folded, tashkeel and tatweel left out. */
export function searchForm(text: string): string {
  let folded = '';
  for (const char of text.toLowerCase()) {
    if (DROPPED.includes(char)) continue;
    folded += FOLDED[char] ?? char;
  }
  return folded;
}

const searchFormSql = (column: PgColumn) =>
  sql`lower(translate(${column}, ${TRANSLATE_FROM}, ${TRANSLATE_TO}))`;

/** The most words a search is split into; each must be found (in a title or a body, either language). */
const MAX_SEARCH_WORDS = 8;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The condition that the circular holds every word of `q`; undefined for an empty search. */
export function matchesSearch(q: string | undefined): SQL | undefined {
  const words = [
    ...new Set(
      searchForm(q ?? '')
        .split(/\s+/)
        .filter((word) => word !== ''),
    ),
  ].slice(0, MAX_SEARCH_WORDS);
  if (words.length === 0) return undefined;
  const fields = [circulars.titleEn, circulars.titleAr, circulars.bodyEn, circulars.bodyAr];
  return and(
    ...words.map((word) => {
      const pattern = `%${escapeLike(word)}%`;
      return or(...fields.map((field) => sql`${searchFormSql(field)} like ${pattern} escape '\\'`));
    }),
  ) as SQL;
}

/** The year of a circular's publication in the school's time zone. */
export const publishedYear = (timeZone: string) =>
  sql<number>`extract(year from ${circulars.publishedAt} at time zone ${timeZone})::int`;

// ---------------------------------------------------------------- pages

/** Where a page ends: the last circular's publication time (to the microsecond) and id. */
type TCursor = { at: string; id: string };

const CURSOR_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export const cursorText = (cursor: TCursor) =>
  Buffer.from(`${cursor.at}|${cursor.id}`, 'utf8').toString('base64url');

/** The cursor a page's `nextCursor` names, or null when it is not one. */
export function readCursor(text: string): TCursor | null {
  const [at = '', ...rest] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  const id = rest.join('|');
  return CURSOR_AT.test(at) && id !== '' ? { at, id } : null;
}

const publishedAtText = sql<string>`to_char(${circulars.publishedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** A page of the circulars meeting `where`, newest first, and the cursor of the next (null: none). */
export async function circularPage(
  db: TDatabase,
  where: SQL,
  pageSize: number,
  after: TCursor | null,
): Promise<{ rows: TCircularRow[]; next: string | null }> {
  const rows: TListedRow[] = await db
    .select({ circular: circulars, publishedAtText })
    .from(circulars)
    .where(
      and(
        where,
        after
          ? or(
              lt(circulars.publishedAt, sql`${after.at}::timestamptz`),
              and(
                eq(circulars.publishedAt, sql`${after.at}::timestamptz`),
                lt(circulars.circularId, after.id),
              ),
            )
          : undefined,
      ),
    )
    .orderBy(desc(circulars.publishedAt), desc(circulars.circularId))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  return {
    rows: page.map((row) => row.circular),
    next:
      rows.length > pageSize && last
        ? cursorText({ at: last.publishedAtText, id: last.circular.circularId })
        : null,
  };
}

/** How many circulars meet `where`. */
export async function circularCount(db: TDatabase, where: SQL): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(circulars)
    .where(where);
  return row?.count ?? 0;
}

// ---------------------------------------------------------------- items

/** The path that downloads a circular's file (under /api/v1/ppn). */
export const circularFilePath = (circularId: string, fileId: string) =>
  `/circulars/${encodeURIComponent(circularId)}/files/${encodeURIComponent(fileId)}`;

/**
 * The circulars as the parent reads them: each with the parent's children it is addressed to
 * (in the family's order) and their first acknowledgements, and whether it is overdue on the
 * school's `today`.
 */
export async function circularItems(
  db: TDatabase,
  owner: TOwner,
  rows: readonly TCircularRow[],
  today: string,
): Promise<TCircular[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.circularId);
  const children = await db
    .select({
      circularId: circularRecipients.circularId,
      enrollNumber: circularRecipients.enrollNumber,
      childName: students.fullName,
    })
    .from(circularRecipients)
    .innerJoin(parentStudents, ownChildJoin(circularRecipients, owner.parentId))
    .innerJoin(
      students,
      and(
        eq(students.schoolId, circularRecipients.schoolId),
        eq(students.enrollNumber, circularRecipients.enrollNumber),
      ),
    )
    .where(and(eq(circularRecipients.schoolId, owner.schoolId), among(circularRecipients.circularId, ids)))
    .orderBy(asc(parentStudents.position), asc(circularRecipients.enrollNumber));
  const acks =
    children.length === 0
      ? []
      : await db
          .select({
            circularId: acknowledgements.subjectId,
            enrollNumber: acknowledgements.enrollNumber,
            parentId: acknowledgements.parentId,
            at: acknowledgements.at,
          })
          .from(acknowledgements)
          .where(
            and(
              eq(acknowledgements.schoolId, owner.schoolId),
              eq(acknowledgements.subjectKind, CIRCULAR_ACK_SUBJECT),
              among(acknowledgements.subjectId, ids),
              among(acknowledgements.enrollNumber, [...new Set(children.map((child) => child.enrollNumber))]),
            ),
          );
  const ackOf = new Map(acks.map((ack) => [`${ack.circularId}\n${ack.enrollNumber}`, ack]));
  return rows.map((row) => {
    const addressed = children
      .filter((child) => child.circularId === row.circularId)
      .map((child) => {
        const ack = ackOf.get(`${row.circularId}\n${child.enrollNumber}`);
        return {
          enrollNumber: child.enrollNumber,
          childName: child.childName,
          acknowledgedAt: ack?.at.toISOString() ?? null,
          acknowledgedBy: ack
            ? ack.parentId === owner.parentId
              ? ('you' as const)
              : ('otherParent' as const)
            : null,
        };
      });
    const waiting = row.requiresAck && addressed.some((child) => child.acknowledgedAt === null);
    return {
      id: row.circularId,
      title: row.titleEn,
      titleAr: row.titleAr,
      body: row.bodyEn,
      bodyAr: row.bodyAr,
      publishedAt: (row.publishedAt ?? new Date(0)).toISOString(),
      requiresAck: row.requiresAck,
      ackBy: row.ackBy,
      overdue: waiting && row.ackBy !== null && row.ackBy < today,
      children: addressed,
      files: row.files.map((file) => ({
        id: file.fileId,
        fileName: file.fileName,
        sizeBytes: file.sizeBytes,
        path: circularFilePath(row.circularId, file.fileId),
      })),
    };
  });
}

/** The circular with this id if the parent sees it (addressed to one of their children), else null. */
export async function familyCircular(
  db: TDatabase,
  owner: TOwner,
  circularId: string,
): Promise<TCircularRow | null> {
  const [row] = await db
    .select()
    .from(circulars)
    .where(and(visibleToFamily(owner), eq(circulars.circularId, circularId)));
  return row ?? null;
}
