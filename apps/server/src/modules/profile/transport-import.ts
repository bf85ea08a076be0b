import { and, eq, isNull } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { transportAssignments, transportRoutes, transportStops } from '../../db/schema/index.ts';
import {
  among,
  appliedCounts,
  batchesOf,
  byStatus,
  removeRows,
  sourcedIdsOf,
  upsertRows,
} from '../../kits/bundle-apply.ts';
import { rowReader, type TRowReader } from '../../kits/bundle-fields.ts';
import type { TAnyBundleFileHandler, TBundleFileHandler } from '../../kits/bundle-file.ts';
import { timeOf, titleOf, wholeNumberOf } from '../../kits/portal-columns.ts';
import { checkReferences, idsAmong } from '../../kits/school-ids.ts';

// The school's transport (docs/school-data.md, "Transport"): transport_routes.csv (a route,
// its bus, driver and assistant), transport_stops.csv (each stop of a route in order, with its
// pick-up and drop times) and transport_assignments.csv (the route and stop of each child who
// takes the bus; a child without a row takes none). A stop must be of its route.

/** The longest phone number a row may give. */
const MAX_PHONE_LENGTH = 32;
const PHONE = /^\+?[0-9 ()-]{3,32}$/;

function phoneOf(read: TRowReader, column: string): string {
  const value = read.text(column).trim();
  if (value !== '' && (value.length > MAX_PHONE_LENGTH || !PHONE.test(value)))
    read.problem(column, `"${value.slice(0, 40)}" is not a phone number`);
  return value;
}

type TRouteRow = {
  sourcedId: string;
  nameEn: string;
  nameAr: string;
  busNumber: string;
  driverNameEn: string;
  driverNameAr: string;
  driverPhone: string;
  assistantNameEn: string;
  assistantNameAr: string;
  assistantPhone: string;
};

export const transportRoutesFile: TBundleFileHandler<TRouteRow> = {
  file: 'transport_routes.csv',
  columns: ['sourcedId', 'name_en'],
  optionalColumns: [
    'name_ar',
    'busNumber',
    'driver_name_en',
    'driver_name_ar',
    'driverPhone',
    'assistant_name_en',
    'assistant_name_ar',
    'assistantPhone',
  ],
  keyColumn: 'sourcedId',
  parseRow(record, row, status) {
    const read = rowReader(record, row);
    const required = { required: status === 'active' };
    const value: TRouteRow = {
      sourcedId: read.text('sourcedId', { required: true }),
      nameEn: titleOf(read, 'name_en', required),
      nameAr: titleOf(read, 'name_ar'),
      busNumber: titleOf(read, 'busNumber'),
      driverNameEn: titleOf(read, 'driver_name_en'),
      driverNameAr: titleOf(read, 'driver_name_ar'),
      driverPhone: phoneOf(read, 'driverPhone'),
      assistantNameEn: titleOf(read, 'assistant_name_en'),
      assistantNameAr: titleOf(read, 'assistant_name_ar'),
      assistantPhone: phoneOf(read, 'assistantPhone'),
    };
    return read.problems.length > 0 ? { problems: read.problems } : { value };
  },
  async apply(tx, context, rows) {
    const { schoolId } = context;
    const { active, deleted } = byStatus(rows);
    const written = await upsertRows(tx, transportRoutes, {
      target: [transportRoutes.schoolId, transportRoutes.routeId],
      update: [
        transportRoutes.nameEn,
        transportRoutes.nameAr,
        transportRoutes.busNumber,
        transportRoutes.driverNameEn,
        transportRoutes.driverNameAr,
        transportRoutes.driverPhone,
        transportRoutes.assistantNameEn,
        transportRoutes.assistantNameAr,
        transportRoutes.assistantPhone,
        transportRoutes.removedAt,
      ],
      rows: active.map(({ value: { sourcedId, ...value } }) => ({
        schoolId,
        routeId: sourcedId,
        ...value,
        removedAt: null,
      })),
    });
    const removed = await removeRows(tx, context, transportRoutes, {
      school: transportRoutes.schoolId,
      id: transportRoutes.routeId,
      removedAt: transportRoutes.removedAt,
      deleted: sourcedIdsOf(deleted),
      kept: sourcedIdsOf(active),
    });
    return appliedCounts(rows.length, written, removed);
  },
};

type TStopRow = {
  sourcedId: string;
  routeId: string;
  seq: number;
  nameEn: string;
  nameAr: string;
  pickupAt: string | null;
  dropAt: string | null;
};

const knownRoutes = (tx: TDatabase, schoolId: string, ids: string[]) =>
  idsAmong(
    tx,
    schoolId,
    { school: transportRoutes.schoolId, id: transportRoutes.routeId, removedAt: transportRoutes.removedAt },
    ids,
  );

