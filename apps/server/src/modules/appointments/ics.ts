import { TZDate } from '@date-fns/tz';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { TAppointment } from '@portal/contracts/families/appointments';
import type { TLanguage } from '@portal/contracts/constants';

// One appointment as an RFC 5545 file (docs/modules.md F5, "book teacher slots, .ics"), in the
// parent's language, at the school's zone (TZID with its VTIMEZONE) like the calendar feed
// (modules/schedule/ical-feed.ts); its UID is stable, so importing it again updates it.

const WORDS: Record<TLanguage, { with: string; topic: string; child: string; video: string }> = {
  en: { with: 'Appointment with', topic: 'Topic', child: 'Child', video: 'Video call' },
  ar: { with: 'موعد مع', topic: 'الموضوع', child: 'الطالب', video: 'مكالمة فيديو' },
};

export function appointmentIcs(
  appointment: TAppointment,
  context: { schoolId: string; timeZone: string; language: TLanguage },
): string {
  const words = WORDS[context.language];
  const ar = context.language === 'ar';
  const zone = getVtimezoneComponent(context.timeZone) ? context.timeZone : null;
  const calendar = ical({
    prodId: { company: 'Parent portal', product: 'appointments', language: context.language.toUpperCase() },
    timezone: { name: null, generator: getVtimezoneComponent },
    method: appointment.status === 'cancelled' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
  });
  const staffName = (ar && appointment.staffNameAr) || appointment.staffName;
  const place = (ar && appointment.slot.locationAr) || appointment.slot.location;
  calendar.createEvent({
    id: `appointment-${appointment.id}@${context.schoolId}.parent-portal`,
    // In the school's zone, as the calendar feed gives its entries (modules/schedule/ical-feed.ts).
    start: zone ? new TZDate(appointment.slot.startsAt, zone) : new Date(appointment.slot.startsAt),
    end: zone ? new TZDate(appointment.slot.endsAt, zone) : new Date(appointment.slot.endsAt),
    ...(zone ? { timezone: zone } : {}),
    summary: `${words.with} ${staffName}`,
    description: [`${words.child}: ${appointment.childName}`, `${words.topic}: ${appointment.topic}`].join(
      '\n',
    ),
    location: appointment.slot.mode === 'video' ? [words.video, place].filter(Boolean).join(' · ') : place,
    status: appointment.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}
