// Writing a bundle's CSV files (the demo bundle, the bench's, the tests'): RFC 4180 quoting,
// a header row, then one row per record (a column a record lacks is left empty).

const quoted = (value: string) =>
  /[",\r\n]/.test(value) || value !== value.trim() ? `"${value.replaceAll('"', '""')}"` : value;

export function csvText(
  columns: readonly string[],
  records: readonly Record<string, string | number | boolean | null | undefined>[],
): string {
  const lines = [columns.map(quoted).join(',')];
  for (const record of records)
    lines.push(columns.map((column) => quoted(String(record[column] ?? ''))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** manifest.csv naming the OneRoster version and each file's mode (files not named are absent). */
export function manifestText(
  version: '1.1' | '1.2',
  modes: Readonly<Record<string, 'bulk' | 'delta' | 'absent'>>,
): string {
  return csvText(
    ['propertyName', 'value'],
    [
      { propertyName: 'manifest.version', value: '1.0' },
      { propertyName: 'oneroster.version', value: version },
      ...Object.entries(modes).map(([file, mode]) => ({
        propertyName: `file.${file.replace(/\.csv$/, '')}`,
        value: mode,
      })),
    ],
  );
}

/** The roster's OneRoster files, every one bulk: a whole school's roster (the demo's, the bench's). */
export const BULK_ROSTER_FILES = {
  orgs: 'bulk',
  academicSessions: 'bulk',
  users: 'bulk',
  roles: 'bulk',
  demographics: 'bulk',
  courses: 'bulk',
  classes: 'bulk',
  enrollments: 'bulk',
} as const;

/** orgs.csv naming the one school the bundle is of. */
export const schoolOrgText = (sourcedId: string, name: string) =>
  csvText(['sourcedId', 'name', 'type'], [{ sourcedId, name, type: 'school' }]);

/** roles.csv (OneRoster 1.2) giving each user one primary role at the school's org. */
export const primaryRolesText = (
  orgSourcedId: string,
  roles: readonly { sourcedId: string; userSourcedId: string; role: string }[],
) =>
  csvText(
    ['sourcedId', 'userSourcedId', 'roleType', 'role', 'orgSourcedId'],
    roles.map((role) => ({ ...role, roleType: 'primary', orgSourcedId })),
  );
