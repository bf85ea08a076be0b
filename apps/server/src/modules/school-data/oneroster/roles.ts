import { fileCounts, reportProblem } from '../../../kits/bundle-apply.ts';
import { rowReader } from '../../../kits/bundle-fields.ts';
import type { TBundleFileHandler } from '../../../kits/bundle-file.ts';
import { ROLES } from './columns.ts';
import { loadPeople, groupOf } from './people.ts';
import { ONEROSTER_ROLES, portalRoleOf, rosterState, type TPortalRole } from './state.ts';

// roles.csv (OneRoster 1.2): what each user is. It is applied before users.csv, which reads
// the roles it leaves; a user's primary role decides (else its first secondary one).

type TRoleRow = { userSourcedId: string; primary: boolean; role: TPortalRole | null };

export const rolesFile: TBundleFileHandler<TRoleRow> = {
  file: 'roles.csv',
  versions: ['1.2'],
  columns: ROLES.read,
  optionalColumns: ROLES.other,
  after: ['orgs.csv'],
  keyColumn: 'sourcedId',
  parseRow(record, row, status) {
    const read = rowReader(record, row);
    const required = { required: status === 'active' };
    read.text('sourcedId', { required: true });
    const role = read.oneOf('role', ONEROSTER_ROLES['1.2'], required);
    const value = {
      userSourcedId: read.text('userSourcedId', required),
      primary: read.oneOf('roleType', ['primary', 'secondary'] as const, required) === 'primary',
      role: role ? portalRoleOf(role) : null,
    };
    read.text('orgSourcedId', required);
    read.day('beginDate');
    read.day('endDate');
    return read.problems.length > 0 ? { problems: read.problems } : { value };
  },
  async apply(tx, context, rows) {
    const roles = rosterState(context).roles;
    const primaryRow = new Map<string, number>();
    for (const { row, status, value } of rows) {
      if (status !== 'active' || !value.role || !value.primary) continue;
      const earlier = primaryRow.get(value.userSourcedId);
      if (earlier !== undefined) {
        reportProblem(context, row, 'roleType', `row ${earlier} gives this user's primary role already`);
        continue;
      }
      primaryRow.set(value.userSourcedId, row);
      roles.set(value.userSourcedId, value.role);
    }
    for (const { status, value } of rows) {
      if (status === 'active' && value.role && !roles.has(value.userSourcedId))
        roles.set(value.userSourcedId, value.role);
    }
    const people = await loadPeople(tx, context.schoolId);
    const added = rows.filter(
      ({ status, value }) => status === 'active' && value.role && people.roleOf(value.userSourcedId) === null,
    ).length;
    const changed = rows.filter(({ status, value }) => {
      const was = people.roleOf(value.userSourcedId);
      return status === 'active' && value.role && was !== null && was !== groupOf(value.role);
    }).length;
    return fileCounts({ rows: rows.length, added, changed, removedByRows: 0 });
  },
};
