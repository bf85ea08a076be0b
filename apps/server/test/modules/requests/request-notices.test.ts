import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@portal/contracts/kits/dates';
import type { TAppointments } from '@portal/contracts/families/appointments';
import { schoolToday } from '../../../src/access/school.ts';
import { notifications } from '../../../src/db/schema/index.ts';
import { headerOf } from '../../../src/kits/bundle-file.ts';
import { remindDueAppointments } from '../../../src/modules/appointments/appointment-reminders.ts';
import { csvText } from '../../../src/modules/school-data/csv-text.ts';
import { surveyQuestionsFile, surveysFile } from '../../../src/modules/surveys/import.ts';
import { noticeDueSurveys } from '../../../src/modules/surveys/survey-notices.ts';
import { tripsFile } from '../../../src/modules/trips/import.ts';
import { noticeDueTrips } from '../../../src/modules/trips/trip-notices.ts';
import { buildTestApp, signIn, type TTestApp } from '../../helper.ts';
import { answerOf, importFiles, parentApi } from '../publications/circulars-data.ts';

// The request family's own notices (docs/modules.md F5, "Events"): a trip waiting for consent
// (`requests.consentDue`, per child), a survey that opens (`requests.surveyOpen`), and the
// reminder of an appointment the day before (`calendar.appointmentReminder`), each told once.
// On the demo (db/seed/demo-trips.ts, demo-surveys.ts): Layla's zoo trip and Yousef's farm visit
// wait for consent, Omar's desert camp was told and then consented; surveys are open.

describe('notices of trips, surveys and appointments', () => {
  let t: TTestApp;
  const today = schoolToday('Asia/Dubai');
  const PARENT = 'MG-P001';

  const noticesOf = (kind: string, parentId = PARENT) =>
    t.database.db
      .select({
        key: notifications.dedupeKey,
        child: notifications.enrollNumber,
        title: notifications.titleEn,
      })
      .from(notifications)
      .where(
        and(
          eq(notifications.schoolId, 'mogra'),
          eq(notifications.parentId, parentId),
          like(notifications.kind, kind),
        ),
      )
      .orderBy(asc(notifications.dedupeKey));

  beforeAll(async () => {
    t = await buildTestApp();
  }, 180_000);
  afterAll(() => t.close());

  it('tells each child’s parents of a trip that waits for their consent, once, from the import', async () => {
    const due = await noticesOf('requests.consentDue');
    // Omar's desert camp was told before his parent consented (the demo's history).
    expect(due.map((notice) => [notice.key, notice.child])).toEqual([
      ['requests.consentDue:trip-mg-desert:MG1001', 'MG1001'],
      ['requests.consentDue:trip-mg-farm:MG1003', 'MG1003'],
      ['requests.consentDue:trip-mg-zoo:MG1002', 'MG1002'],
    ]);
    expect(due[2]?.title).toMatch(/^Consent needed for Layla: /);
    expect(await noticeDueTrips(t.database.db)).toBe(0);

    // A trip published for tomorrow is told when its time comes, not before, and only once.
    const later = `${addDays(today, 1)}T07:00:00+04:00`;
    await importFiles(
      t,
      'mogra',
      new Map([
        [
          'trips.csv',
          csvText(headerOf(tripsFile), [
            {
              sourcedId: 'trip-later',
              title_en: 'Science museum',
              title_ar: 'متحف العلوم',
              departsAt: `${addDays(today, 9)}T08:00:00+04:00`,
              returnsAt: `${addDays(today, 9)}T13:00:00+04:00`,
              consentBy: addDays(today, 6),
              grades: '9',
              publishedAt: later,
            },
          ]),
        ],
      ]),
    );
    expect((await noticesOf('requests.consentDue')).length).toBe(3);
    const after = new Date(Date.parse(later) + 60_000);
    expect(await noticeDueTrips(t.database.db, after)).toBeGreaterThan(0);
    expect(await noticeDueTrips(t.database.db, after)).toBe(0);
    expect((await noticesOf('requests.consentDue')).map((notice) => notice.key)).toContain(
      'requests.consentDue:trip-later:MG1001',
    );
  });

  it('tells the parents of a survey when it opens, once, naming the child of a survey about each child', async () => {
    const open = await noticesOf('requests.surveyOpen');
    expect(open.length).toBeGreaterThan(0);
    expect(open.every((notice) => notice.key.startsWith('requests.surveyOpen:'))).toBe(true);

    await importFiles(
      t,
      'mogra',
      new Map([
        [
          'surveys.csv',
          csvText(headerOf(surveysFile), [
            {
              sourcedId: 'survey-tomorrow',
              title_en: 'Lunch menu',
              title_ar: 'قائمة الغداء',
              opensOn: addDays(today, 1),
              closesOn: addDays(today, 8),
              perChild: 'true',
              grades: '6',
              publishedAt: `${today}T00:00:00+04:00`,
            },
          ]),
        ],
        [
          'survey_questions.csv',
          csvText(headerOf(surveyQuestionsFile), [
            {
              sourcedId: 'survey-tomorrow-q1',
              surveySourcedId: 'survey-tomorrow',
              position: '1',
              kind: 'rating',
              text_en: 'How do you like it?',
              text_ar: 'ما رأيك؟',
            },
          ]),
        ],
      ]),
    );
    const key = 'requests.surveyOpen:survey-tomorrow:MG1002';
    expect((await noticesOf('requests.surveyOpen')).map((notice) => notice.key)).not.toContain(key);
    const opened = new Date(`${addDays(today, 1)}T06:00:00+04:00`);
    expect(await noticeDueSurveys(t.database.db, opened)).toBeGreaterThan(0);
    expect(await noticeDueSurveys(t.database.db, opened)).toBe(0);
    const told = (await noticesOf('requests.surveyOpen')).find((notice) => notice.key === key);
    expect(told).toMatchObject({ child: 'MG1002', title: 'A survey about Layla: Lunch menu' });
  });

  it('reminds the family of a booked appointment within the day before it, once', async () => {
    const mogra = parentApi(t, 'mogra', await signIn(t.app, 'mogra', 'parent@mogra.demo'));
    const { items } = await answerOf<TAppointments>(mogra.get('/appointments'));
    const booked = items.find((item) => item.status === 'booked');
    expect(booked).toBeDefined();
    const startsAt = Date.parse(booked!.slot.startsAt);
    const key = `appointment:${booked!.id}:reminder`;
    const remindersOfBooking = async () =>
      (await noticesOf('calendar.appointmentReminder')).filter((notice) => notice.key === key);
    // Other bookings of the demo may start within the day after any of these moments (which
    // ones depends on the day the demo was seeded): only this booking's reminder is counted.
    await remindDueAppointments(t.database.db, new Date(startsAt - 30 * 3_600_000));
    expect(await remindersOfBooking()).toHaveLength(0);
    expect(await remindDueAppointments(t.database.db, new Date(startsAt - 3_600_000))).toBeGreaterThan(0);
    expect(await remindersOfBooking()).toHaveLength(1);
    await remindDueAppointments(t.database.db, new Date(startsAt - 1_800_000));
    const reminders = await remindersOfBooking();
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({
      child: booked!.enrollNumber,
      title: `Reminder: appointment with ${booked!.staffName}`,
    });
  });
});
