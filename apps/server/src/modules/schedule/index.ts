import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TDatabase } from '../../db/client.ts';
import type { TSchoolAddress } from '../../school-address.ts';
import { requireSession } from '../../plugins/auth.ts';
import { agendaRoutes } from './agenda.ts';
import { attendanceRoutes } from './attendance.ts';
import { calendarRoutes } from './calendar.ts';
import { calendarFeedRoutes } from './calendar-feed.ts';
import { teacherRoutes } from './teachers.ts';
import { timetableRoutes } from './timetable.ts';

/**
 * The schedule family's parent APIs under /v1/ppn (docs/modules.md F1): attendance, timetable,
 * academic calendar (with the parent's calendar feed address), agenda and teachers. Every
 * route needs a session and the school's grant of its module, and reads a child only
 * through the access layer.
 */
export const scheduleRoutes: FastifyPluginAsyncZod<{ db: TDatabase; schoolAddress: TSchoolAddress }> = async (
  app,
  { db, schoolAddress },
) => {
  requireSession(app);
  attendanceRoutes(app, db);
  timetableRoutes(app, db);
  calendarRoutes(app, db);
  calendarFeedRoutes(app, db, schoolAddress);
  agendaRoutes(app, db);
  teacherRoutes(app, db);
};
