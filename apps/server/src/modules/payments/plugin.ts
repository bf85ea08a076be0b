import type { FastifyInstance } from 'fastify';
import type { TPaymentConfig } from '../../config.ts';
import type { TDatabase } from '../../db/client.ts';
import type { TSchoolAddress } from '../../school-address.ts';
import type { TPaymentsContext } from './create-payment.ts';
import type { TPaymentProvider } from './provider.ts';
import { paymentRoutes } from './routes.ts';
import { createSandboxProvider } from './sandbox-provider.ts';
import { sandboxRoutes } from './sandbox-routes.ts';
import { createStripeProvider } from './stripe-provider.ts';
import { webhookRoutes } from './webhook-routes.ts';

/** Online payments: the parent's routes, the providers' webhooks and, with the sandbox, its page. */
export async function paymentsModule(
  app: FastifyInstance,
  options: { db: TDatabase; config: TPaymentConfig; schoolAddress: TSchoolAddress },
) {
  const { db, config } = options;
  let provider: TPaymentProvider | null = null;
  if (config.provider === 'sandbox') {
    // Each parent's page of every open payment, and as many closed ones, at least ten.
    const sandbox = createSandboxProvider({
      webhookSecret: config.sandboxWebhookSecret,
      perPayer: Math.max(10, 2 * config.openPerParent),
    });
    provider = sandbox;
    await app.register(sandboxRoutes, { db, sandbox });
  } else if (config.provider === 'stripe' && config.stripe) {
    provider = createStripeProvider(config.stripe);
  } else {
    app.log.warn('online payment is off: set PAYMENT_PROVIDER');
  }
  const ctx: TPaymentsContext = { db, provider, log: app.log, openPerParent: config.openPerParent };
  await app.register(paymentRoutes, {
    prefix: '/api/v1/ppn',
    ctx,
    schoolAddress: options.schoolAddress,
    createPerMinute: config.createPerMinute,
  });
  await app.register(webhookRoutes, { prefix: '/api/v1/webhooks/payments', db, provider });
}
