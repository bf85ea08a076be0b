import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TDatabase } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { assessmentRoutes } from './assessments.ts';
import { assignmentRoutes } from './assignments.ts';
import { coScholasticRoutes } from './co-scholastic.ts';
import { insightsRoutes } from './insights.ts';
import { DRAWING_INTERVAL_MS, drawPublishedReportCards } from './report-card-drawings.ts';
import { reportCardPdfRoutes } from './report-card-pdf.ts';
import { reportCardListRoutes } from './report-cards.ts';
import { marksheetRoutes } from './marksheet.ts';
import { RELEASE_NOTICE_INTERVAL_MS, sendReleaseNotices } from './release-notices.ts';

/**
 * The graded-results family's parent APIs under /v1/ppn (docs/modules.md F2): assignments,
 * assessment marks, the marksheet, co-scholastic grades, report cards and insights. Every
 * route needs a session and the school's grant of its module, reads a child only through the
 * access layer, and shows only what the school has released (the publication gate).
 */
export const resultsRoutes: FastifyPluginAsyncZod<{ db: TDatabase }> = async (app, { db }) => {
  requireSession(app);
  assignmentRoutes(app, db);
  assessmentRoutes(app, db);
  marksheetRoutes(app, db);
  coScholasticRoutes(app, db);
  insightsRoutes(app, db);
  reportCardListRoutes(app, db);
  reportCardPdfRoutes(app, db);
  // Scheduled releases are told when their time comes (release-notices.ts).
  app.runEvery('results-release-notices', RELEASE_NOTICE_INTERVAL_MS, async () => {
    await sendReleaseNotices(db);
  });
  // Published cards are drawn ahead of the parents opening them (report-card-drawings.ts); a
  // closing app waits for the cards in flight only, not for every card still to draw.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.runEvery('report-card-drawings', DRAWING_INTERVAL_MS, async () => {
    await drawPublishedReportCards(app.documentRenderer, db, () => closing);
  });
};
