import { and, asc, eq, sql } from 'drizzle-orm';
import { addDays } from '@portal/contracts/kits/dates';
import type { TRequestStatus } from '@portal/contracts/kits/requests';
import type { TDatabase } from '../client.ts';
import { attendanceDays, requestEvents, requests, staff } from '../schema/index.ts';
import { createRequest, moveRequest, requestSummary, type TActor } from '../../kits/request-workflow.ts';
import { demoSchoolDaysAhead } from './demo-calendar.ts';
import type { TDemoSchool } from './demo-schools.ts';

// The demo family's leave requests (docs/modules.md section 6: requests in every status), made the
// way a parent and the school make them: through the request workflow kit, so each carries its
// history. The approved one covers Omar's absence that the school already noted as travel; the
// others lie ahead, clear of the unexplained absence of Layla and Yousef this week, which the
// attendance page still offers to explain.

const PARENT = 'MG-P001';
const HOUR_MS = 3_600_000;
/** Each change a few hours after the last. */
const STEP_SECONDS = 5 * 3_600;

type TDemoLeave = {
  enrollNumbers: string[];
  /** School days after the seed day (ignored when `coversTravel`). */
  from: number;
  to: number;
  reason: string;
  /** The states after `submitted`, in order, with the school's note. */
  moves: { to: TRequestStatus; note?: string }[];
  /** Made this many days before the seed day. */
  madeDaysAgo: number;
  /** Covers Omar's recorded travel absence. */
  coversTravel?: boolean;
  /** Kept as a draft, not sent yet. */
  draft?: boolean;
};

const LEAVES: TDemoLeave[] = [
  {
    enrollNumbers: ['MG1001'],
    from: 0,
    to: 0,
    reason: 'Family travel to Muscat for a wedding',
    moves: [{ to: 'in_review' }, { to: 'approved', note: 'Approved. Enjoy the wedding.' }],
    madeDaysAgo: 40,
    coversTravel: true,
  },
  {
    enrollNumbers: ['MG1002'],
    from: 6,
    to: 7,
    reason: 'Visiting her grandmother in Al Ain',
    moves: [],
    madeDaysAgo: 1,
  },
  {
    enrollNumbers: ['MG1001', 'MG1003'],
    from: 11,
    to: 13,
    reason: 'Family wedding in Amman',
    moves: [{ to: 'in_review', note: 'The class teachers are checking the exam timetable.' }],
    madeDaysAgo: 3,
  },
  {
    enrollNumbers: ['MG1003'],
    from: 3,
    to: 3,
    reason: 'A long weekend at the beach',
    moves: [{ to: 'rejected', note: 'The class has its swimming assessment that day.' }],
    madeDaysAgo: 6,
  },
  {
    enrollNumbers: ['MG1002', 'MG1003'],
    from: 16,
    to: 16,
    reason: 'Doctor’s appointment in Dubai',
    moves: [{ to: 'cancelled', note: 'The appointment moved to the afternoon.' }],
    madeDaysAgo: 2,
  },
  {
    enrollNumbers: ['MG1001'],
    from: 19,
    to: 19,
    reason: 'National swimming trials in Abu Dhabi',
    moves: [],
    madeDaysAgo: 0,
    draft: true,
  },
];

/**
 * Every other family of every school has one old leave request, cancelled (it explains nothing):
 * a request of each family to read, even where the school does not offer leave, so the tests
 * prove the gates rather than missing data.
 */
async function seedOnePerFamily(db: TDatabase, school: TDemoSchool, seedDay: string): Promise<void> {
  const day = addDays(seedDay, -60);
  for (const parent of school.parents) {
    if (parent.parentId === PARENT || parent.children.length === 0) continue;
    const actor: TActor = { kind: 'parent', id: parent.parentId };
    const reason = 'Family trip';
    const row = await createRequest(
      db,
      {
        schoolId: school.schoolId,
        kind: 'leave',
        parentId: parent.parentId,
        enrollNumbers: parent.children.map((child) => child.enrollNumber),
        payload: { from: day, to: day, reason, summary: reason },
        status: 'submitted',
      },
      actor,
    );
    const key = { schoolId: school.schoolId, requestId: row.requestId };
    await moveRequest(db, key, 'cancelled', actor);
    await backdate(db, key, Date.parse(`${addDays(day, -3)}T06:00:00Z`), 1);
  }
}

/** The day Omar was away on travel (the attendance the school imported), or null. */
async function travelDay(db: TDatabase, schoolId: string): Promise<string | null> {
  const [row] = await db
    .select({ day: attendanceDays.day })
    .from(attendanceDays)
    .where(
      and(
        eq(attendanceDays.schoolId, schoolId),
        eq(attendanceDays.enrollNumber, 'MG1001'),
        eq(attendanceDays.status, 'absent'),
        sql`${attendanceDays.note} like 'Family travel%'`,
      ),
    )
    .limit(1);
  return row?.day ?? null;
}

/** The demo family's leave requests, in every state (mogra only). */
export async function seedDemoRequestActivity(
  db: TDatabase,
  school: TDemoSchool,
  seedDay: string,
): Promise<void> {
  const schoolId = school.schoolId;
  await seedOnePerFamily(db, school, seedDay);
  if (schoolId !== 'mogra') return;
  const [member] = await db
    .select({ staffId: staff.staffId })
    .from(staff)
    .where(eq(staff.schoolId, schoolId))
    .orderBy(asc(staff.staffId))
    .limit(1);
  const schoolActor: TActor = { kind: member ? 'staff' : 'system', id: member?.staffId ?? 'demo' };
  const parentActor: TActor = { kind: 'parent', id: PARENT };
  const travel = await travelDay(db, schoolId);
  const now = Date.now();
  for (const leave of LEAVES) {
    if (leave.coversTravel && !travel) continue;
    const from =
      leave.coversTravel && travel ? travel : demoSchoolDaysAhead(school.schoolId, seedDay, leave.from);
    const to =
      leave.coversTravel && travel ? travel : demoSchoolDaysAhead(school.schoolId, seedDay, leave.to);
    const row = await createRequest(
      db,
      {
        schoolId,
        kind: 'leave',
        parentId: PARENT,
        enrollNumbers: leave.enrollNumbers,
        payload: { from, to, reason: leave.reason, summary: requestSummary(leave.reason) },
        status: leave.draft ? 'draft' : 'submitted',
      },
      parentActor,
    );
    const key = { schoolId, requestId: row.requestId };
    for (const move of leave.moves)
      await moveRequest(db, key, move.to, move.to === 'cancelled' ? parentActor : schoolActor, {
        note: move.note ?? '',
      });
    await backdate(db, key, now - leave.madeDaysAgo * 24 * HOUR_MS, leave.moves.length);
  }
}

/** The history as it happened: made at `made`, each of the `steps` changes a few hours after the last. */
async function backdate(
  db: TDatabase,
  key: { schoolId: string; requestId: string },
  made: number,
  steps: number,
): Promise<void> {
  await db.execute(sql`
    update ${requestEvents}
    set at = to_timestamp(${made / 1000}::double precision + (${requestEvents.seq} - 1) * ${STEP_SECONDS}::double precision)
    where ${requestEvents.schoolId} = ${key.schoolId} and ${requestEvents.requestId} = ${key.requestId}`);
  await db
    .update(requests)
    .set({ createdAt: new Date(made), updatedAt: new Date(made + steps * STEP_SECONDS * 1000) })
    .where(and(eq(requests.schoolId, key.schoolId), eq(requests.requestId, key.requestId)));
}
