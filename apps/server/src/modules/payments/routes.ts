import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { feeEndpoints, type TPaymentAnswer } from '@portal/contracts/fees';
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
import { addEndpoint } from '../../plugins/endpoint-route.ts';
import { requestLanguage } from '../../request-language.ts';
import type { TSchoolAddress } from '../../school-address.ts';

export type TPaymentRouteOptions = {
  ctx: TPaymentsContext;
  /** Where the provider sends the browser back: the school's portal address. */
  schoolAddress: TSchoolAddress;
  /** Payment requests a minute one parent may send. */
  createPerMinute: number;
};

/**
 * /v1/ppn/payments: a parent starts a payment and follows it. The module a payment needs
 * depends on its kind (fees, top-up, link), so the handlers check it (`assertModuleGranted`,
 * the rule of `config.module`).
 */
export const paymentRoutes: FastifyPluginAsyncZod<TPaymentRouteOptions> = async (
  app,
  { ctx, schoolAddress, createPerMinute },
) => {
  requireSession(app);
  const perParent = app.limit({
    max: createPerMinute,
    windowMs: 60_000,
    key: (request) => `payment:${request.session.schoolId}:${request.session.parentId}`,
  });

  addEndpoint(
    app,
    feeEndpoints.createPayment,
    async (request, reply) => {
      const { school } = request;
      // Configuration requires PUBLIC_BASE_URL wherever there is no local default (production).
      const baseUrl = schoolAddress(school.schoolId);
      if (!baseUrl) {
        throw new ApiError(
          503,
          MessageId.paymentProviderUnavailable,
          'The portal’s public address is not configured',
        );
      }
      const { created, row, allocations } = await createPayment(
        ctx,
        request.session,
        { schoolId: school.schoolId, nameEn: school.nameEn, nameAr: school.nameAr },
        request.body,
        {
          baseUrl,
          language: requestLanguage(request),
        },
      );
      return reply.code(created ? 201 : 200).send(answerOf(row, allocations));
    },
    { preHandler: perParent },
  );

  addEndpoint(app, feeEndpoints.payment, async (request) => {
    const { schoolId, parentId } = request.session;
    const row = await findOwnPayment(ctx.db, schoolId, parentId, request.params.id);
    // Another parent's payment and no payment at all answer alike.
    if (!row) throw new ApiError(404, MessageId.notFound, 'No such payment');
    await assertModuleGranted(ctx.db, request.session, MODULE_OF_KIND[row.kind]);
    return answerOf(row, await listAllocations(ctx.db, row.id));
  });
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
