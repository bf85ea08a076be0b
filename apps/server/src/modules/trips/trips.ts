import { and, asc, eq, gte, inArray, isNull, lte } from 'drizzle-orm';
import type {
  TTrip,
  TTripChild,
  TTripConsentBody,
  TTripPaymentState,
} from '@portal/contracts/families/trips';
import { MessageId } from '@portal/contracts/messages';
import { ApiError } from '../../api-error.ts';
import { requireOwnChild } from '../../access/own-child.ts';
import { schoolToday, schoolWide } from '../../access/school.ts';
import type { TDatabase } from '../../db/client.ts';
import {
  feeItems,
  feeTypes,
  paymentAllocations,
  payments,
  schoolFeeSettings,
  tripConsents,
  trips,
} from '../../db/schema/index.ts';
import { familyAudienceChildren, reachesChild, type TAudienceChild } from '../../kits/audience.ts';
import { yearAndTerm } from '../../kits/fee-year.ts';

// A family's school trips (docs/modules.md F5, module `trips`): the published trips that reach one
// of the parent's children, from 30 days back. For each child the parent gives or refuses
// consent until the trip's deadline (then 409 `R005`); the last decision is kept. Consent to a
// trip that costs money adds a fee line for the child (fee type `trip:<id>`, due on the
// deadline), which the parent pays like any fee line (`POST /payments {kind: 'fees'}`);
// refusing takes the line back while nothing is paid or being paid, else 409 `R001`.

type TSession = { schoolId: string; parentId: string };
type TTripRow = typeof trips.$inferSelect;
type TConsentRow = typeof tripConsents.$inferSelect;

/** How long a trip stays listed after its return. */
const LISTED_AFTER_RETURN_MS = 30 * 86_400_000;

/** The fee type of a trip that costs money (docs/school-data.md, "trips.csv"). */
export const tripFeeTypeCode = (tripId: string) => `trip:${tripId}`;

const notFound = () => new ApiError(404, MessageId.notFound, 'No such trip');

async function currencyOf(db: TDatabase, schoolId: string): Promise<string> {
  const [row] = await db
    .select({ currency: schoolFeeSettings.currency })
    .from(schoolFeeSettings)
    .where(eq(schoolFeeSettings.schoolId, schoolId))
    .limit(1);
  return row?.currency ?? 'AED';
}

async function visibleTrips(db: TDatabase, schoolId: string, tripId?: string): Promise<TTripRow[]> {
  const now = Date.now();
  return db
    .select()
    .from(trips)
    .where(
      and(
        eq(trips.schoolId, schoolId),
        isNull(trips.removedAt),
        lte(trips.publishedAt, new Date(now)),
        tripId === undefined
          ? gte(trips.returnsAt, new Date(now - LISTED_AFTER_RETURN_MS))
          : eq(trips.tripId, tripId),
      ),
    )
    .orderBy(asc(trips.departsAt), asc(trips.tripId))
    .limit(200);
}

type TFeeLine = { id: string; totalMinor: number; paidMinor: number };

function paymentOf(trip: TTripRow, consent: TConsentRow | undefined, line: TFeeLine | undefined) {
  if (trip.costMinor === 0 || consent?.decision !== 'given' || !line)
    return { payment: 'none' as TTripPaymentState, outstandingMinor: 0 };
  const outstandingMinor = Math.max(0, line.totalMinor - line.paidMinor);
  const payment: TTripPaymentState =
    outstandingMinor === 0 ? 'paid' : line.paidMinor > 0 ? 'partlyPaid' : 'unpaid';
  return { payment, outstandingMinor };
}

