import { medicalProfiles, type TMedicalItemRow } from '../../db/schema/index.ts';
import { appliedCounts, byStatus, removeRows, upsertRows } from '../../kits/bundle-apply.ts';
import { rowReader } from '../../kits/bundle-fields.ts';
import type { TBundleFileHandler } from '../../kits/bundle-file.ts';
import { titleOf } from '../../kits/portal-columns.ts';
import { checkReferences } from '../../kits/school-ids.ts';
import { medicalItemsOf } from './import-columns.ts';

// medical_profiles.csv (docs/school-data.md): what the school nurse knows of a child and
// shares with the parents, one row per child (named by its enrolment number): blood group,
// allergies, conditions, medicines, diet, and when the school last confirmed it.

type TMedicalProfileRow = {
  enrollNumber: string;
  bloodGroup: string;
  allergies: TMedicalItemRow[];
  conditions: TMedicalItemRow[];
  medications: TMedicalItemRow[];
  dietaryEn: string;
  dietaryAr: string;
  reviewedOn: string | null;
};

export const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;

export const medicalProfilesFile: TBundleFileHandler<TMedicalProfileRow> = {
  file: 'medical_profiles.csv',
  columns: ['enrollNumber'],
  optionalColumns: [
    'sourcedId',
    'bloodGroup',
    'allergies',
    'conditions',
    'medications',
    'dietary_en',
    'dietary_ar',
    'reviewedOn',
  ],
  after: ['users.csv'],
  keyColumn: 'enrollNumber',
  parseRow(record, row) {
    const read = rowReader(record, row);
    const value: TMedicalProfileRow = {
      enrollNumber: read.text('enrollNumber', { required: true }),
      bloodGroup: read.oneOf('bloodGroup', BLOOD_GROUPS) ?? '',
      allergies: medicalItemsOf(read, 'allergies'),
      conditions: medicalItemsOf(read, 'conditions'),
      medications: medicalItemsOf(read, 'medications'),
      dietaryEn: titleOf(read, 'dietary_en'),
      dietaryAr: titleOf(read, 'dietary_ar'),
      reviewedOn: read.day('reviewedOn'),
    };
    return read.problems.length > 0 ? { problems: read.problems } : { value };
  },
  async apply(tx, context, rows) {
    const { schoolId } = context;
    const { active, deleted } = byStatus(rows);
    const valid = await checkReferences(tx, context, active, [
      { kind: 'student', column: 'enrollNumber', idOf: (value) => value.enrollNumber },
    ]);
    const written = await upsertRows(tx, medicalProfiles, {
      target: [medicalProfiles.schoolId, medicalProfiles.enrollNumber],
      update: [
        medicalProfiles.bloodGroup,
        medicalProfiles.allergies,
        medicalProfiles.conditions,
        medicalProfiles.medications,
        medicalProfiles.dietaryEn,
        medicalProfiles.dietaryAr,
        medicalProfiles.reviewedOn,
        medicalProfiles.removedAt,
      ],
      rows: valid.map(({ value }) => ({ schoolId, ...value, removedAt: null })),
    });
    const enrollNumbers = (list: typeof rows) => list.map((row) => row.value.enrollNumber);
    const removed = await removeRows(tx, context, medicalProfiles, {
      school: medicalProfiles.schoolId,
      id: medicalProfiles.enrollNumber,
      removedAt: medicalProfiles.removedAt,
      deleted: enrollNumbers(deleted),
      kept: enrollNumbers(active),
    });
    return appliedCounts(rows.length, written, removed);
  },
};
