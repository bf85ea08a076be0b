import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { LIMITS } from '@portal/contracts/constants';
import type { TConfig } from './config.ts';
import type { TDatabaseHandle } from './db/client.ts';
import { errorsPlugin, sendFrameworkError } from './plugins/errors.ts';
import { answerClientError } from './plugins/client-error.ts';
import { queryLimitPlugin } from './plugins/query-limit.ts';
import { nulCharactersPlugin } from './plugins/nul-characters.ts';
import { securityPlugin } from './plugins/security.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { tenantPlugin } from './plugins/tenant.ts';
import { authPlugin } from './plugins/auth.ts';
import { setSessionIdleMs } from './access/session.ts';
import { moduleAccessPlugin } from './plugins/module-access.ts';
import { webAppPlugin } from './plugins/web-app.ts';
import { gracefulClosePlugin } from './plugins/graceful-close.ts';
import { openApiPlugin, openApiRoute } from './plugins/openapi.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { answerCachePlugin } from './plugins/answer-cache.ts';
import { cacheBusPlugin } from './plugins/cache-bus.ts';
import { backgroundPlugin } from './plugins/background.ts';
import { createMailer } from './mail/mailer.ts';
import path from 'node:path';
import { healthRoutes } from './modules/health/routes.ts';
import { schoolRoutes } from './modules/school/routes.ts';
import { appManifestRoutes } from './modules/school/app-manifest.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { socialRoutes } from './modules/auth/social/routes.ts';
import { parentRoutes } from './modules/parent/routes.ts';
import { photoRoutes } from './modules/parent/photo-routes.ts';
import { localeRoutes } from './modules/locales/routes.ts';
import { feeRoutes } from './modules/fees/routes.ts';
import { paymentLinkRoutes } from './modules/fees/links-routes.ts';
import { walletRoutes } from './modules/fees/wallet-routes.ts';
import { paymentsModule } from './modules/payments/plugin.ts';
import { documentRoutes } from './modules/documents/routes.ts';
import { renderPoolPlugin } from './kits/documents/render-pool.ts';
import { attachmentRoutes } from './modules/home/attachments.ts';
import { scheduleRoutes } from './modules/schedule/index.ts';
import { icalRoutes } from './modules/schedule/calendar-feed.ts';
import { staffAttendanceRoutes } from './modules/schedule/staff-attendance.ts';
import { schoolDataRoutes } from './modules/school-data/routes.ts';
import { inboxRoutes } from './modules/inbox/index.ts';
import { unsubscribeRoutes } from './modules/inbox/unsubscribe-routes.ts';
import { resultsRoutes } from './modules/results/index.ts';
import { staffPublishRoutes } from './modules/results/staff-publish.ts';
import { careRoutes } from './modules/care/index.ts';
import { careReadsRoutes } from './modules/care/read-log.ts';
import { publicationRoutes } from './modules/publications/index.ts';
import { publicationPictureRoutes } from './modules/publications/pictures.ts';
import { staffCircularRoutes } from './modules/publications/staff-circulars.ts';
import { staffThreadRoutes } from './modules/publications/staff-threads.ts';
import { surveyRoutes } from './modules/surveys/index.ts';
import { tripRoutes } from './modules/trips/index.ts';
import { appointmentRoutes } from './modules/appointments/index.ts';
import { staffSlotRoutes } from './modules/appointments/staff-slots.ts';
import { linkRoutes } from './modules/links/index.ts';
import { identityRoutes } from './modules/profile/identity-routes.ts';
import { kycRoutes } from './modules/profile/kyc-routes.ts';
import { profileKindHooks } from './modules/profile/profile-hooks.ts';
import { profileRoutes } from './modules/profile/profile-routes.ts';
import { staffStudentIdRoutes } from './modules/profile/student-id.ts';
import { requestRoutes } from './modules/requests/index.ts';
import { staffRequestRoutes } from './modules/requests/staff-requests.ts';
import { exitSlipRoutes } from './modules/requests/exit-slips.ts';
import { gateExitSlipRoutes } from './modules/requests/gate-exit-slips.ts';
import { staffDocumentRequestRoutes, uploadsParentRoutes } from './modules/requests/uploads.ts';
import { accountSettingsRoutes } from './modules/account/settings.ts';
import { accountSignInRoutes } from './modules/account/sign-ins.ts';
import { accountPasswordRoutes } from './modules/account/password.ts';
import { accountEmailRoutes } from './modules/account/email.ts';
import { passkeyRoutes } from './modules/account/passkeys/routes.ts';
import { passkeySignInRoutes } from './modules/account/passkeys/sign-in-routes.ts';
import { homeActionRoutes } from './modules/home/actions.ts';
import { homeGlanceRoutes } from './modules/home/glance.ts';
import { scheduleHomeGlance } from './modules/schedule/home-glance.ts';
import { resultsHomeGlance } from './modules/results/home-glance.ts';
import { feesHomeActions } from './modules/fees/home-actions.ts';
import { resultsHomeActions } from './modules/results/home-actions.ts';
import { tripsHomeActions } from './modules/trips/home-actions.ts';
import { publicationsHomeActions } from './modules/publications/home-actions.ts';
import { careHomeActions } from './modules/care/home-actions.ts';
import { surveysHomeActions } from './modules/surveys/home-actions.ts';
import { profileHomeActions } from './modules/profile/home-actions.ts';
import { requestsHomeActions } from './modules/requests/home-actions.ts';
import { appointmentsHomeActions } from './modules/appointments/home-actions.ts';
import { scheduleHomeActions } from './modules/schedule/home-actions.ts';
import { notificationMailPlugin } from './modules/inbox/mail-job.ts';
import { notificationPushPlugin } from './modules/inbox/push-job.ts';
import { pushRoutes } from './modules/inbox/push-routes.ts';
import { requireApiKey } from './plugins/api-key.ts';
import { schoolAddress } from './school-address.ts';