/** The trips with each reached child's consent and payment. */
async function tripViews(
  db: TDatabase,
  session: TSession,
  rows: readonly TTripRow[],
  children: readonly TAudienceChild[],
): Promise<TTrip[]> {
  const today = schoolToday((await schoolWide(db, session.schoolId))?.timeZone);
  const reached = rows
    .map((trip) => ({ trip, children: children.filter((child) => reachesChild(trip.audience, child)) }))
    .filter((entry) => entry.children.length > 0);
  if (reached.length === 0) return [];
  const consents = await db
    .select()
    .from(tripConsents)
    .where(
      and(
        eq(tripConsents.schoolId, session.schoolId),
        inArray(
          tripConsents.tripId,
          reached.map((entry) => entry.trip.tripId),
        ),
        inArray(
          tripConsents.enrollNumber,
          children.map((child) => child.enrollNumber),
        ),
      ),
    );
  const lineIds = consents.flatMap((row) => (row.feeItemId ? [row.feeItemId] : []));
  const lines =
    lineIds.length === 0
      ? []
      : await db
          .select({ id: feeItems.id, totalMinor: feeItems.totalMinor, paidMinor: feeItems.paidMinor })
          .from(feeItems)
          .where(and(eq(feeItems.schoolId, session.schoolId), inArray(feeItems.id, lineIds)));
  const lineOf = new Map(lines.map((line) => [line.id, line]));
  const consentOf = new Map(consents.map((row) => [`${row.tripId}\n${row.enrollNumber}`, row]));
  const currency = await currencyOf(db, session.schoolId);
  return reached.map(({ trip, children: tripChildren }) => ({
    id: trip.tripId,
    title: trip.titleEn,
    titleAr: trip.titleAr,
    description: trip.descriptionEn,
    descriptionAr: trip.descriptionAr,
    place: trip.placeEn,
    placeAr: trip.placeAr,
    departsAt: trip.departsAt.toISOString(),
    returnsAt: trip.returnsAt.toISOString(),
    costMinor: trip.costMinor,
    currency,
    consentBy: trip.consentBy,
    deadlinePassed: trip.consentBy < today,
    children: tripChildren.map((child): TTripChild => {
      const consent = consentOf.get(`${trip.tripId}\n${child.enrollNumber}`);
      const line = consent?.feeItemId ? lineOf.get(consent.feeItemId) : undefined;
      return {
        enrollNumber: child.enrollNumber,
        childName: child.childName,
        consent: consent ? (consent.decision === 'given' ? 'given' : 'refused') : 'awaiting',
        decidedAt: consent?.decidedAt.toISOString() ?? null,
        note: consent?.note ?? '',
        feeItemId: consent?.decision === 'given' ? (consent.feeItemId ?? null) : null,
        ...paymentOf(trip, consent, line),
      };
    }),
  }));
}

/** The family's trips (or one child's): those to come, the nearest first, and those of the last 30 days. */
export async function listTrips(db: TDatabase, session: TSession, enrollNumber?: string): Promise<TTrip[]> {
  if (enrollNumber !== undefined) await requireOwnChild(db, session, enrollNumber);
  const [rows, children] = await Promise.all([
    visibleTrips(db, session.schoolId),
    familyAudienceChildren(db, session),
  ]);
  const chosen =
    enrollNumber === undefined ? children : children.filter((child) => child.enrollNumber === enrollNumber);
  return tripViews(db, session, rows, chosen);
}

/**
 * Records a parent's decision for their child: 403 `A002` for another's child, 404 `N404` for a
 * trip the child is not on, 409 `R005` past the deadline, 409 `R001` refusing once the fee line
 * is paid (or a payment of it is under way). Answers the trip and the fee line to pay.
 */
