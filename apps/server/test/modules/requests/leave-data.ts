import { and, eq } from 'drizzle-orm';
import { schoolToday } from '../../../src/access/school.ts';
import { attendanceDays } from '../../../src/db/schema/index.ts';
import { demoSyncKey } from '../../../src/db/seed/seed.ts';
import { buildTestApp, seededDay, signIn, type TTestApp } from '../../helper.ts';

// What the leave and requests tests share: an app on a copy of the demo database, signed-in
// parents of two schools, and calls to the parent and staff APIs.

export type TRequestsApp = TTestApp & {
  /** mogra's today (Asia/Dubai) when the app was built: the day the app itself takes as today. */
  today: string;
  /**
   * The day the demo seed took as today, which the demo data is dated from: the day before
   * `today` when the run's seeded template was made before the school's midnight.
   */
  seedDay: string;
  /** Headers of `parent@mogra.demo` (Omar MG1001, Layla MG1002, Yousef MG1003). */
  mogra: Record<string, string>;
  /** Headers of `family.haddad@mogra.demo` (Nour MG2001). */
  haddad: Record<string, string>;
};

export async function buildRequestsApp(): Promise<TRequestsApp> {
  const t = await buildTestApp();
  const headers = async (schoolId: string, username: string) => ({
    'client-id': schoolId,
    authorization: `Bearer ${await signIn(t.app, schoolId, username)}`,
  });
  return {
    ...t,
    today: schoolToday('Asia/Dubai'),
    seedDay: await seededDay(t.database.db, 'mogra'),
    mogra: await headers('mogra', 'parent@mogra.demo'),
    haddad: await headers('mogra', 'family.haddad@mogra.demo'),
  };
}

export function parentCall(
  t: TTestApp,
  headers: Record<string, string>,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: object,
) {
  return t.app.inject({ method, url: `/api/v1/ppn${url}`, headers, ...(payload ? { payload } : {}) });
}

export function staffCall(
  t: TTestApp,
  schoolId: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url: `/api/v1/staff${url}`,
    headers: { 'client-id': schoolId, authorization: `Bearer ${demoSyncKey(schoolId)}` },
    ...(payload ? { payload } : {}),
  });
}

/** The day Layla (MG1002) was absent without a reason (Yousef too, in the demo). */
export async function laylasUnexplainedDay(t: TTestApp): Promise<string> {
  const [row] = await t.database.db
    .select({ day: attendanceDays.day })
    .from(attendanceDays)
    .where(
      and(
        eq(attendanceDays.schoolId, 'mogra'),
        eq(attendanceDays.enrollNumber, 'MG1002'),
        eq(attendanceDays.status, 'absent'),
        eq(attendanceDays.note, ''),
      ),
    )
    .limit(1);
  if (!row) throw new Error('the demo has no unexplained absence of Layla');
  return row.day;
}

export type TLeave = {
  id: string;
  status: string;
  children: { enrollNumber: string; childName: string }[];
  from: string;
  to: string;
  reason: string;
  summary: string;
  days: number;
  canCancel: boolean;
  history: { seq: number; actor: string; from: string | null; to: string; note: string }[];
};
