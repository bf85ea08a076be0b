import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { SCHOOL_ID_PATTERN, type TLanguage } from '@portal/contracts/constants';
import { MessageId } from '@portal/contracts/messages';
import { addDays } from '@portal/contracts/kits/dates';
import { scheduleEndpoints } from '@portal/contracts/families/schedule';
import type { TDatabase } from '../../db/client.ts';
import type { TSchoolAddress } from '../../school-address.ts';
import { calendarFeeds, parentSettings, schools } from '../../db/schema/index.ts';
import { firstNameOf } from '../../kits/notify.ts';
import { schoolToday } from '../../access/school.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';
import { notFound, sendApiError } from '../../plugins/errors.ts';
import { isModuleGranted } from '../../plugins/module-access.ts';
import { calendarEventsOf } from './calendar.ts';
import { icsOf, type TFeed } from './ical-feed.ts';
import { childrenOf, schoolWeekOf } from './repository.ts';
import { lessonsOf } from './timetable.ts';

const ok = { success: true, messageId: MessageId.ok } as const;

/** What the feed holds around today: lessons ahead, the calendar a month back and a year ahead. */
const LESSON_DAYS = 14;
const EVENTS_BEFORE_DAYS = 31;
const EVENTS_AFTER_DAYS = 365;

// 32 random bytes, base64url: the token is the capability, like a photo's id under /media.
const newToken = () => randomBytes(32).toString('base64url');
const ZToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/**
 * GET calendar/feed and POST calendar/feed/rotate (module `academicCalendar`): the parent's
 * personal iCalendar address, made on first asking; rotating it makes a new one, and the
 * old one answers 404 from then on.
 */
export function calendarFeedRoutes(app: FastifyInstance, db: TDatabase, schoolAddress: TSchoolAddress): void {
  const urlOf = (schoolId: string, token: string) =>
    `${schoolAddress(schoolId) ?? ''}/ical/${encodeURIComponent(schoolId)}/${token}.ics`;

  addEndpoint(app, scheduleEndpoints.calendarFeed, async (request) => {
    const { schoolId, parentId } = request.session;
    await db.insert(calendarFeeds).values({ schoolId, parentId, token: newToken() }).onConflictDoNothing();
    const [feed] = await db
      .select({ token: calendarFeeds.token })
      .from(calendarFeeds)
      .where(and(eq(calendarFeeds.schoolId, schoolId), eq(calendarFeeds.parentId, parentId)));
    if (!feed) throw new Error('the calendar feed was not kept');
    return { ...ok, url: urlOf(schoolId, feed.token) };
  });

  addEndpoint(app, scheduleEndpoints.rotateCalendarFeed, async (request) => {
    const { schoolId, parentId } = request.session;
    const token = newToken();
    await db
      .insert(calendarFeeds)
      .values({ schoolId, parentId, token })
      .onConflictDoUpdate({
        target: [calendarFeeds.schoolId, calendarFeeds.parentId],
        set: { token, createdAt: sql`now()` },
      });
    return { ...ok, url: urlOf(schoolId, token) };
  });
}

/**
 * GET /ical/:schoolId/:token.ics: the feed itself, for calendar apps (which send no header):
 * the token is the capability. An unknown or rotated token, or a school that no longer
 * grants the academic calendar, answers 404.
 */
export const icalRoutes: FastifyPluginAsyncZod<{ db: TDatabase }> = async (app, { db }) => {
  app.get(
    '/ical/:schoolId/:token.ics',
    { schema: { params: z.object({ schoolId: z.string().regex(SCHOOL_ID_PATTERN), token: ZToken }) } },
    async (request, reply) => {
      const { schoolId, token } = request.params;
      const feed = await feedOf(db, schoolId, token);
      if (!feed) return sendApiError(reply, notFound);
      return reply
        .header('cache-control', 'private, max-age=900')
        .header('content-disposition', `inline; filename="${schoolId}.ics"`)
        .type('text/calendar; charset=utf-8')
        .send(icsOf(feed));
    },
  );
};

/** What the feed with this token holds, or null when there is no such feed. */
async function feedOf(db: TDatabase, schoolId: string, token: string): Promise<TFeed | null> {
  const [owner] = await db
    .select({
      parentId: calendarFeeds.parentId,
      schoolNameEn: schools.nameEn,
      schoolNameAr: schools.nameAr,
      language: parentSettings.language,
    })
    .from(calendarFeeds)
    .innerJoin(schools, eq(schools.schoolId, calendarFeeds.schoolId))
    .leftJoin(
      parentSettings,
      and(
        eq(parentSettings.schoolId, calendarFeeds.schoolId),
        eq(parentSettings.parentId, calendarFeeds.parentId),
      ),
    )
    .where(and(eq(calendarFeeds.schoolId, schoolId), eq(calendarFeeds.token, token)));
  if (!owner || !(await isModuleGranted(db, schoolId, 'academicCalendar'))) return null;
  const language: TLanguage = owner.language === 'ar' ? 'ar' : 'en';
  const [week, children, withLessons, withDueDates] = await Promise.all([
    schoolWeekOf(db, schoolId),
    childrenOf(db, { schoolId, parentId: owner.parentId }),
    isModuleGranted(db, schoolId, 'timetable'),
    isModuleGranted(db, schoolId, 'agenda'),
  ]);
  const today = schoolToday(week.timeZone);
  const lessons = [];
  if (withLessons) {
    for (const child of children) {
      for (const lesson of await lessonsOf(db, child, today, addDays(today, LESSON_DAYS - 1)))
        lessons.push({ enrollNumber: child.enrollNumber, lesson });
    }
  }
  const events = await calendarEventsOf(
    db,
    schoolId,
    children,
    addDays(today, -EVENTS_BEFORE_DAYS),
    addDays(today, EVENTS_AFTER_DAYS),
    withDueDates,
  );
  return {
    schoolId,
    schoolName: language === 'ar' && owner.schoolNameAr ? owner.schoolNameAr : owner.schoolNameEn,
    timeZone: week.timeZone,
    language,
    children: children.map((child) => ({
      enrollNumber: child.enrollNumber,
      firstName: firstNameOf({ ...child, firstName: child.passportFirstNameEn }),
    })),
    lessons,
    events,
  };
}