export async function decideConsent(
  db: TDatabase,
  session: TSession,
  tripId: string,
  body: TTripConsentBody,
): Promise<{ trip: TTrip; feeItemId: string | null }> {
  const child = await requireOwnChild(db, session, body.enrollNumber);
  const [trip] = await visibleTrips(db, session.schoolId, tripId);
  const audienceChild: TAudienceChild = {
    enrollNumber: child.enrollNumber,
    childName: child.fullName,
    gradeCode: child.gradeCode,
    sectionCode: child.sectionCode,
  };
  if (!trip || !reachesChild(trip.audience, audienceChild)) throw notFound();
  const today = schoolToday((await schoolWide(db, session.schoolId))?.timeZone);
  if (trip.consentBy < today)
    throw new ApiError(409, MessageId.deadlinePassed, 'The consent deadline has passed');
  const note = body.note ?? '';
  const key = { schoolId: session.schoolId, tripId: trip.tripId, enrollNumber: child.enrollNumber };
  const feeItemId = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as TDatabase;
    const [current] = await tx
      .select()
      .from(tripConsents)
      .where(
        and(
          eq(tripConsents.schoolId, key.schoolId),
          eq(tripConsents.tripId, key.tripId),
          eq(tripConsents.enrollNumber, key.enrollNumber),
        ),
      )
      .for('update');
    let lineId: string | null = current?.decision === 'given' ? (current.feeItemId ?? null) : null;
    if (body.decision === 'give') {
      if (current?.decision === 'given') return lineId;
      if (trip.costMinor > 0) lineId = await addTripFeeLine(tx, trip, child.enrollNumber);
    } else if (lineId) {
      await takeBackFeeLine(tx, session.schoolId, lineId);
      lineId = null;
    }
    const decision = body.decision === 'give' ? 'given' : 'refused';
    await tx
      .insert(tripConsents)
      .values({ ...key, decision, parentId: session.parentId, note, feeItemId: lineId })
      .onConflictDoUpdate({
        target: [tripConsents.schoolId, tripConsents.tripId, tripConsents.enrollNumber],
        set: { decision, parentId: session.parentId, note, feeItemId: lineId, decidedAt: new Date() },
      });
    return lineId;
  });
  const children = await familyAudienceChildren(db, session);
  const [view] = await tripViews(db, session, [trip], children);
  if (!view) throw notFound();
  return { trip: view, feeItemId };
}

/** Adds the child's fee line for a trip (its fee type made if the import has not). */
async function addTripFeeLine(tx: TDatabase, trip: TTripRow, enrollNumber: string): Promise<string> {
  const code = tripFeeTypeCode(trip.tripId);
  await tx
    .insert(feeTypes)
    .values({
      schoolId: trip.schoolId,
      code,
      nameEn: trip.titleEn,
      nameAr: trip.titleAr || trip.titleEn,
      vatRateBp: 0,
    })
    .onConflictDoNothing();
  const { year, term } = await yearAndTerm(tx, trip.schoolId, trip.departsAt.toISOString().slice(0, 10));
  const [line] = await tx
    .insert(feeItems)
    .values({
      schoolId: trip.schoolId,
      enrollNumber,
      academicYear: year,
      term,
      feeTypeCode: code,
      amountMinor: trip.costMinor,
      vatRateBp: 0,
      vatMinor: 0,
      totalMinor: trip.costMinor,
      dueOn: trip.consentBy,
    })
    .returning({ id: feeItems.id });
  if (!line) throw new Error('The fee line was not stored');
  return line.id;
}

/**
 * Takes back a trip's fee line: 409 `R001` once anything of it is paid, invoiced, or a payment
 * of it is under way or done. A line only named by payments that failed stays (their record
 * keeps it), written off to nothing owed; any other is deleted.
 */
async function takeBackFeeLine(tx: TDatabase, schoolId: string, lineId: string): Promise<void> {
  const [line] = await tx
    .select({
      paidMinor: feeItems.paidMinor,
      invoiceId: feeItems.invoiceId,
      amountMinor: feeItems.amountMinor,
    })
    .from(feeItems)
    .where(and(eq(feeItems.schoolId, schoolId), eq(feeItems.id, lineId)))
    .for('update');
  if (!line) return;
  const named = await tx
    .select({ status: payments.status })
    .from(paymentAllocations)
    .innerJoin(payments, eq(payments.id, paymentAllocations.paymentId))
    .where(eq(paymentAllocations.feeItemId, lineId));
  const live = named.some((payment) => payment.status === 'pending' || payment.status === 'succeeded');
  if (line.paidMinor > 0 || line.invoiceId || live)
    throw new ApiError(
      409,
      MessageId.requestWrongState,
      'The trip is paid for: consent cannot be refused now',
    );
  const where = and(eq(feeItems.schoolId, schoolId), eq(feeItems.id, lineId));
  if (named.length > 0)
    await tx
      .update(feeItems)
      .set({ discountMinor: line.amountMinor, vatMinor: 0, totalMinor: 0 })
      .where(where);
  else await tx.delete(feeItems).where(where);
}
