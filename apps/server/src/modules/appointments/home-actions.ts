import { schoolToday } from '../../access/school.ts';
import type { THomeActionDraft, THomeActionProvider } from '../../kits/home-actions.ts';
import { listAppointments } from './appointments.ts';

// What the appointments family asks of a parent on Home (docs/modules.md section 5), read with
// the appointments page's own query, so an appointment leaves once cancelled or begun.

/** How far ahead a booked appointment is worth a line on Home. */
export const APPOINTMENT_SOON_DAYS = 7;
const DAY_MS = 86_400_000;
/** The most appointments one answer names (the nearest first). */
const MAX_ITEMS = 50;

/** The family's booked appointments that begin within APPOINTMENT_SOON_DAYS, the nearest first. */
const appointmentSoon: THomeActionProvider = {
  modules: ['appointments'],
  async items({ db, schoolId, parentId, now }) {
    const { timeZone, items } = await listAppointments(db, { schoolId, parentId });
    const last = now.getTime() + APPOINTMENT_SOON_DAYS * DAY_MS;
    return items
      .filter((item) => {
        const startsAt = Date.parse(item.slot.startsAt);
        return item.status === 'booked' && startsAt > now.getTime() && startsAt <= last;
      })
      .slice(0, MAX_ITEMS)
      .map((item): THomeActionDraft => {
        const staffAr = item.staffNameAr || item.staffName;
        const topic = item.topic ? ` · ${item.topic}` : '';
        return {
          kind: 'appointmentSoon',
          enrollNumber: item.enrollNumber,
          title: `${item.staffName}${topic}`,
          titleAr: `${staffAr}${topic}`,
          dueOn: schoolToday(timeZone, new Date(item.slot.startsAt)),
          overdue: false,
          amount: null,
          source: item.id,
        };
      });
  },
};

/** What the appointments family asks of a parent on Home (docs/modules.md section 5). */
export const appointmentsHomeActions: readonly THomeActionProvider[] = [appointmentSoon];
