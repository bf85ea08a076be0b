import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiResult } from '@portal/contracts/api-result';
import { MessageId } from '@portal/contracts/messages';
import { ApiError } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import { applyProviderEvent } from './apply-event.ts';
import { WebhookSignatureError, type TPaymentProvider } from './provider.ts';

const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * POST /api/v1/webhooks/payments/:provider: the provider's report of a checkout's outcome.
 * Public (no session, no client-id: the school is the payment's), raw body, signature
 * checked before anything is read. Every verified event answers 200, so the provider stops
 * resending; only a bad signature (400 F008) asks it to try again.
 */
export const webhookRoutes: FastifyPluginAsyncZod<{
  db: TDatabase;
  provider: TPaymentProvider | null;
}> = async (app, { db, provider }) => {
  // The signature covers the exact bytes: keep the body as a Buffer (this plugin only).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_r, body, done) => done(null, body),
  );

  app.post(
    '/:provider',
    {
      config: { tenant: false },
      schema: {
        params: z.object({ provider: z.string().max(40) }),
        response: { 200: ZApiResult },
      },
    },
    async (request) => {
      if (!provider || request.params.provider !== provider.name) {
        throw new ApiError(404, MessageId.notFound, 'No such payment provider');
      }
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      let event;
      try {
        event = provider.verifyWebhook(rawBody, request.headers);
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          throw new ApiError(400, MessageId.webhookSignatureInvalid, `Webhook refused: ${error.message}`);
        }
        throw error;
      }
      if (!event) return { success: true, messageId: MessageId.ok };
      const { result, payment } = await applyProviderEvent(db, provider.name, event);
      request.log.info(
        { provider: provider.name, eventId: event.eventId, type: event.type, result, paymentId: payment?.id },
        'payment webhook',
      );
      return { success: true, messageId: MessageId.ok };
    },
  );
};
