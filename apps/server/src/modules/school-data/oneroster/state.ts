import { eq } from 'drizzle-orm';
import type { TDatabase } from '../../../db/client.ts';
import { schoolDataSources } from '../../../db/schema/index.ts';
import { reportProblem } from '../../../kits/bundle-apply.ts';
import type { TApplyContext } from '../../../kits/bundle-file.ts';

// What the OneRoster files of one bundle share while they are applied: the school's org and,
// in OneRoster 1.2, each user's role from roles.csv (docs/school-data.md).

/** The kinds of people the portal keeps, and the OneRoster roles each takes. */
export const PORTAL_ROLES = {
  student: ['student'],
  parent: ['parent', 'guardian', 'relative'],
  teacher: ['teacher'],
  counselor: ['counselor'],
  administrator: [
    'administrator',
    'principal',
    'siteAdministrator',
    'districtAdministrator',
    'systemAdministrator',
  ],
  aide: ['aide', 'proctor'],
} as const;
export type TPortalRole = keyof typeof PORTAL_ROLES;
export type TStaffRole = Exclude<TPortalRole, 'student' | 'parent'>;

/** Every OneRoster role of a version: 1.1 has `administrator`; 1.2 the finer ones and `counselor`. */
export const ONEROSTER_ROLES = {
  '1.1': ['administrator', 'aide', 'guardian', 'parent', 'proctor', 'relative', 'student', 'teacher'],
  '1.2': [
    'aide',
    'counselor',
    'districtAdministrator',
    'guardian',
    'parent',
    'principal',
    'proctor',
    'relative',
    'siteAdministrator',
    'student',
    'systemAdministrator',
    'teacher',
  ],
} as const;

export function portalRoleOf(oneRosterRole: string): TPortalRole {
  for (const [portalRole, roles] of Object.entries(PORTAL_ROLES)) {
    if ((roles as readonly string[]).includes(oneRosterRole)) return portalRole as TPortalRole;
  }
  throw new Error(`unknown OneRoster role ${oneRosterRole}`);
}

export const isStaffRole = (role: TPortalRole): role is TStaffRole => role !== 'student' && role !== 'parent';

export type TRosterState = {
  /** The school's org: bound at an earlier import, or named by this bundle's orgs.csv. */
  schoolOrg: string | null | undefined;
  /** OneRoster 1.2: each user's role, from roles.csv. */
  roles: Map<string, TPortalRole>;
};

const STATE_KEY = 'oneroster';

/** The bundle's OneRoster state (made by the first file that asks). */
export function rosterState(context: TApplyContext): TRosterState {
  if (!context.shared) throw new Error('the OneRoster files need the bundle’s shared state');
  let state = context.shared.get(STATE_KEY) as TRosterState | undefined;
  if (!state) {
    state = { schoolOrg: undefined, roles: new Map() };
    context.shared.set(STATE_KEY, state);
  }
  return state;
}

/** The sourcedId of the school's org (null: no bundle has named it yet). */
export async function schoolOrgOf(tx: TDatabase, context: TApplyContext): Promise<string | null> {
  const state = rosterState(context);
  if (state.schoolOrg === undefined) {
    const [bound] = await tx
      .select({ org: schoolDataSources.orgSourcedId })
      .from(schoolDataSources)
      .where(eq(schoolDataSources.schoolId, context.schoolId));
    state.schoolOrg = bound?.org ?? null;
  }
  return state.schoolOrg;
}

/**
 * Checks a row's school org (`schoolSourcedId`): empty is taken as the school's; another org
 * is a problem (the portal school is one OneRoster school).
 */
export function checkSchoolOrg(
  context: TApplyContext,
  schoolOrg: string | null,
  row: number,
  column: string,
  value: string,
): boolean {
  if (value === '' || value === schoolOrg) return true;
  reportProblem(
    context,
    row,
    column,
    schoolOrg
      ? `"${value}" is not the school's org (${schoolOrg})`
      : `"${value}": no bundle has named the school's org yet (send orgs.csv)`,
  );
  return false;
}
