import { z } from 'zod';
import { ZApiResult } from '../api-result.ts';
import { endpoint } from '../endpoint.ts';
import { ZEnrollNumber } from '../fees.ts';
import { ZDay, ZInstant, ZInstantInput } from '../kits/dates.ts';

/**
 * Appointments with teachers (F5 of docs/modules.md, module `appointments`): the school offers
 * its staff's free slots (staff_slots.csv, docs/school-data.md); a parent books one with a
 * teacher who teaches or cares for their child, may cancel it up to 12 hours before, and adds it
 * to their calendar (.ics).
 */

export const APPOINTMENT_MODES = ['in_person', 'video'] as const;
export const APPOINTMENT_STATUSES = ['booked', 'cancelled'] as const;

/** The longest topic a parent may give. */
export const MAX_APPOINTMENT_TOPIC_LENGTH = 500;
/** Cancelling is possible until this many hours before the start (then 409 `R005`). */
export const APPOINTMENT_CANCEL_HOURS = 12;
/** The longest span of days a slot query may cover. */
export const MAX_SLOT_RANGE_DAYS = 31;

const ZId = z.string().min(1).max(128);
export const ZAppointmentIdParams = z.object({ id: z.string().uuid() });

export const ZAppointmentStaff = z.object({
  id: z.string(),
  name: z.string(),
  nameAr: z.string(),
  title: z.string(),
  titleAr: z.string(),
  /** Free slots from now on. */
  freeSlots: z.number().int().nonnegative(),
});
export type TAppointmentStaff = z.infer<typeof ZAppointmentStaff>;

export const ZAppointmentStaffQuery = z.object({ enrollNumber: ZEnrollNumber });
export const ZAppointmentStaffList = ZApiResult.extend({ staff: z.array(ZAppointmentStaff) });
export type TAppointmentStaffList = z.infer<typeof ZAppointmentStaffList>;

export const ZSlot = z.object({
  id: z.string(),
  staffId: z.string(),
  startsAt: ZInstant,
  endsAt: ZInstant,
  location: z.string(),
  locationAr: z.string(),
  mode: z.enum(APPOINTMENT_MODES),
});
export type TSlot = z.infer<typeof ZSlot>;

export const ZSlotsQuery = z.object({
  staffId: ZId,
  /** The school days to cover (the school's zone); today and the next 13 days when not given. */
  from: ZDay.optional(),
  to: ZDay.optional(),
});
export const ZSlots = ZApiResult.extend({
  /** The school's time zone, to show the slots at the school's hours. */
  timeZone: z.string(),
  slots: z.array(ZSlot),
});
export type TSlots = z.infer<typeof ZSlots>;

export const ZAppointment = z.object({
  id: z.string(),
  slot: ZSlot,
  staffName: z.string(),
  staffNameAr: z.string(),
  enrollNumber: ZEnrollNumber,
  childName: z.string(),
  topic: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  bookedAt: ZInstant,
  /** Still possible to cancel (booked, more than 12 hours ahead). */
  cancellable: z.boolean(),
});
export type TAppointment = z.infer<typeof ZAppointment>;

export const ZAppointments = ZApiResult.extend({
  timeZone: z.string(),
  /** Upcoming booked appointments first (the nearest first), then past or cancelled ones. */
  items: z.array(ZAppointment),
});
export type TAppointments = z.infer<typeof ZAppointments>;

export const ZBookAppointmentBody = z.object({
  slotId: ZId,
  enrollNumber: ZEnrollNumber,
  topic: z.string().trim().min(1).max(MAX_APPOINTMENT_TOPIC_LENGTH),
});
export type TBookAppointmentBody = z.infer<typeof ZBookAppointmentBody>;

export const ZBookedAppointment = ZApiResult.extend({
  appointment: ZAppointment,
  /** The appointment as an iCalendar file (the portal's path). */
  icsUrl: z.string(),
});
export type TBookedAppointment = z.infer<typeof ZBookedAppointment>;

export const ZCancelledAppointment = ZApiResult.extend({ appointment: ZAppointment });
export type TCancelledAppointment = z.infer<typeof ZCancelledAppointment>;

/** The path of an appointment's iCalendar file under the parent API. */
export const appointmentIcsPath = (id: string) => `/appointments/${encodeURIComponent(id)}/ics`;

/** The most slots one staff API call may add. */
export const MAX_STAFF_SLOTS_PER_CALL = 200;

/** POST /api/v1/staff/slots (docs/school-data.md, "staff_slots.csv"): a teacher's free times. */
export const ZStaffSlotsBody = z.object({
  staffId: ZId,
  slots: z
    .array(
      z.object({
        startsAt: ZInstantInput,
        endsAt: ZInstantInput,
        location: z.string().trim().max(200).default(''),
        locationAr: z.string().trim().max(200).default(''),
        mode: z.enum(APPOINTMENT_MODES).default('in_person'),
      }),
    )
    .min(1)
    .max(MAX_STAFF_SLOTS_PER_CALL),
});
export type TStaffSlotsBody = z.infer<typeof ZStaffSlotsBody>;

export const ZStaffSlotsAnswer = ZApiResult.extend({ slotIds: z.array(z.string()) });

export const appointmentEndpoints = {
  staff: endpoint({
    method: 'GET',
    path: '/appointments/staff',
    module: 'appointments',
    query: ZAppointmentStaffQuery,
    response: ZAppointmentStaffList,
  }),
  slots: endpoint({
    method: 'GET',
    path: '/appointments/slots',
    module: 'appointments',
    query: ZSlotsQuery,
    response: ZSlots,
  }),
  list: endpoint({ method: 'GET', path: '/appointments', module: 'appointments', response: ZAppointments }),
  book: endpoint({
    method: 'POST',
    path: '/appointments',
    module: 'appointments',
    body: ZBookAppointmentBody,
    response: ZBookedAppointment,
    created: true,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/appointments/:id/cancel',
    module: 'appointments',
    params: ZAppointmentIdParams,
    response: ZCancelledAppointment,
  }),
};
