import { and, asc, eq, gte, isNotNull, isNull, lte } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { circularRecipients, circulars, parentStudents } from '../../db/schema/index.ts';
import { among } from '../../kits/bundle-apply.ts';
import { childFirstNames, noticeDay, notify, type TNotice } from '../../kits/notify.ts';
import type { TNewRecipient } from './circular-audience.ts';

// `announcements.circular` (docs/notifications.md): when a circular becomes visible (its
// publication time has come and it is not removed), each parent of a child it is addressed to
// is told once, naming their children among its recipients: one notice per parent and circular
// (a parent of three children in a whole-school circular gets one notice naming the three).
// A circular published now is told in the transaction that writes it; one published for a
// later time by the job, within a minute of its time. One first seen more than
// CIRCULAR_NOTICE_DAYS after its publication (last term's letters, imported late) is marked
// told without a notice. A child who joins the audience of a circular already told (a re-import)
// is told too, unless their parent knows the circular already.

export const CIRCULAR_NOTICE_DAYS = 14;
/** How often the job looks for circulars whose publication time has come. */
export const CIRCULAR_NOTICE_INTERVAL_MS = 60_000;
/** Schools served in one run at most; the rest wait for the next run. */
const SCHOOLS_PER_RUN = 200;

const DAY_MS = 86_400_000;

/** The dedupe key of a circular's notice: one per parent and circular. */
export const circularNoticeKey = (circularId: string) => `announcements.circular:${circularId}`;

type TToldCircular = {
  circularId: string;
  titleEn: string;
  titleAr: string;
  requiresAck: boolean;
  ackBy: string | null;
  publishedAt: Date | null;
};

const TOLD_COLUMNS = {
  circularId: circulars.circularId,
  titleEn: circulars.titleEn,
  titleAr: circulars.titleAr,
  requiresAck: circulars.requiresAck,
  ackBy: circulars.ackBy,
  publishedAt: circulars.publishedAt,
};

const LISTS = {
  en: new Intl.ListFormat('en-GB', { type: 'conjunction' }),
  ar: new Intl.ListFormat('ar', { type: 'conjunction' }),
};

/** The notice of a circular to the parents of these children (their first names). */
export function circularNotice(
  schoolId: string,
  circular: TToldCircular,
  children: readonly { enrollNumber: string; name: string }[],
): TNotice {
  const names = {
    en: LISTS.en.format(children.map((child) => child.name)),
    ar: LISTS.ar.format(children.map((child) => child.name)),
  };
  const title = { en: circular.titleEn, ar: circular.titleAr || circular.titleEn };
  const ask =
    circular.requiresAck && circular.ackBy
      ? {
          en: ` Please read it and acknowledge it by ${noticeDay('en', circular.ackBy)}.`,
          ar: ` يُرجى قراءته وتأكيد الاطلاع عليه في موعد أقصاه ${noticeDay('ar', circular.ackBy)}.`,
        }
      : circular.requiresAck
        ? { en: ' Please read it and acknowledge it.', ar: ' يُرجى قراءته وتأكيد الاطلاع عليه.' }
        : { en: ' Read it in the portal.', ar: ' اقرأه في البوابة.' };
  const [only] = children.length === 1 ? children : [];
  return {
    schoolId,
    // A circular for several of the parent's children is the family's: it names them all.
    enrollNumber: only?.enrollNumber ?? null,
    category: 'announcements',
    kind: 'announcements.circular',
    dedupeKey: circularNoticeKey(circular.circularId),
    title: { en: `Circular for ${names.en}: ${title.en}`, ar: `تعميم بشأن ${names.ar}: ${title.ar}` },
    body: {
      en: `The school sent a circular about ${names.en}: "${title.en}".${ask.en}`,
      ar: `أرسلت المدرسة تعميمًا بشأن ${names.ar}: «${title.ar}».${ask.ar}`,
    },
    path: only ? `/circular?enrollNumber=${encodeURIComponent(only.enrollNumber)}` : '/circular',
    ...(circular.publishedAt ? { at: circular.publishedAt } : {}),
  };
}

/**
 * Tells the parents of the circulars' recipients (of `only` these, when given), one notice per
 * parent and circular. Answers how many notices were written (parents told before: none).
 */
