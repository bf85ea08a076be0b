import { TZDate } from '@date-fns/tz';
import type { TRequestStatus } from '@portal/contracts/kits/requests';
import type { TDatabase } from '../client.ts';
import { createRequest, moveRequest } from '../../kits/request-workflow.ts';
import { exitSlipCode, hashCode } from '../../modules/requests/exit-slip-code.ts';
import { EXIT_SLIP_KIND, keepCode } from '../../modules/requests/exit-slip-store.ts';
import { demoSchoolDaysAhead } from './demo-calendar.ts';
import type { TDemoSchool } from './demo-schools.ts';

// What the demo families did with exit slips (docs/modules.md section 6): at `mogra`, parent@mogra.demo
// has an exit slip for Omar on the next school day, approved by the school, whose gate code the page shows,
// and one for Layla the school day after, under review. Every other family has one slip for its first
// child a week of school days ahead (cancelled at `mogra`, so its list stays nearly empty; waiting at the schools
// that do not grant exit slips, so the access tests meet real rows behind the gate). Made
// through the request workflow, as a parent's request and the school's decision would be.

const PARENT = 'MG-P001';
/** The head of school, who decides the demo's slips. */
const OFFICE = 'stf-99';

type TDemoSlip = {
  parentId: string;
  enrollNumber: string;
  /** School days after the seed day. */
  inDays: number;
  time: readonly [number, number];
  collector: { name: string; relation: string; phone: string };
  /** The moves after submission, and by whom. */
  moves: readonly { to: TRequestStatus; by: 'staff' | 'parent'; note?: string }[];
};

const PARENT_SLIPS: readonly Omit<TDemoSlip, 'parentId'>[] = [
  {
    enrollNumber: 'MG1001',
    inDays: 1,
    time: [13, 30],
    collector: { name: 'Khalid Al Mansouri', relation: 'Uncle', phone: '+971 50 123 4567' },
    moves: [
      { to: 'in_review', by: 'staff' },
      { to: 'approved', by: 'staff', note: 'Approved. Please come to the main gate.' },
    ],
  },
  {
    enrollNumber: 'MG1002',
    inDays: 2,
    time: [11, 0],
    collector: { name: 'فاطمة المنصوري', relation: 'الجدة', phone: '+971 55 765 4321' },
    moves: [{ to: 'in_review', by: 'staff' }],
  },
];

/** The slips of a demo school: the demo parent's at `mogra`, and one of every other family's. */
function slipsOf(school: TDemoSchool): TDemoSlip[] {
  const others = school.parents.filter((parent) => parent.parentId !== PARENT);
  return [
    ...(school.schoolId === 'mogra' ? PARENT_SLIPS.map((slip) => ({ ...slip, parentId: PARENT })) : []),
    ...others.flatMap((parent) => {
      const child = parent.children[0];
      if (!child) return [];
      return [
        {
          parentId: parent.parentId,
          enrollNumber: child.enrollNumber,
          inDays: 5,
          time: [12, 0] as const,
          collector: { name: 'Sam Carter', relation: 'Family friend', phone: '+971 50 000 1234' },
          moves: school.schoolId === 'mogra' ? [{ to: 'cancelled' as const, by: 'parent' as const }] : [],
        },
      ];
    }),
  ];
}

/** A time on the school's clock, as a summary says it: `2026-11-28 13:30`. */
const summaryTime = (day: string, [hours, minutes]: readonly [number, number]) =>
  `${day} ${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;

export async function seedDemoExitSlipActivity(
  db: TDatabase,
  school: TDemoSchool,
  today: string,
): Promise<void> {
  const schoolId = school.schoolId;
  for (const slip of slipsOf(school)) {
    const day = demoSchoolDaysAhead(schoolId, today, slip.inDays);
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    const leaveAt = new Date(
      new TZDate(year, month - 1, date, slip.time[0], slip.time[1], 0, school.timeZone).getTime(),
    );
    const row = await createRequest(
      db,
      {
        schoolId,
        kind: EXIT_SLIP_KIND,
        parentId: slip.parentId,
        enrollNumbers: [slip.enrollNumber],
        payload: {
          leaveAt: leaveAt.toISOString(),
          leaveDay: day,
          collector: slip.collector,
          summary: `${summaryTime(day, slip.time)} · ${slip.collector.name} (${slip.collector.relation})`,
        },
        status: 'submitted',
      },
      { kind: 'parent', id: slip.parentId },
    );
    const key = { schoolId, requestId: row.requestId };
    for (const move of slip.moves) {
      const actor =
        move.by === 'staff'
          ? { kind: 'staff' as const, id: OFFICE }
          : { kind: 'parent' as const, id: slip.parentId };
      await moveRequest(db, key, move.to, actor, { note: move.note ?? '' });
    }
    if (slip.moves.at(-1)?.to === 'approved') await keepCode(db, key, hashCode(await exitSlipCode(db, key)));
  }
}
