import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { surveyEndpoints } from '@portal/contracts/families/surveys';
import { MessageId } from '@portal/contracts/messages';
import type { TDatabase } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';
import { noticeDueSurveys, SURVEY_NOTICE_INTERVAL_MS } from './survey-notices.ts';
import { listSurveys, respondToSurvey, surveyDetail } from './surveys.ts';

/**
 * The survey module's parent APIs under /v1/ppn (docs/modules.md F5): the family's surveys, one
 * survey with its questions, and answering it once. Every route needs a session and the
 * school's grant of `survey`, and reads the children only through the access layer.
 */
export const surveyRoutes: FastifyPluginAsyncZod<{ db: TDatabase }> = async (app, { db }) => {
  requireSession(app);
  addEndpoint(app, surveyEndpoints.surveys, async (request) => ({
    success: true,
    messageId: MessageId.ok,
    items: await listSurveys(db, request.session),
  }));
  addEndpoint(app, surveyEndpoints.survey, async (request) => ({
    success: true,
    messageId: MessageId.ok,
    ...(await surveyDetail(db, request.session, request.params.id)),
  }));
  addEndpoint(app, surveyEndpoints.respond, async (request, reply) => {
    const { answeredAt } = await respondToSurvey(db, request.session, request.params.id, request.body);
    return reply.code(201).send({ success: true, messageId: MessageId.ok, answeredAt });
  });
  // Surveys that open on a later day are told when they open (survey-notices.ts).
  app.runEvery('survey-notices', SURVEY_NOTICE_INTERVAL_MS, async () => {
    await noticeDueSurveys(db);
  });
};