async function tellCirculars(
  tx: TDatabase,
  schoolId: string,
  told: readonly TToldCircular[],
  only?: readonly TNewRecipient[],
): Promise<number> {
  if (told.length === 0) return 0;
  const wanted = only ? new Set(only.map((pair) => `${pair.circularId}\n${pair.enrollNumber}`)) : null;
  const links = (
    await tx
      .select({
        circularId: circularRecipients.circularId,
        enrollNumber: circularRecipients.enrollNumber,
        parentId: parentStudents.parentId,
      })
      .from(circularRecipients)
      .innerJoin(
        parentStudents,
        and(
          eq(parentStudents.schoolId, circularRecipients.schoolId),
          eq(parentStudents.enrollNumber, circularRecipients.enrollNumber),
        ),
      )
      .where(
        and(
          eq(circularRecipients.schoolId, schoolId),
          among(
            circularRecipients.circularId,
            told.map((circular) => circular.circularId),
          ),
          only
            ? among(
                circularRecipients.enrollNumber,
                only.map((pair) => pair.enrollNumber),
              )
            : undefined,
        ),
      )
      .orderBy(
        asc(parentStudents.parentId),
        asc(parentStudents.position),
        asc(circularRecipients.enrollNumber),
      )
  ).filter((link) => !wanted || wanted.has(`${link.circularId}\n${link.enrollNumber}`));
  if (links.length === 0) return 0;
  const names = await childFirstNames(tx, schoolId, [...new Set(links.map((link) => link.enrollNumber))]);
  const child = (enrollNumber: string) => ({ enrollNumber, name: names.get(enrollNumber) ?? enrollNumber });
  let written = 0;
  for (const circular of told) {
    const byParent = new Map<string, string[]>();
    for (const link of links) {
      if (link.circularId !== circular.circularId) continue;
      byParent.set(link.parentId, [...(byParent.get(link.parentId) ?? []), link.enrollNumber]);
    }
    // Parents of several of its children first, each with one notice naming them all (parents
    // with the same children share it); then one notice per child for every other parent: the
    // dedupe key keeps the family's notice for those told already.
    const families = new Map<string, { children: string[]; parents: string[] }>();
    for (const [parentId, children] of byParent) {
      if (children.length < 2) continue;
      const key = children.join('\n');
      const family = families.get(key) ?? { children, parents: [] };
      family.parents.push(parentId);
      families.set(key, family);
    }
    for (const family of families.values())
      written += await notify(
        tx,
        circularNotice(schoolId, circular, family.children.map(child)),
        family.parents,
      );
    const singles = [...new Set([...byParent.values()].filter((children) => children.length === 1).flat())];
    if (singles.length > 0)
      written += await notify(
        tx,
        singles.map((enrollNumber) => circularNotice(schoolId, circular, [child(enrollNumber)])),
      );
  }
  return written;
}

/**
 * Marks told every circular of the school that parents see now and were not told of, and tells
 * the parents of those published in the last CIRCULAR_NOTICE_DAYS days. Call it in the
 * transaction that writes the circulars (or the job's). Answers how many notices were written.
 */
export async function noticeNewCirculars(
  tx: TDatabase,
  schoolId: string,
  now: Date = new Date(),
): Promise<number> {
  const shown = await tx
    .update(circulars)
    .set({ notifiedAt: now })
    .where(
      and(
        eq(circulars.schoolId, schoolId),
        isNull(circulars.notifiedAt),
        isNull(circulars.removedAt),
        isNotNull(circulars.publishedAt),
        lte(circulars.publishedAt, now),
      ),
    )
    .returning(TOLD_COLUMNS);
  const oldest = now.getTime() - CIRCULAR_NOTICE_DAYS * DAY_MS;
  const recent = shown.filter((circular) => (circular.publishedAt?.getTime() ?? 0) >= oldest);
  return tellCirculars(tx, schoolId, recent);
}

/**
 * Tells the children newly addressed by circulars already told (a re-import that widened their
 * audience), for those of the last CIRCULAR_NOTICE_DAYS days.
 */
export async function noticeNewRecipients(
  tx: TDatabase,
  schoolId: string,
  added: readonly TNewRecipient[],
  now: Date = new Date(),
): Promise<number> {
  if (added.length === 0) return 0;
  const told = await tx
    .select(TOLD_COLUMNS)
    .from(circulars)
    .where(
      and(
        eq(circulars.schoolId, schoolId),
        among(circulars.circularId, [...new Set(added.map((pair) => pair.circularId))]),
        isNotNull(circulars.notifiedAt),
        isNull(circulars.removedAt),
        lte(circulars.publishedAt, now),
        gte(circulars.publishedAt, new Date(now.getTime() - CIRCULAR_NOTICE_DAYS * DAY_MS)),
      ),
    );
  // Dated now: the child is addressed now, not when the circular first went out.
  return tellCirculars(
    tx,
    schoolId,
    told.map((circular) => ({ ...circular, publishedAt: now })),
    added,
  );
}

/**
 * Tells, school by school, the circulars whose publication time has come since they were
 * written (a circular published for a later time). Answers how many notices were written.
 */
export async function noticeDueCirculars(db: TDatabase, now: Date = new Date()): Promise<number> {
  const due = await db
    .selectDistinct({ schoolId: circulars.schoolId })
    .from(circulars)
    .where(
      and(
        isNull(circulars.notifiedAt),
        isNull(circulars.removedAt),
        isNotNull(circulars.publishedAt),
        lte(circulars.publishedAt, now),
      ),
    )
    .limit(SCHOOLS_PER_RUN);
  let written = 0;
  for (const { schoolId } of due) {
    written += await db.transaction((tx) => noticeNewCirculars(tx as unknown as TDatabase, schoolId, now));
  }
  return written;
}
