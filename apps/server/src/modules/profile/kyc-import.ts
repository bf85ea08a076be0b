import { KYC_OWNERS, type TKycOwner } from '@portal/contracts/families/kyc';
import { kycDocumentTypes } from '../../db/schema/index.ts';
import { appliedCounts, byStatus, removeRows, sourcedIdsOf, upsertRows } from '../../kits/bundle-apply.ts';
import { rowReader } from '../../kits/bundle-fields.ts';
import type { TBundleFileHandler } from '../../kits/bundle-file.ts';
import { titleOf, wholeNumberOf } from '../../kits/portal-columns.ts';

// The identity documents the school keeps on file (docs/school-data.md, "kyc_types.csv";
// docs/modules.md F6): one row per type of document, of each parent (`owner` parent) or of each
// child (`owner` student), required or taken when given. Removing a type (a bulk file without
// it, or `tobedeleted`) hides it from the families; the documents already sent stay on file.

type TKycTypeRow = {
  sourcedId: string;
  nameEn: string;
  nameAr: string;
  owner: TKycOwner;
  required: boolean;
  position: number;
};

export const kycTypesFile: TBundleFileHandler<TKycTypeRow> = {
  file: 'kyc_types.csv',
  columns: ['sourcedId', 'name_en', 'owner'],
  optionalColumns: ['name_ar', 'required', 'position'],
  keyColumn: 'sourcedId',
  parseRow(record, row, status) {
    const read = rowReader(record, row);
    const required = { required: status === 'active' };
    const value: TKycTypeRow = {
      sourcedId: read.text('sourcedId', { required: true }),
      nameEn: titleOf(read, 'name_en', required),
      nameAr: titleOf(read, 'name_ar'),
      owner: read.oneOf('owner', KYC_OWNERS, required) ?? 'student',
      required: read.boolean('required', true),
      position: wholeNumberOf(read, 'position', { min: 0, max: 1000 }) ?? 0,
    };
    return read.problems.length > 0 ? { problems: read.problems } : { value };
  },
  async apply(tx, context, rows) {
    const { schoolId } = context;
    const { active, deleted } = byStatus(rows);
    const written = await upsertRows(tx, kycDocumentTypes, {
      target: [kycDocumentTypes.schoolId, kycDocumentTypes.typeId],
      update: [
        kycDocumentTypes.nameEn,
        kycDocumentTypes.nameAr,
        kycDocumentTypes.owner,
        kycDocumentTypes.required,
        kycDocumentTypes.position,
        kycDocumentTypes.removedAt,
      ],
      rows: active.map(({ value: { sourcedId, ...value } }) => ({
        schoolId,
        typeId: sourcedId,
        ...value,
        removedAt: null,
      })),
    });
    const removed = await removeRows(tx, context, kycDocumentTypes, {
      school: kycDocumentTypes.schoolId,
      id: kycDocumentTypes.typeId,
      removedAt: kycDocumentTypes.removedAt,
      deleted: sourcedIdsOf(deleted),
      kept: sourcedIdsOf(active),
    });
    return appliedCounts(rows.length, written, removed);
  },
};
