import { LIMITS } from '@portal/contracts/constants';
import { rowReader } from '../../../kits/bundle-fields.ts';
import type { TCsvRecord, TRowProblem, TRowStatus } from '../../../kits/bundle-file.ts';
import { ONEROSTER_ROLES, portalRoleOf, type TPortalRole } from './state.ts';

// A row of users.csv as the portal reads it (docs/school-data.md). OneRoster 1.1 gives the
// role in the row; 1.2 gives it in roles.csv.

export type TUserRow = {
  sourcedId: string;
  /** From the row (1.1); null in 1.2, where roles.csv says it. */
  role: TPortalRole | null;
  enabled: boolean;
  username: string;
  givenName: string;
  middleName: string;
  familyName: string;
  /** A student's enrolment number. */
  identifier: string;
  email: string;
  phone: string;
  /** A student's parents, or a parent's children, in the order the school gives them. */
  agents: string[];
  /** Extension columns; undefined when the header lacks them (the stored value is kept). */
  nameAr: string | undefined;
  titleEn: string | undefined;
  titleAr: string | undefined;
  curriculumCode: string | undefined;
};

/** The longest enrolment number (as the parent API takes it). */
const MAX_IDENTIFIER = 64;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function parseUserRow(
  record: TCsvRecord,
  row: number,
  status: TRowStatus,
  version: '1.1' | '1.2',
): { value: TUserRow } | { problems: TRowProblem[] } {
  const read = rowReader(record, row);
  const active = status === 'active';
  const role = version === '1.1' ? read.oneOf('role', ONEROSTER_ROLES['1.1'], { required: active }) : null;
  const value: TUserRow = {
    sourcedId: read.text('sourcedId', { required: true }),
    role: role ? portalRoleOf(role) : null,
    enabled: read.boolean('enabledUser', true),
    username: read.text('username'),
    givenName: read.text('givenName', { required: active }),
    middleName: read.text('middleName'),
    familyName: read.text('familyName', { required: active }),
    identifier: read.text('identifier'),
    email: read.text('email'),
    phone: read.text('phone'),
    agents: read.list('agentSourcedIds'),
    nameAr: read.extension('metadata.nameAr'),
    titleEn: read.extension('metadata.titleEn'),
    titleAr: read.extension('metadata.titleAr'),
    curriculumCode: read.extension('metadata.curriculumCode'),
  };
  if (value.email !== '' && !EMAIL.test(value.email))
    read.problem('email', `"${value.email}" is not an email address`);
  if (value.username.length > LIMITS.usernameMax) read.problem('username', 'too long for a username');
  if (value.identifier.length > MAX_IDENTIFIER)
    read.problem('identifier', `longer than ${MAX_IDENTIFIER} characters`);
  if (active && value.role)
    checkForRole(value, value.role, (column, message) => read.problem(column, message));
  return read.problems.length > 0 ? { problems: read.problems } : { value };
}

/** What a user of this role must have: a student its enrolment number, a parent an email. */
export function checkForRole(
  user: TUserRow,
  role: TPortalRole,
  problem: (column: string, message: string) => void,
): boolean {
  if (role === 'student' && user.identifier === '') {
    problem('identifier', 'a student needs its enrolment number in identifier');
    return false;
  }
  if (role === 'parent' && user.email === '') {
    problem('email', 'a parent needs an email address: the portal mails their sign-in codes there');
    return false;
  }
  return true;
}

/** The name shown for a person: given, middle and family names. */
export const fullNameOf = (user: TUserRow) =>
  [user.givenName, user.middleName, user.familyName].filter((part) => part !== '').join(' ');
