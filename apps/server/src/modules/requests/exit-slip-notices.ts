import type { TDatabase } from '../../db/client.ts';
import { schoolToday } from '../../access/school.ts';
import { childFirstNames, noticeDay, notify } from '../../kits/notify.ts';

// The notice of a handover at the gate (docs/modules.md F5, "Exit slip"; docs/notifications.md):
// `safety.exitHandover`, always instant, to every parent of the child, naming the collector
// and the time on the school's clock.

export const HANDOVER_NOTICE_KIND = 'safety.exitHandover';

/** A time of day on the school's clock, `14:32` (Latin digits in both languages). */
function clockTime(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

/** The day on the school's clock, `YYYY-MM-DD`. */
/** Tells the child's parents that the child was handed over to the collector at `at`. */
export async function noticeHandover(
  tx: TDatabase,
  handover: {
    schoolId: string;
    requestId: string;
    enrollNumber: string;
    collector: { name: string; relation: string };
    at: Date;
    timeZone: string;
  },
): Promise<number> {
  const { schoolId, enrollNumber, collector, at, timeZone } = handover;
  const child = (await childFirstNames(tx, schoolId, [enrollNumber])).get(enrollNumber) ?? enrollNumber;
  const time = clockTime(at, timeZone);
  const day = schoolToday(timeZone, at);
  return notify(tx, {
    schoolId,
    enrollNumber,
    category: 'safety',
    kind: HANDOVER_NOTICE_KIND,
    dedupeKey: `exitSlip.handover:${handover.requestId}`,
    title: {
      en: `${child} has left school with ${collector.name}`,
      ar: `غادر ${child} المدرسة مع ${collector.name}`,
    },
    body: {
      en: `${child} was handed over at the gate to ${collector.name} (${collector.relation}) at ${time} on ${noticeDay('en', day)}.`,
      ar: `سُلِّم ${child} عند البوابة إلى ${collector.name} (${collector.relation}) الساعة ${time} يوم ${noticeDay('ar', day)}.`,
    },
    path: '/exit-slip-request',
    at,
  });
}
