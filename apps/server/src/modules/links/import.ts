import { OUTSIDE_LINK_MODULES, type TOutsideLinkModule } from '@portal/contracts/families/links';
import { outsideLinks } from '../../db/schema/index.ts';
import { appliedCounts, byStatus, removeRows, sourcedIdsOf, upsertRows } from '../../kits/bundle-apply.ts';
import { rowReader } from '../../kits/bundle-fields.ts';
import type { TAnyBundleFileHandler, TBundleFileHandler } from '../../kits/bundle-file.ts';
import { httpsLinkOf, titleOf, wholeNumberOf } from '../../kits/portal-columns.ts';

// links.csv (docs/school-data.md): the outside links of the school, a row per destination:
// its module (`moodle`, `digital`, `facebook`, `instagram`), its https address (any other is
// refused, I001: a page opened from the portal must not downgrade it) and the school's words
// for it. The digital library may list several rows (in `position` order); the other modules
// show their first. Without a `moodle` row the learning platform is the school's `lic_lms_url`.

/** The longest description a row may give. */
const MAX_DESCRIPTION_LENGTH = 500;

type TLinkRow = {
  sourcedId: string;
  moduleKey: TOutsideLinkModule;
  url: string;
  labelEn: string;
  labelAr: string;
  descriptionEn: string;
  descriptionAr: string;
  position: number;
};

export const linksFile: TBundleFileHandler<TLinkRow> = {
  file: 'links.csv',
  columns: ['sourcedId', 'module_key', 'url', 'label_en'],
  optionalColumns: ['label_ar', 'description_en', 'description_ar', 'position'],
  keyColumn: 'sourcedId',
  parseRow(record, row, status) {
    const read = rowReader(record, row);
    const required = { required: status === 'active' };
    const sourcedId = read.text('sourcedId', { required: true });
    const moduleKey = read.oneOf('module_key', OUTSIDE_LINK_MODULES, required) ?? 'digital';
    const url = status === 'active' ? httpsLinkOf(read, 'url') : null;
    if (status === 'active' && url === null && read.text('url') === '')
      read.problem('url', 'required, but empty');
    const value: TLinkRow = {
      sourcedId,
      moduleKey,
      url: url ?? '',
      labelEn: titleOf(read, 'label_en', required),
      labelAr: titleOf(read, 'label_ar'),
      descriptionEn: titleOf(read, 'description_en', { max: MAX_DESCRIPTION_LENGTH }),
      descriptionAr: titleOf(read, 'description_ar', { max: MAX_DESCRIPTION_LENGTH }),
      position: wholeNumberOf(read, 'position', { min: 0, max: 10_000 }) ?? 0,
    };
    return read.problems.length > 0 ? { problems: read.problems } : { value };
  },
  async apply(tx, context, rows) {
    const { schoolId } = context;
    const { active, deleted } = byStatus(rows);
    const written = await upsertRows(tx, outsideLinks, {
      target: [outsideLinks.schoolId, outsideLinks.linkId],
      update: [
        outsideLinks.moduleKey,
        outsideLinks.url,
        outsideLinks.labelEn,
        outsideLinks.labelAr,
        outsideLinks.descriptionEn,
        outsideLinks.descriptionAr,
        outsideLinks.position,
        outsideLinks.removedAt,
      ],
      rows: active.map(({ value }) => ({
        schoolId,
        linkId: value.sourcedId,
        moduleKey: value.moduleKey,
        url: value.url,
        labelEn: value.labelEn,
        labelAr: value.labelAr,
        descriptionEn: value.descriptionEn,
        descriptionAr: value.descriptionAr,
        position: value.position,
        removedAt: null,
      })),
    });
    const removed = await removeRows(tx, context, outsideLinks, {
      school: outsideLinks.schoolId,
      id: outsideLinks.linkId,
      removedAt: outsideLinks.removedAt,
      deleted: sourcedIdsOf(deleted),
      kept: sourcedIdsOf(active),
    });
    return appliedCounts(rows.length, written, removed);
  },
};

/** The outside-link family's own files of a school-data bundle. */
export const linkBundleFiles: TAnyBundleFileHandler[] = [linksFile];
