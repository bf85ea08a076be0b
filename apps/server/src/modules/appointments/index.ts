import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appointmentEndpoints, ZAppointmentIdParams } from '@portal/contracts/families/appointments';
import { MessageId } from '@portal/contracts/messages';
import type { TDatabase } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';
import {
  appointmentForCalendar,
  bookAppointment,
  cancelAppointment,
  listAppointments,
  listSlots,
  staffOfChild,
} from './appointments.ts';
import { APPOINTMENT_REMINDER_INTERVAL_MS, remindDueAppointments } from './appointment-reminders.ts';
import { appointmentIcs } from './ics.ts';

/**
 * The appointments module's parent APIs under /v1/ppn (docs/modules.md F5): the staff a parent
 * may meet about a child, their free slots, booking, the family's appointments, cancelling and
 * an appointment's iCalendar file. Every route needs a session and the school's grant of
 * `appointments`, and reads the children only through the access layer.
 */
export const appointmentRoutes: FastifyPluginAsyncZod<{ db: TDatabase }> = async (app, { db }) => {
  requireSession(app);
  addEndpoint(app, appointmentEndpoints.staff, async (request) => ({
    success: true,
    messageId: MessageId.ok,
    staff: await staffOfChild(db, request.session, request.query.enrollNumber),
  }));
  addEndpoint(app, appointmentEndpoints.slots, async (request) => ({
    success: true,
    messageId: MessageId.ok,
    ...(await listSlots(db, request.session, request.query)),
  }));
  addEndpoint(app, appointmentEndpoints.list, async (request) => ({
    success: true,
    messageId: MessageId.ok,
    ...(await listAppointments(db, request.session)),
  }));
  addEndpoint(app, appointmentEndpoints.book, async (request, reply) => {
    const booked = await bookAppointment(db, request.session, request.body);
    return reply.code(201).send({ success: true, messageId: MessageId.ok, ...booked });
  });
  addEndpoint(app, appointmentEndpoints.cancel, async (request) => ({
    success: true,
    messageId: MessageId.ok,
    appointment: await cancelAppointment(db, request.session, request.params.id),
  }));
  app.get(
    '/appointments/:id/ics',
    {
      config: { module: 'appointments' },
      schema: {
        params: ZAppointmentIdParams,
        querystring: z.object({ lng: z.enum(['en', 'ar']).optional() }),
      },
    },
    async (request, reply) => {
      const found = await appointmentForCalendar(db, request.session, request.params.id);
      const text = appointmentIcs(found.view, {
        schoolId: request.session.schoolId,
        timeZone: found.timeZone,
        language: request.query.lng ?? 'en',
      });
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="appointment-${found.view.id}.ics"`)
        .header('cache-control', 'no-store')
        .send(text);
    },
  );
  // Booked appointments are reminded the day before (appointment-reminders.ts).
  app.runEvery('appointment-reminders', APPOINTMENT_REMINDER_INTERVAL_MS, async () => {
    await remindDueAppointments(db);
  });
};