export type TAppOptions = {
  config: TConfig;
  database: TDatabaseHandle;
  /** Where the log goes instead of standard output (tests read it). */
  logStream?: { write: (line: string) => void };
};

/** Builds the Fastify instance: external plugins, then the portal's plugins, then routes. */
export async function buildApp({ config, database, logStream }: TAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, ...(logStream ? { stream: logStream } : {}) },
    bodyLimit: LIMITS.jsonBodyBytes,
    trustProxy: config.trustProxy,
    // Let in-flight requests finish on close; idle keep-alive sockets are closed at once.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    // A client must send its whole request in time (then 408): a trickled body or headers
    // cannot hold a connection, nor hold up a shutdown, for ever.
    requestTimeout: config.timeouts.requestMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    // Node checks the two time-outs above at this interval (30 s by default, which would double them).
    http: { headersTimeout: config.timeouts.headersMs, connectionsCheckingInterval: 1_000 },
    frameworkErrors: sendFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(gracefulClosePlugin, { requestTimeoutMs: config.timeouts.requestMs });
  await app.register(errorsPlugin);
  await app.register(queryLimitPlugin);
  await app.register(nulCharactersPlugin);
  await app.register(securityPlugin);
  await app.register(compressionPlugin);
  await app.register(backgroundPlugin);
  await app.register(rateLimitPlugin, { redisUrl: config.redisUrl });
  await app.register(cacheBusPlugin, { database });
  await app.register(tenantPlugin, { db: database.db });
  setSessionIdleMs(database.db, config.sessionIdleSeconds * 1000);
  await app.register(authPlugin, { db: database.db });
  await app.register(answerCachePlugin, { db: database.db, awaitsNotices: config.readCacheAwaitsNotices });
  await app.register(moduleAccessPlugin, { db: database.db });
  await app.register(webAppPlugin, { webDistDir: config.webDistDir, db: database.db });
  await app.register(openApiPlugin);

  const db = database.db;
  await app.register(healthRoutes, { prefix: '/api', database });
  await app.register(openApiRoute, { prefix: '/api' });
  await app.register(schoolRoutes, { prefix: '/api/v1/oa/public', db, isProduction: config.isProduction });
  // Each school's installable app: its manifest and icons, by the host's school.
  await app.register(appManifestRoutes, { db });
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log: app.log,
    logOutboxText: !config.isProduction,
  });
  await app.register(authRoutes, { prefix: '/api/v1/ppn/auth', db, config, mailer });
  await app.register(socialRoutes, { prefix: '/api/v1/ppn/auth', db, config });
  await app.register(parentRoutes, { prefix: '/api/v1/ppn/parent', db, photos: config.photos });
  await app.register(photoRoutes, { db });
  await app.register(feeRoutes, {
    prefix: '/api/v1/ppn',
    db,
    docNoPerParentPerMinute: config.docNoRateLimitPerParent,
  });
  await app.register(paymentLinkRoutes, { prefix: '/api/v1/ppn', db });
  await app.register(walletRoutes, { prefix: '/api/v1/ppn', db });
  // Outside production the address names the port the server really listens on (PORT=0 picks one).
  const listeningPort = () => {
    const address = app.server.address();
    return typeof address === 'object' && address ? address.port : config.port;
  };
  const addressOf = (schoolId: string) => schoolAddress({ ...config, port: listeningPort() }, schoolId);
  await app.register(paymentsModule, { db, config: config.payments, schoolAddress: addressOf });
  // Every family's PDFs are drawn on the render threads; the worker file knows their renderers.
  await app.register(renderPoolPlugin, {
    ...config.documents,
    workerFile: path.join(import.meta.dirname, 'render-worker.ts'),
  });
  await app.register(documentRoutes, { prefix: '/api/v1/ppn', db, config: config.documents });
  await app.register(attachmentRoutes, { prefix: '/api/v1/ppn', db, config: config.attachments });
  await app.register(scheduleRoutes, { prefix: '/api/v1/ppn', db, schoolAddress: addressOf });
  await app.register(icalRoutes, { db });
  await app.register(inboxRoutes, { prefix: '/api/v1/ppn', db });
  // A mail's unsubscribe link works without signing in (docs/notifications.md).
  await app.register(unsubscribeRoutes, { prefix: '/api/v1/oa/public', db });
  await app.register(resultsRoutes, { prefix: '/api/v1/ppn', db });
  await app.register(careRoutes, { prefix: '/api/v1/ppn', db });
  await app.register(publicationRoutes, { prefix: '/api/v1/ppn', db });
  await app.register(publicationPictureRoutes, { db });
  await app.register(surveyRoutes, { prefix: '/api/v1/ppn', db });
  await app.register(tripRoutes, { prefix: '/api/v1/ppn', db });
  await app.register(appointmentRoutes, { prefix: '/api/v1/ppn', db });
  await app.register(linkRoutes, { prefix: '/api/v1/ppn', db });
  await app.register(identityRoutes, { prefix: '/api/v1/ppn', db });
  await app.register(kycRoutes, { prefix: '/api/v1/ppn', db });
  await app.register(profileRoutes, { prefix: '/api/v1/ppn', db });
  await app.register(requestRoutes, { prefix: '/api/v1/ppn', db });
  await app.register(exitSlipRoutes, { prefix: '/api/v1/ppn', db });
  await app.register(uploadsParentRoutes, { prefix: '/api/v1/ppn', db });
  await app.register(accountSettingsRoutes, { prefix: '/api/v1/ppn', db });
  await app.register(accountSignInRoutes, { prefix: '/api/v1/ppn', db });
  await app.register(accountPasswordRoutes, { prefix: '/api/v1/ppn', db, config, mailer });
  await app.register(accountEmailRoutes, { prefix: '/api/v1/ppn', db, config, mailer });
  // Passkeys: added in the account settings, signed in with at /auth (relying party: the school's host).
  await app.register(passkeyRoutes, { prefix: '/api/v1/ppn', db, config, mailer, schoolAddress: addressOf });
  await app.register(passkeySignInRoutes, { prefix: '/api/v1/ppn', db, config, schoolAddress: addressOf });
  // Home's "needs your action": every family's providers (docs/modules.md section 5).
  await app.register(homeActionRoutes, {
    prefix: '/api/v1/ppn',
    db,
    // A trip's payment is listed by the trips family before the fee family lists its fee line.
    providers: [
      ...tripsHomeActions,
      ...feesHomeActions,
      ...resultsHomeActions,
      ...publicationsHomeActions,
      ...careHomeActions,
      ...surveysHomeActions,
      ...profileHomeActions,
      ...requestsHomeActions,
      ...appointmentsHomeActions,
      ...scheduleHomeActions,
    ],
  });
  // Home's "today at a glance" per child: the schedule and results families' parts.
  await app.register(homeGlanceRoutes, {
    prefix: '/api/v1/ppn',
    db,
    providers: { ...scheduleHomeGlance, ...resultsHomeGlance },
  });
  await app.register(notificationMailPlugin, { db, mailer, schoolAddress: addressOf });
  // Web Push to the parents' browsers (docs/notifications.md, "Notifications on a device").
  await app.register(pushRoutes, { prefix: '/api/v1/ppn', db, isProduction: config.isProduction });
  await app.register(notificationPushPlugin, { db, mailFrom: config.mailFrom });
  // The staff API (docs/school-data.md): school systems, with a `staff` key; each family adds its routes.
  await app.register(
    async (staffApi) => {
      requireApiKey(staffApi, db, 'staff');
      await staffApi.register(staffAttendanceRoutes, { db });
      await staffApi.register(careReadsRoutes, { db });
      await staffApi.register(staffPublishRoutes, { db });
      await staffApi.register(staffCircularRoutes, { db });
      await staffApi.register(staffThreadRoutes, { db });
      await staffApi.register(staffRequestRoutes, { db, kinds: profileKindHooks });
      await staffApi.register(staffDocumentRequestRoutes, { db });
      await staffApi.register(staffStudentIdRoutes, { db });
      await staffApi.register(staffSlotRoutes, { db });
    },
    { prefix: '/api/v1/staff' },
  );
  // The gate's checks of exit slips (docs/school-data.md, "The staff API's gate"): a `gate` or `staff` key.
  await app.register(
    async (gateApi) => {
      requireApiKey(gateApi, db, ['gate', 'staff']);
      await gateApi.register(gateExitSlipRoutes, { db });
    },
    { prefix: '/api/v1/staff/gate' },
  );
  // The sync API (docs/school-data.md): school systems send their bundles, with a `sis` key.
  await app.register(
    async (syncApi) => {
      requireApiKey(syncApi, db, 'sis');
      await syncApi.register(schoolDataRoutes, { db });
    },
    { prefix: '/api/v1/sis' },
  );
  if (!config.isProduction) await app.register(localeRoutes, { db, limits: config.missingTranslations });
  return app;
}
