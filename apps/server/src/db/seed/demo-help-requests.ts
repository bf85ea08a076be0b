import { and, asc, eq, sql } from 'drizzle-orm';
import type { TDatabase } from '../client.ts';
import { requestEvents, requests, staff } from '../schema/index.ts';
import { createRequest, moveRequest, type TActor } from '../../kits/request-workflow.ts';
import {
  addPhotocopyFeeLine,
  addRequestNote,
  createPhotocopy,
  createTicket,
  HELPDESK_KIND,
} from '../../modules/requests/help-requests.ts';
import type { TDemoSchool } from './demo-schools.ts';

// The demo family's help desk tickets and photocopy requests (docs/modules.md section 6: requests
// in every status), made the way a parent and the school make them, through the kits: a ticket
// the school resolved with its answer, an open one with the parent's added note, a photocopy
// the school approved (its fee line waits on the fee page) and one still submitted.

const PARENT = 'MG-P001';
const DAY_MS = 86_400_000;
const STEP_SECONDS = 5 * 3_600;

/**
 * Every other family of every school has one old ticket about its children, cancelled: a ticket
 * of each family to read, even where the school does not offer the help desk, so the tests prove
 * the gates rather than missing data.
 */
async function seedOnePerFamily(db: TDatabase, school: TDemoSchool): Promise<void> {
  const made = Date.now() - 50 * DAY_MS;
  for (const family of school.parents) {
    if (family.parentId === PARENT || family.children.length === 0) continue;
    const actor: TActor = { kind: 'parent', id: family.parentId };
    const subject = 'Question about the school calendar';
    const row = await createRequest(
      db,
      {
        schoolId: school.schoolId,
        kind: HELPDESK_KIND,
        parentId: family.parentId,
        enrollNumbers: family.children.map((child) => child.enrollNumber),
        payload: { department: 'other', subject, body: 'Answered by phone.', summary: subject },
        status: 'submitted',
      },
      actor,
    );
    const key = { schoolId: school.schoolId, requestId: row.requestId };
    await moveRequest(db, key, 'cancelled', actor);
    await backdate(db, key, made);
  }
}

/** The families' tickets, and the demo family's tickets and photocopy requests (mogra). */
export async function seedDemoHelpRequestActivity(db: TDatabase, school: TDemoSchool): Promise<void> {
  const schoolId = school.schoolId;
  await seedOnePerFamily(db, school);
  if (schoolId !== 'mogra') return;
  const owner = { schoolId, parentId: PARENT };
  const parent: TActor = { kind: 'parent', id: PARENT };
  const [member] = await db
    .select({ staffId: staff.staffId })
    .from(staff)
    .where(eq(staff.schoolId, schoolId))
    .orderBy(asc(staff.staffId))
    .limit(1);
  const schoolActor: TActor = { kind: member ? 'staff' : 'system', id: member?.staffId ?? 'demo' };
  const now = Date.now();

  const resolved = await createTicket(db, owner, {
    department: 'it',
    subject: 'Cannot see the report card of Term 1',
    body: 'The report card page says it is not published yet, but other parents can see theirs.',
    enrollNumber: 'MG1001',
  });
  const resolvedKey = { schoolId, requestId: resolved.requestId };
  await moveRequest(db, resolvedKey, 'in_review', schoolActor);
  await moveRequest(db, resolvedKey, 'approved', schoolActor, {
    note: 'Thank you. Omar’s report card is published now; please open the page again.',
  });
  await backdate(db, resolvedKey, now - 9 * DAY_MS);

  const open = await createTicket(db, owner, {
    department: 'transport',
    subject: 'Change of bus stop next month',
    body: 'We move to Al Barsha on the 1st. Which bus stop will serve the new address?',
  });
  const openKey = { schoolId, requestId: open.requestId };
  await addRequestNote(db, openKey, parent, 'Our new address is Villa 12, Street 4, Al Barsha 2.');
  await backdate(db, openKey, now - 2 * DAY_MS);

  const charged = await createPhotocopy(db, owner, {
    enrollNumber: 'MG1002',
    document: 'bonafideCertificate',
    copies: 2,
    note: 'For the embassy visa application',
  });
  const chargedKey = { schoolId, requestId: charged.requestId };
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as TDatabase;
    const row = await moveRequest(tx, chargedKey, 'approved', schoolActor, {
      note: 'Ready at the front office from tomorrow.',
    });
    await addPhotocopyFeeLine(tx, row);
  });
  await backdate(db, chargedKey, now - 5 * DAY_MS);

  const waiting = await createPhotocopy(db, owner, {
    enrollNumber: 'MG1001',
    document: 'reportCard',
    copies: 1,
  });
  await backdate(db, { schoolId, requestId: waiting.requestId }, now - DAY_MS);
}

/** The history as it happened: made at `made`, each change a few hours after the last. */
async function backdate(db: TDatabase, key: { schoolId: string; requestId: string }, made: number) {
  await db.execute(sql`
    update ${requestEvents}
    set at = to_timestamp(${made / 1000}::double precision + (${requestEvents.seq} - 1) * ${STEP_SECONDS}::double precision)
    where ${requestEvents.schoolId} = ${key.schoolId} and ${requestEvents.requestId} = ${key.requestId}`);
  await db
    .update(requests)
    .set({
      createdAt: new Date(made),
      updatedAt: sql`to_timestamp(${made / 1000}::double precision + (select count(*) - 1 from ${requestEvents} where ${requestEvents.schoolId} = ${key.schoolId} and ${requestEvents.requestId} = ${key.requestId}) * ${STEP_SECONDS}::double precision)`,
    })
    .where(and(eq(requests.schoolId, key.schoolId), eq(requests.requestId, key.requestId)));
}
