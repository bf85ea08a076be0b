import type {
  TAppointmentStaffList,
  TAppointments,
  TBookAppointmentBody,
  TBookedAppointment,
  TCancelledAppointment,
  TSlots,
} from '@portal/contracts/families/appointments';
import { PARENT_API_PATH } from '@portal/contracts/endpoint';
import { api } from '../../lib/api.ts';
import { endpointQueryFn } from '../../lib/endpoint-query.ts';

/**
 * Appointments with teachers (docs/modules.md F5, module `appointments`), each query derived
 * from its endpoint entry; the entries load with the first call, so zod stays off the first page.
 */
const entries = () => import('@portal/contracts/families/appointments').then((m) => m.appointmentEndpoints);

export type TSlotsRequest = { staffId: string; from: string; to: string };

/** The API path of an appointment's iCalendar file (`?lng=en|ar` picks its language). */
export const appointmentIcsPath = (id: string) =>
  `${PARENT_API_PATH}/appointments/${encodeURIComponent(id)}/ics`;

export const appointmentsApi = api
  .enhanceEndpoints({ addTagTypes: ['Appointments', 'AppointmentSlots'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** The staff a parent may meet about a child, with their free slots. */
      getAppointmentStaff: build.query<TAppointmentStaffList, string>({
        queryFn: endpointQueryFn(
          () => entries().then((e) => e.staff),
          (enrollNumber: string) => ({ query: { enrollNumber } }),
        ),
        providesTags: ['AppointmentSlots'],
      }),
      /** A staff member's free slots in these school days. */
      getAppointmentSlots: build.query<TSlots, TSlotsRequest>({
        queryFn: endpointQueryFn(
          () => entries().then((e) => e.slots),
          (request: TSlotsRequest) => ({ query: request }),
        ),
        providesTags: ['AppointmentSlots'],
      }),
      /** The family's appointments, those to come first. */
      getAppointments: build.query<TAppointments, void>({
        queryFn: endpointQueryFn(
          () => entries().then((e) => e.list),
          () => ({}),
        ),
        providesTags: ['Appointments'],
      }),
      bookAppointment: build.mutation<TBookedAppointment, TBookAppointmentBody>({
        queryFn: endpointQueryFn(
          () => entries().then((e) => e.book),
          (body: TBookAppointmentBody) => ({ body }),
        ),
        invalidatesTags: ['Appointments', 'AppointmentSlots'],
      }),
      cancelAppointment: build.mutation<TCancelledAppointment, string>({
        queryFn: endpointQueryFn(
          () => entries().then((e) => e.cancel),
          (id: string) => ({ params: { id } }),
        ),
        invalidatesTags: ['Appointments', 'AppointmentSlots'],
      }),
    }),
  });

export const {
  useGetAppointmentStaffQuery,
  useGetAppointmentSlotsQuery,
  useGetAppointmentsQuery,
  useBookAppointmentMutation,
  useCancelAppointmentMutation,
} = appointmentsApi;
