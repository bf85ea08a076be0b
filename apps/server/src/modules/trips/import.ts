import { feeTypes, trips } from '../../db/schema/index.ts';
import { audienceOf, rowsWithKnownChildren, type TAudience } from '../../kits/audience.ts';
import { appliedCounts, byStatus, removeRows, sourcedIdsOf, upsertRows } from '../../kits/bundle-apply.ts';
import { rowReader } from '../../kits/bundle-fields.ts';
import type { TAnyBundleFileHandler, TBundleFileHandler } from '../../kits/bundle-file.ts';
import { instantOf, publishedAtOf, titleOf } from '../../kits/portal-columns.ts';
import { tripFeeTypeCode } from './trips.ts';

// trips.csv (docs/school-data.md, "trips.csv"): the school's trips, each for an audience
// (grades, sections, children; none: the whole school), with its day and time out and back, its
// place, its cost for a child (0: free) and the last day to give consent. A trip that costs
// money is also a fee type of the school (`trip:<sourcedId>`, named as the trip), so the fee
// line a consent adds reads as the trip on the fee pages and receipts.

const MAX_DESCRIPTION_LENGTH = 2_000;
/** The most a trip may cost a child, in the currency's major units. */
const MAX_COST = 100_000;

type TTripRow = {
  sourcedId: string;
  titleEn: string;
  titleAr: string;
  descriptionEn: string;
  descriptionAr: string;
  placeEn: string;
  placeAr: string;
  departsAt: Date;
  returnsAt: Date;
  costMinor: number;
  consentBy: string;
  audience: TAudience;
  publishedAt: Date | null;
};

export const tripsFile: TBundleFileHandler<TTripRow> = {
  file: 'trips.csv',
  columns: ['sourcedId', 'title_en', 'departsAt', 'returnsAt', 'consentBy', 'publishedAt'],
  optionalColumns: [
    'title_ar',
    'description_en',
    'description_ar',
    'place_en',
    'place_ar',
    'cost',
    'grades',
    'sections',
    'enrollNumbers',
  ],
  after: ['users.csv', 'classes.csv', 'enrollments.csv'],
  keyColumn: 'sourcedId',
  parseRow(record, row, status) {
    const read = rowReader(record, row);
    const active = status === 'active';
    const departsAt = instantOf(read, 'departsAt', { required: active });
    const returnsAt = instantOf(read, 'returnsAt', { required: active });
    if (departsAt && returnsAt && returnsAt < departsAt)
      read.problem('returnsAt', 'the return is before the departure');
    const consentBy = read.day('consentBy', { required: active }) ?? '';
    if (active && departsAt && consentBy && consentBy > departsAt.toISOString().slice(0, 10))
      read.problem('consentBy', 'the consent deadline is after the departure');
    const costText = read.text('cost').trim();
    const cost = /^\d{1,6}(\.\d{1,2})?$/.test(costText) ? Number(costText) : costText === '' ? 0 : -1;
    if (cost < 0 || cost > MAX_COST)
      read.problem('cost', `"${costText}" is not an amount from 0 to ${MAX_COST} with at most 2 decimals`);
    const value: TTripRow = {
      sourcedId: read.text('sourcedId', { required: true }),
      titleEn: titleOf(read, 'title_en', { required: active }),
      titleAr: titleOf(read, 'title_ar'),
      descriptionEn: titleOf(read, 'description_en', { max: MAX_DESCRIPTION_LENGTH }),
      descriptionAr: titleOf(read, 'description_ar', { max: MAX_DESCRIPTION_LENGTH }),
      placeEn: titleOf(read, 'place_en'),
      placeAr: titleOf(read, 'place_ar'),
      departsAt: departsAt ?? new Date(0),
      returnsAt: returnsAt ?? new Date(0),
      costMinor: Math.round(cost * 100),
      consentBy,
      audience: audienceOf(read),
      publishedAt: publishedAtOf(read),
    };
    return read.problems.length > 0 ? { problems: read.problems } : { value };
  },
  async apply(tx, context, rows) {
    const { schoolId } = context;
    const { active, deleted } = byStatus(rows);
    // The children a row names must be the school's.
    const valid = await rowsWithKnownChildren(tx, context, active);
    const written = await upsertRows(tx, trips, {
      target: [trips.schoolId, trips.tripId],
      update: [
        trips.titleEn,
        trips.titleAr,
        trips.descriptionEn,
        trips.descriptionAr,
        trips.placeEn,
        trips.placeAr,
        trips.departsAt,
        trips.returnsAt,
        trips.costMinor,
        trips.consentBy,
        trips.audience,
        trips.publishedAt,
        trips.removedAt,
      ],
      rows: valid.map(({ value }) => ({
        schoolId,
        tripId: value.sourcedId,
        titleEn: value.titleEn,
        titleAr: value.titleAr,
        descriptionEn: value.descriptionEn,
        descriptionAr: value.descriptionAr,
        placeEn: value.placeEn,
        placeAr: value.placeAr,
        departsAt: value.departsAt,
        returnsAt: value.returnsAt,
        costMinor: value.costMinor,
        consentBy: value.consentBy,
        audience: value.audience,
        publishedAt: value.publishedAt,
        removedAt: null,
      })),
    });
    const paid = valid.filter(({ value }) => value.costMinor > 0);
    if (paid.length > 0)
      await upsertRows(tx, feeTypes, {
        target: [feeTypes.schoolId, feeTypes.code],
        update: [feeTypes.nameEn, feeTypes.nameAr],
        rows: paid.map(({ value }) => ({
          schoolId,
          code: tripFeeTypeCode(value.sourcedId),
          nameEn: value.titleEn,
          nameAr: value.titleAr || value.titleEn,
          vatRateBp: 0,
        })),
      });
    const removed = await removeRows(tx, context, trips, {
      school: trips.schoolId,
      id: trips.tripId,
      removedAt: trips.removedAt,
      deleted: sourcedIdsOf(deleted),
      kept: sourcedIdsOf(active),
    });
    return appliedCounts(rows.length, written, removed);
  },
};

/** The trips family's files of a school-data bundle. */
export const tripBundleFiles: TAnyBundleFileHandler[] = [tripsFile];
