import { staffSlots } from '../../db/schema/index.ts';
import { appliedCounts, byStatus, removeRows, sourcedIdsOf, upsertRows } from '../../kits/bundle-apply.ts';
import { rowReader } from '../../kits/bundle-fields.ts';
import type { TAnyBundleFileHandler, TBundleFileHandler } from '../../kits/bundle-file.ts';
import { instantOf, titleOf } from '../../kits/portal-columns.ts';
import { checkReferences } from '../../kits/school-ids.ts';

// staff_slots.csv (docs/school-data.md, "staff_slots.csv"): the times the school's staff offer
// to meet parents (docs/modules.md F5, module `appointments`), each with its start and end, its
// place in both languages and whether it is in person or by video. A row marked `tobedeleted`
// withdraws the slot; an appointment already booked on it stays on the family's list.

const MODES = ['in_person', 'video'] as const;
/** The longest slot the school may offer (staff_slots.csv and the staff API alike). */
export const MAX_SLOT_MS = 4 * 3_600_000;

type TSlotRow = {
  sourcedId: string;
  staffSourcedId: string;
  startsAt: Date;
  endsAt: Date;
  locationEn: string;
  locationAr: string;
  mode: (typeof MODES)[number];
};

export const staffSlotsFile: TBundleFileHandler<TSlotRow> = {
  file: 'staff_slots.csv',
  columns: ['sourcedId', 'staffSourcedId', 'startsAt', 'endsAt'],
  optionalColumns: ['location_en', 'location_ar', 'mode'],
  after: ['users.csv'],
  keyColumn: 'sourcedId',
  parseRow(record, row, status) {
    const read = rowReader(record, row);
    const active = status === 'active';
    const startsAt = instantOf(read, 'startsAt', { required: active });
    const endsAt = instantOf(read, 'endsAt', { required: active });
    if (startsAt && endsAt && (endsAt <= startsAt || endsAt.getTime() - startsAt.getTime() > MAX_SLOT_MS))
      read.problem('endsAt', 'the end is not after the start, or the slot is longer than 4 hours');
    const mode = read.text('mode').trim() === '' ? 'in_person' : read.oneOf('mode', MODES);
    const value: TSlotRow = {
      sourcedId: read.text('sourcedId', { required: true }),
      staffSourcedId: read.text('staffSourcedId', { required: active }),
      startsAt: startsAt ?? new Date(0),
      endsAt: endsAt ?? new Date(0),
      locationEn: titleOf(read, 'location_en'),
      locationAr: titleOf(read, 'location_ar'),
      mode: mode ?? 'in_person',
    };
    return read.problems.length > 0 ? { problems: read.problems } : { value };
  },
  async apply(tx, context, rows) {
    const { schoolId } = context;
    const { active, deleted } = byStatus(rows);
    const valid = await checkReferences(tx, context, active, [
      { column: 'staffSourcedId', kind: 'staff', idOf: (value) => value.staffSourcedId },
    ]);
    const written = await upsertRows(tx, staffSlots, {
      target: [staffSlots.schoolId, staffSlots.slotId],
      update: [
        staffSlots.staffId,
        staffSlots.startsAt,
        staffSlots.endsAt,
        staffSlots.locationEn,
        staffSlots.locationAr,
        staffSlots.mode,
        staffSlots.status,
        staffSlots.removedAt,
      ],
      rows: valid.map(({ value }) => ({
        schoolId,
        slotId: value.sourcedId,
        staffId: value.staffSourcedId,
        startsAt: value.startsAt,
        endsAt: value.endsAt,
        locationEn: value.locationEn,
        locationAr: value.locationAr,
        mode: value.mode,
        status: 'open',
        removedAt: null,
      })),
    });
    const removed = await removeRows(tx, context, staffSlots, {
      school: staffSlots.schoolId,
      id: staffSlots.slotId,
      removedAt: staffSlots.removedAt,
      deleted: sourcedIdsOf(deleted),
      kept: sourcedIdsOf(active),
    });
    return appliedCounts(rows.length, written, removed);
  },
};

/** The appointments module's files of a school-data bundle. */
export const appointmentBundleFiles: TAnyBundleFileHandler[] = [staffSlotsFile];
