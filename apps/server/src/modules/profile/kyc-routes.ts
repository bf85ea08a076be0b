import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { kycEndpoints } from '@portal/contracts/families/kyc';
import { MessageId } from '@portal/contracts/messages';
import type { TDatabase } from '../../db/client.ts';
import { schoolToday, schoolWide } from '../../access/school.ts';
import { requireSession } from '../../plugins/auth.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';
import { KYC_REMINDER_INTERVAL_MS, sendKycReminders } from './kyc-reminders.ts';
import { documentView, familyDocuments, uploadKycDocument } from './kyc-store.ts';

const ok = { success: true, messageId: MessageId.ok } as const;

/**
 * The identity documents under /v1/ppn (docs/modules.md F6, module `kyc`): GET kyc/documents, the
 * types the school asks of the parent and of each child with the documents on file, and POST
 * kyc/documents, an upload (kyc-store.ts). Every route needs a session and the grant of `kyc`.
 * The expiry reminders run as a job (kyc-reminders.ts).
 */
export const kycRoutes: FastifyPluginAsyncZod<{ db: TDatabase }> = async (app, { db }) => {
  requireSession(app);
  const todayOf = async (schoolId: string) => schoolToday((await schoolWide(db, schoolId))?.timeZone);

  addEndpoint(app, kycEndpoints.documents, async (request) => {
    const owner = request.session;
    const today = await todayOf(owner.schoolId);
    return { ...ok, today, owners: await familyDocuments(db, owner, today) };
  });

  addEndpoint(app, kycEndpoints.upload, async (request, reply) => {
    const owner = request.session;
    const today = await todayOf(owner.schoolId);
    const row = await uploadKycDocument(db, owner, request.body, today);
    const document = await documentView(db, owner.schoolId, row.documentId, today);
    return reply.code(201).send({ ...ok, document });
  });

  app.runEvery('kyc-expiry-reminders', KYC_REMINDER_INTERVAL_MS, async () => {
    await sendKycReminders(db);
  });
};
