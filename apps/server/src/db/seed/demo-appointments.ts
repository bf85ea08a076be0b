import { and, asc, eq } from 'drizzle-orm';
import { addDays } from '@portal/contracts/kits/dates';
import type { TDatabase } from '../client.ts';
import { staffSlots } from '../schema/index.ts';
import { headerOf } from '../../kits/bundle-file.ts';
import { bookAppointment } from '../../modules/appointments/appointments.ts';
import { staffSlotsFile } from '../../modules/appointments/import.ts';
import { csvText } from '../../modules/school-data/csv-text.ts';
import { demoRoster } from './demo-roster.ts';
import type { TDemoSchool } from './demo-schools.ts';

// The demo's meeting slots (docs/modules.md section 6: of mogra's 14 staff, 6 offer free slots),
// in the bundle as staff_slots.csv (docs/school-data.md) and through the import like a school's:
// the class teachers and some teachers of the first family's children and the counsellor, over
// the next two school weeks (Monday to Friday, after lessons, the school's zone +04:00). At bcad
// (which does not grant appointments) one teacher offers slots, for the 403 A001 gate and the
// isolation tests. After the import, parent@mogra.demo has booked one slot.

/** How many of mogra's staff offer slots. */
const MOGRA_STAFF_WITH_SLOTS = 6;
const TIMES = ['13:30', '13:50', '14:10'] as const;
const ROOMS: Record<string, readonly [string, string]> = {
  'stf-90': ['Counselling room', 'غرفة الإرشاد'],
};

/** The staff of a demo school who offer slots: teachers of its first family's children (and mogra's counsellor). */
function staffWithSlots(school: TDemoSchool): string[] {
  const { classes } = demoRoster(school);
  const children = school.parents[0]?.children ?? [];
  const taught = [
    ...new Set(
      children.flatMap((child) =>
        classes.filter((item) => item.students.includes(child.enrollNumber)).map((item) => item.teacherId),
      ),
    ),
  ];
  if (school.schoolId === 'mogra') return [...taught.slice(0, MOGRA_STAFF_WITH_SLOTS - 1), 'stf-90'];
  return school.schoolId === 'bcad' ? taught.slice(0, 1) : [];
}

/** The school days (Monday to Friday) of the next two weeks after the seed day. */
function nextSchoolDays(seedDay: string): string[] {
  const days: string[] = [];
  for (let offset = 1; offset <= 14; offset += 1) {
    const day = addDays(seedDay, offset);
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    if (weekday >= 1 && weekday <= 5) days.push(day);
  }
  return days;
}

const slotId = (staffId: string, day: string, time: string) =>
  `slot-${staffId}-${day.replaceAll('-', '')}-${time.replace(':', '')}`;

/** staff_slots.csv of a demo school's bundle (none for schools without slots). */
export function demoAppointmentFiles(school: TDemoSchool, seedDay: string): Map<string, string> {
  const files = new Map<string, string>();
  const members = staffWithSlots(school);
  if (members.length === 0) return files;
  const days = nextSchoolDays(seedDay);
  const rows = members.flatMap((staffId, index) =>
    days
      // Each member offers every other school day; the counsellor, every day.
      .filter((_day, dayIndex) => staffId === 'stf-90' || (dayIndex + index) % 2 === 0)
      .flatMap((day) =>
        TIMES.map((time) => {
          const [end] = TIMES.slice(TIMES.indexOf(time) + 1);
          const endsAt = end ?? '14:30';
          const [roomEn, roomAr] = ROOMS[staffId] ?? [
            `Meeting room ${index + 1}`,
            `غرفة الاجتماعات ${index + 1}`,
          ];
          const video = index === 2;
          return {
            sourcedId: slotId(staffId, day, time),
            status: 'active',
            staffSourcedId: staffId,
            startsAt: `${day}T${time}:00+04:00`,
            endsAt: `${day}T${endsAt}:00+04:00`,
            location_en: video ? 'Video call (link sent by email)' : roomEn,
            location_ar: video ? 'مكالمة فيديو (يُرسل الرابط بالبريد الإلكتروني)' : roomAr,
            mode: video ? 'video' : 'in_person',
          };
        }),
      ),
  );
  files.set('staff_slots.csv', csvText(headerOf(staffSlotsFile), rows));
  return files;
}

/** The first free slot of a member of staff more than a day and a half ahead (so it can still be cancelled). */
async function slotAhead(db: TDatabase, schoolId: string, staffId: string): Promise<string | undefined> {
  const slots = await db
    .select({ slotId: staffSlots.slotId, startsAt: staffSlots.startsAt })
    .from(staffSlots)
    .where(and(eq(staffSlots.schoolId, schoolId), eq(staffSlots.staffId, staffId)))
    .orderBy(asc(staffSlots.startsAt), asc(staffSlots.slotId));
  return slots.find((candidate) => candidate.startsAt.getTime() > Date.now() + 36 * 3_600_000)?.slotId;
}

/**
 * After the import, through the module's own booking: parent@mogra.demo booked a meeting with
 * their first child's class teacher; family.haddad@mogra.demo one with the counsellor about Nour;
 * at bcad the first family one with their first child's class teacher (so every family the
 * access tests swap has one). No notice is written for these.
 */
export async function seedDemoAppointmentActivity(db: TDatabase, school: TDemoSchool): Promise<void> {
  const staffIds = staffWithSlots(school);
  const bookings: { parentIndex: number; staffId: string | undefined; topic: string }[] =
    school.schoolId === 'mogra'
      ? [
          { parentIndex: 0, staffId: staffIds[0], topic: 'Progress in reading this term' },
          {
            parentIndex: school.parents.findIndex((parent) => parent.username === 'family.haddad@mogra.demo'),
            staffId: 'stf-90',
            topic: 'Settling in after the move',
          },
        ]
      : school.schoolId === 'bcad'
        ? [{ parentIndex: 0, staffId: staffIds[0], topic: 'Homework routine' }]
        : [];
  for (const booking of bookings) {
    const parent = school.parents[booking.parentIndex];
    const child = parent?.children[0];
    if (!parent || !child || !booking.staffId) continue;
    const slotId = await slotAhead(db, school.schoolId, booking.staffId);
    if (!slotId) continue;
    await bookAppointment(
      db,
      { schoolId: school.schoolId, parentId: parent.parentId },
      { slotId, enrollNumber: child.enrollNumber, topic: booking.topic },
      { notifyParents: false },
    );
  }
}
