import { schoolDataSources } from '../../../db/schema/index.ts';
import { fileCounts, reportProblem } from '../../../kits/bundle-apply.ts';
import { rowReader } from '../../../kits/bundle-fields.ts';
import type { TBundleFileHandler } from '../../../kits/bundle-file.ts';
import { ORGS } from './columns.ts';
import { rosterState, schoolOrgOf } from './state.ts';

// orgs.csv: the bundle's one org of type `school` is the portal school the key belongs to. The
// first bundle binds it; a later bundle naming another school org is refused. Other orgs
// (district, department...) are read and not kept.

const ORG_TYPES = ['department', 'district', 'local', 'national', 'school', 'state'] as const;

type TOrgRow = { sourcedId: string; name: string; type: (typeof ORG_TYPES)[number] | null };

export const orgsFile: TBundleFileHandler<TOrgRow> = {
  file: 'orgs.csv',
  columns: ORGS.read,
  optionalColumns: ORGS.other,
  keyColumn: 'sourcedId',
  parseRow(record, row, status) {
    const read = rowReader(record, row);
    const active = status === 'active';
    const value = {
      sourcedId: read.text('sourcedId', { required: true }),
      name: read.text('name', { required: active }),
      type: read.oneOf('type', ORG_TYPES, { required: active }),
    };
    return read.problems.length > 0 ? { problems: read.problems } : { value };
  },
  async apply(tx, context, rows) {
    const bound = await schoolOrgOf(tx, context);
    const schools = rows.filter((row) => row.status === 'active' && row.value.type === 'school');
    let added = 0;
    for (const row of rows) {
      if (row.status === 'tobedeleted' && row.value.sourcedId === bound) {
        reportProblem(context, row.row, 'status', 'the school’s own org cannot be removed');
      }
    }
    const [school, ...others] = schools;
    for (const other of others) {
      reportProblem(context, other.row, 'type', 'a bundle holds one school: this is a second one');
    }
    if (!school) {
      if (context.mode === 'bulk') {
        reportProblem(context, 0, 'type', 'orgs.csv must hold the school: an org of type school');
      }
    } else if (bound && bound !== school.value.sourcedId) {
      reportProblem(
        context,
        school.row,
        'sourcedId',
        `this portal school takes the bundles of org ${bound}, not of ${school.value.sourcedId}`,
      );
    } else if (!bound) {
      await tx
        .insert(schoolDataSources)
        .values({ schoolId: context.schoolId, orgSourcedId: school.value.sourcedId });
      rosterState(context).schoolOrg = school.value.sourcedId;
      added = 1;
    }
    return fileCounts({ rows: rows.length, added, changed: 0, removedByRows: 0 });
  },
};
