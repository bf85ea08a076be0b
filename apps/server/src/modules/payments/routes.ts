import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ZCreatePaymentRequest, ZPaymentAnswer, type TPaymentAnswer } from '@portal/contracts/fees';
import { MessageId } from '@portal/contracts/messages';
import { ApiError } from '../../api-error.ts';
import { assertModuleGranted } from '../../plugins/module-access.ts';
import { createPayment, MODULE_OF_KIND, type TPaymentsContext } from './create-payment.ts';
import {
  effectiveStatus,
  findOwnPayment,
  listAllocations,
  toPayment,
  type TAllocationRow,
  type TPaymentRow,
} from './repository.ts';
import { requireSession } from '../../plugins/auth.ts';

export type TPaymentRouteOptions = { ctx: TPaymentsContext; publicBaseUrl: string | null };

/**
 * /v1/ppn/payments: a parent starts a payment and follows it. The module a payment needs
 * depends on its kind (fees, top-up, link), so the handlers check it (`assertModuleGranted`,
 * the rule of `config.module`).
 */
export const paymentRoutes: FastifyPluginAsyncZod<TPaymentRouteOptions> = async (
  app,
  { ctx, publicBaseUrl },
) => {
  requireSession(app);

  app.post(
    '/payments',
    { schema: { body: ZCreatePaymentRequest, response: { 200: ZPaymentAnswer, 201: ZPaymentAnswer } } },
    async (request, reply) => {
      const { school } = request;
      const { created, row, allocations } = await createPayment(
        ctx,
        request.session,
        { schoolId: school.schoolId, nameEn: school.nameEn, nameAr: school.nameAr },
        request.body,
        baseUrlOf(request, publicBaseUrl),
      );
      return reply.code(created ? 201 : 200).send(answerOf(row, allocations));
    },
  );

  app.get(
    '/payments/:id',
    { schema: { params: z.object({ id: z.uuid() }), response: { 200: ZPaymentAnswer } } },
    async (request) => {
      const { schoolId, parentId } = request.session;
      const row = await findOwnPayment(ctx.db, schoolId, parentId, request.params.id);
      // Another parent's payment and no payment at all answer alike.
      if (!row) throw new ApiError(404, MessageId.notFound, 'No such payment');
      await assertModuleGranted(ctx.db, request.session, MODULE_OF_KIND[row.kind]);
      return answerOf(row, await listAllocations(ctx.db, row.id));
    },
  );
};

function answerOf(row: TPaymentRow, allocations: readonly TAllocationRow[]): TPaymentAnswer {
  const now = new Date();
  const pending = effectiveStatus(row, now) === 'pending';
  return {
    success: true,
    messageId: pending ? MessageId.paymentStarted : MessageId.ok,
    payment: toPayment(row, allocations, now),
    redirectUrl: pending ? row.redirectUrl : null,
  };
}

/**
 * Where the provider sends the browser back: PUBLIC_BASE_URL (with `{schoolId}`) when set,
 * otherwise the host this request came to (the school's own).
 */
function baseUrlOf(request: FastifyRequest, publicBaseUrl: string | null): string {
  if (publicBaseUrl) return publicBaseUrl.replaceAll('{schoolId}', request.school.schoolId);
  return `${request.protocol}://${request.host}`;
}
