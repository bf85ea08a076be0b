import { and, desc, eq } from 'drizzle-orm';
import type { TPaymentLink } from '@portal/contracts/fees';
import { ownChildJoin } from '../../access/own-child.ts';
import type { TDatabase } from '../../db/client.ts';
import { parentStudents, paymentLinks, students } from '../../db/schema/index.ts';

/** A link's state on a day: paid once a payment settled it, else expired after its last day. */
export function linkStatus(link: { paymentId: string | null; expiresOn: string }, today: string) {
  if (link.paymentId) return 'paid' as const;
  return link.expiresOn < today ? ('expired' as const) : ('open' as const);
}

function linksQuery(db: TDatabase, schoolId: string, parentId: string) {
  return db
    .select({ link: paymentLinks, studentName: students.fullName })
    .from(paymentLinks)
    .innerJoin(parentStudents, ownChildJoin(paymentLinks, parentId))
    .innerJoin(
      students,
      and(eq(students.schoolId, paymentLinks.schoolId), eq(students.enrollNumber, paymentLinks.enrollNumber)),
    )
    .$dynamic()
    .where(eq(paymentLinks.schoolId, schoolId));
}

type TLinkRow = { link: typeof paymentLinks.$inferSelect; studentName: string };

function toLink({ link, studentName }: TLinkRow, currency: string, today: string): TPaymentLink {
  return {
    id: link.id,
    enrollNumber: link.enrollNumber,
    studentName,
    descriptionEn: link.descriptionEn,
    descriptionAr: link.descriptionAr,
    amountMinor: link.amountMinor,
    currency,
    expiresOn: link.expiresOn,
    status: linkStatus(link, today),
    paymentId: link.paymentId,
  };
}

/** The payment links of the parent's own children, newest first. */
export async function listParentLinks(
  db: TDatabase,
  schoolId: string,
  parentId: string,
  currency: string,
  today: string,
): Promise<TPaymentLink[]> {
  const rows = await linksQuery(db, schoolId, parentId).orderBy(
    desc(paymentLinks.createdAt),
    desc(paymentLinks.id),
  );
  return rows.map((row) => toLink(row, currency, today));
}

/**
 * What a link id is to the parent: one of their own children's (`own`), someone else's
 * (another family's or another school's: `not-yours`), or no link at all (`none`).
 */
export async function findParentLink(
  db: TDatabase,
  schoolId: string,
  parentId: string,
  linkId: string,
  currency: string,
  today: string,
): Promise<{ found: 'own'; link: TPaymentLink } | { found: 'not-yours' } | { found: 'none' }> {
  const [row] = await linksQuery(db, schoolId, parentId)
    .where(and(eq(paymentLinks.schoolId, schoolId), eq(paymentLinks.id, linkId)))
    .limit(1);
  if (row) return { found: 'own', link: toLink(row, currency, today) };
  const [other] = await db
    .select({ id: paymentLinks.id })
    .from(paymentLinks)
    .where(eq(paymentLinks.id, linkId))
    .limit(1);
  return other ? { found: 'not-yours' } : { found: 'none' };
}