export const transportStopsFile: TBundleFileHandler<TStopRow> = {
  file: 'transport_stops.csv',
  columns: ['sourcedId', 'routeSourcedId', 'seq', 'name_en'],
  optionalColumns: ['name_ar', 'pickupTime', 'dropTime'],
  after: ['transport_routes.csv'],
  keyColumn: 'sourcedId',
  parseRow(record, row, status) {
    const read = rowReader(record, row);
    const required = { required: status === 'active' };
    const value: TStopRow = {
      sourcedId: read.text('sourcedId', { required: true }),
      routeId: read.text('routeSourcedId', required),
      seq: wholeNumberOf(read, 'seq', { min: 1, max: 500 }, required) ?? 1,
      nameEn: titleOf(read, 'name_en', required),
      nameAr: titleOf(read, 'name_ar'),
      pickupAt: timeOf(read, 'pickupTime'),
      dropAt: timeOf(read, 'dropTime'),
    };
    return read.problems.length > 0 ? { problems: read.problems } : { value };
  },
  async apply(tx, context, rows) {
    const { schoolId } = context;
    const { active, deleted } = byStatus(rows);
    const valid = await checkReferences(tx, context, active, [
      {
        column: 'routeSourcedId',
        idOf: (value) => value.routeId,
        known: (ids) => knownRoutes(tx, schoolId, ids),
        unknown: (id) => `no route of the school has the id "${id}" (transport_routes.csv)`,
      },
    ]);
    const written = await upsertRows(tx, transportStops, {
      target: [transportStops.schoolId, transportStops.stopId],
      update: [
        transportStops.routeId,
        transportStops.seq,
        transportStops.nameEn,
        transportStops.nameAr,
        transportStops.pickupAt,
        transportStops.dropAt,
        transportStops.removedAt,
      ],
      rows: valid.map(({ value: { sourcedId, ...value } }) => ({
        schoolId,
        stopId: sourcedId,
        ...value,
        removedAt: null,
      })),
    });
    const removed = await removeRows(tx, context, transportStops, {
      school: transportStops.schoolId,
      id: transportStops.stopId,
      removedAt: transportStops.removedAt,
      deleted: sourcedIdsOf(deleted),
      kept: sourcedIdsOf(active),
    });
    return appliedCounts(rows.length, written, removed);
  },
};

type TAssignmentRow = { enrollNumber: string; stopId: string };

/** The route of each of these stops of the school (not removed). */
async function routesOfStops(tx: TDatabase, schoolId: string, stopIds: readonly string[]) {
  const found = new Map<string, string>();
  for (const batch of batchesOf([...new Set(stopIds)], 1)) {
    const rows = await tx
      .select({ stopId: transportStops.stopId, routeId: transportStops.routeId })
      .from(transportStops)
      .where(
        and(
          eq(transportStops.schoolId, schoolId),
          among(transportStops.stopId, batch),
          isNull(transportStops.removedAt),
        ),
      );
    for (const row of rows) found.set(row.stopId, row.routeId);
  }
  return found;
}

export const transportAssignmentsFile: TBundleFileHandler<TAssignmentRow> = {
  file: 'transport_assignments.csv',
  columns: ['enrollNumber', 'stopSourcedId'],
  optionalColumns: ['sourcedId'],
  after: ['users.csv', 'transport_stops.csv'],
  keyColumn: 'enrollNumber',
  parseRow(record, row, status) {
    const read = rowReader(record, row);
    const value: TAssignmentRow = {
      enrollNumber: read.text('enrollNumber', { required: true }),
      stopId: read.text('stopSourcedId', { required: status === 'active' }),
    };
    return read.problems.length > 0 ? { problems: read.problems } : { value };
  },
  async apply(tx, context, rows) {
    const { schoolId } = context;
    const { active, deleted } = byStatus(rows);
    const routeOf = await routesOfStops(
      tx,
      schoolId,
      active.map(({ value }) => value.stopId),
    );
    const valid = await checkReferences(tx, context, active, [
      { kind: 'student', column: 'enrollNumber', idOf: (value) => value.enrollNumber },
      {
        column: 'stopSourcedId',
        idOf: (value) => value.stopId,
        known: async () => new Set(routeOf.keys()),
        unknown: (id) => `no stop of the school has the id "${id}" (transport_stops.csv)`,
      },
    ]);
    const written = await upsertRows(tx, transportAssignments, {
      target: [transportAssignments.schoolId, transportAssignments.enrollNumber],
      update: [transportAssignments.routeId, transportAssignments.stopId],
      rows: valid.map(({ value }) => ({
        schoolId,
        enrollNumber: value.enrollNumber,
        routeId: routeOf.get(value.stopId) ?? '',
        stopId: value.stopId,
      })),
    });
    const enrollNumbers = (list: typeof rows) => list.map((row) => row.value.enrollNumber);
    const removed = await removeRows(tx, context, transportAssignments, {
      school: transportAssignments.schoolId,
      id: transportAssignments.enrollNumber,
      deleted: enrollNumbers(deleted),
      kept: enrollNumbers(active),
    });
    return appliedCounts(rows.length, written, removed);
  },
};

/** The transport files of a school-data bundle. */
export const transportBundleFiles: TAnyBundleFileHandler[] = [
  transportRoutesFile,
  transportStopsFile,
  transportAssignmentsFile,
];
