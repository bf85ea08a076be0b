import { and, asc, eq, isNull } from 'drizzle-orm';
import type { TTerm } from '@portal/contracts/families/results';
import { MessageId } from '@portal/contracts/messages';
import { ApiError } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import { terms } from '../../db/schema/index.ts';
import { schoolToday, schoolWide } from '../../access/school.ts';

// The terms a results page can show (docs/modules.md F2): those of the school's current academic
// year, in order. The page asks for one by id, or gets the current one.

export type TTermChoice = {
  /** The term shown; null when the school has no terms this year. */
  term: TTerm | null;
  terms: TTerm[];
  /** The school's today, `YYYY-MM-DD` (its time zone). */
  today: string;
};

const unknownTerm = (termId: string) =>
  new ApiError(400, MessageId.invalidRequest, `"${termId}" is not a term of this academic year`);

/**
 * The current term: the one holding today, else the latest one begun, else the first.
 * `terms` are in order of their start.
 */
export function currentTermOf(list: readonly TTerm[], today: string): TTerm | null {
  const holding = list.find((term) => term.startsOn <= today && today <= term.endsOn);
  if (holding) return holding;
  const begun = list.filter((term) => term.startsOn <= today).at(-1);
  return begun ?? list[0] ?? null;
}

/** A term as the pages show it. */
const termColumns = {
  id: terms.termId,
  title: terms.titleEn,
  titleAr: terms.titleAr,
  startsOn: terms.startsOn,
  endsOn: terms.endsOn,
};

/** One term of the school, of any year; null when none has the id. */
export async function termById(
  db: TDatabase,
  schoolId: string,
  termId: string | null,
): Promise<TTerm | null> {
  if (!termId) return null;
  const [row] = await db
    .select(termColumns)
    .from(terms)
    .where(and(eq(terms.schoolId, schoolId), eq(terms.termId, termId)))
    .limit(1);
  return row ?? null;
}

/** The school's terms of its current academic year, in order of their start. */
export async function termsOfCurrentYear(db: TDatabase, schoolId: string): Promise<TTerm[]> {
  const year = (await schoolWide(db, schoolId))?.year;
  if (!year) return [];
  const rows = await db
    .select(termColumns)
    .from(terms)
    .where(and(eq(terms.schoolId, schoolId), eq(terms.academicYear, year.year), isNull(terms.removedAt)))
    .orderBy(asc(terms.startsOn), asc(terms.endsOn), asc(terms.termId));
  return rows;
}

/**
 * The term a child's results page is about: the one asked for (400 `V001` when it is not a
 * term of the current year), else the current one; with the year's terms and the school's today.
 */
export async function chooseTerm(
  db: TDatabase,
  schoolId: string,
  termId: string | undefined,
): Promise<TTermChoice> {
  const [list, shared] = await Promise.all([termsOfCurrentYear(db, schoolId), schoolWide(db, schoolId)]);
  const today = schoolToday(shared?.timeZone);
  if (termId === undefined) return { term: currentTermOf(list, today), terms: list, today };
  const term = list.find((candidate) => candidate.id === termId);
  if (!term) throw unknownTerm(termId);
  return { term, terms: list, today };
}
