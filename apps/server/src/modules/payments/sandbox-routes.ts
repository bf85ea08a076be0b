import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TDatabase } from '../../db/client.ts';
import { requestLanguage } from '../../request-language.ts';
import type { TOutcome } from './provider.ts';
import { checkoutPage, messagePage, PAGE_CSS, pageLanguageOf } from './sandbox-page.ts';
import type { TSandboxProvider } from './sandbox-provider.ts';

const WEBHOOK_PATH = '/api/v1/webhooks/payments/sandbox';
const CHOICES: Record<'succeed' | 'decline' | 'abandon', TOutcome> = {
  succeed: 'succeeded',
  decline: 'declined',
  abandon: 'abandoned',
};

const ZRef = z.string().regex(/^sbx_[A-Za-z0-9_-]{10,60}$/);
const ZPageQuery = z.object({ lng: z.enum(['en', 'ar']).optional() });

/**
 * The sandbox provider's hosted page at /sandbox-pay/:ref (what a real provider serves on
 * its own site). A choice is reported to the portal as a signed webhook over HTTP, through
 * the same verification as a real provider's, then the browser is sent back.
 */
export const sandboxRoutes: FastifyPluginAsyncZod<{ db: TDatabase; sandbox: TSandboxProvider }> = async (
  app,
  { sandbox },
) => {
  // The page's forms post nothing but the button; the body is not read.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_r, _b, done) => done(null, {}),
  );

  app.get('/sandbox-pay/page.css', async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(PAGE_CSS),
  );

  app.get(
    '/sandbox-pay/:ref',
    { schema: { params: z.object({ ref: z.string().max(100) }), querystring: ZPageQuery } },
    async (request, reply) => {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      const ref = ZRef.safeParse(request.params.ref);
      const checkout = ref.success ? sandbox.findCheckout(ref.data) : null;
      // The language the parent used in the portal, carried in the checkout.
      const lng = pageLanguageOf(request.query.lng, checkout?.language ?? requestLanguage(request));
      if (!checkout) return reply.code(404).send(messagePage(lng, 'missing', null));
      if (checkout.outcome) return reply.code(409).send(messagePage(lng, 'closed', checkout.returnUrl));
      return reply.send(checkoutPage(checkout, lng));
    },
  );

  app.post(
    '/sandbox-pay/:ref/:choice',
    {
      schema: {
        params: z.object({ ref: z.string().max(100), choice: z.enum(['succeed', 'decline', 'abandon']) }),
        querystring: ZPageQuery,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const ref = ZRef.safeParse(request.params.ref);
      const checkout = ref.success ? sandbox.findCheckout(ref.data) : null;
      const lng = pageLanguageOf(request.query.lng, checkout?.language ?? requestLanguage(request));
      if (!checkout)
        return reply
          .code(404)
          .type('text/html; charset=utf-8')
          .send(messagePage(lng, 'missing', null));
      if (checkout.outcome) {
        return reply
          .code(409)
          .type('text/html; charset=utf-8')
          .send(messagePage(lng, 'closed', checkout.returnUrl));
      }
      const outcome = CHOICES[request.params.choice];
      checkout.outcome = outcome;
      const event = sandbox.eventFor(checkout, outcome);
      const delivered = await app
        .inject({ method: 'POST', url: WEBHOOK_PATH, headers: event.headers, payload: event.body })
        .catch((error: unknown) => {
          request.log.error({ err: error }, 'sandbox webhook delivery failed');
          return null;
        });
      if (delivered?.statusCode !== 200) {
        checkout.outcome = null;
        request.log.error({ status: delivered?.statusCode }, 'sandbox webhook was not accepted');
        const back = `/sandbox-pay/${checkout.providerRef}?lng=${lng}`;
        return reply
          .code(502)
          .type('text/html; charset=utf-8')
          .send(messagePage(lng, 'failed', back));
      }
      return reply.redirect(outcome === 'abandoned' ? checkout.cancelUrl : checkout.returnUrl, 303);
    },
  );
};
