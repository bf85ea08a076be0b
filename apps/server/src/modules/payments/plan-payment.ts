import { and, eq } from 'drizzle-orm';
import { checkPaymentChoice, type TPaymentRefusal } from '@portal/contracts/money';
import { TOPUP_LIMITS, type TCreatePaymentRequest } from '@portal/contracts/fees';
import { MessageId } from '@portal/contracts/messages';
import { ApiError, notYourChild } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import { parentStudents, paymentLinks } from '../../db/schema/index.ts';
import { feeSettingsOf, listOutstandingItems, type TFeeSettings } from '../fees/repository.ts';
import { ownChildJoin, requireOwnChild } from '../../access/own-child.ts';

/** What a payment will pay, checked against the database. */
export type TPaymentPlan = {
  amountMinor: number;
  currency: string;
  enrollNumber: string | null;
  paymentLinkId: string | null;
  allocations: {
    feeItemId: string | null;
    enrollNumber: string;
    nameEn: string;
    nameAr: string;
    amountMinor: number;
  }[];
};

type TSession = { schoolId: string; parentId: string };

/** Business-rule refusals of a well-formed request answer 422 (409 for a closed link). */
const REFUSALS: Record<
  TPaymentRefusal,
  { messageId: (typeof MessageId)[keyof typeof MessageId]; text: string }
> = {
  empty: { messageId: MessageId.paymentAmountInvalid, text: 'Choose at least one fee line' },
  'not-positive': { messageId: MessageId.paymentAmountInvalid, text: 'Every amount must be positive' },
  'duplicate-item': { messageId: MessageId.paymentAmountInvalid, text: 'A fee line is named twice' },
  'more-than-outstanding': {
    messageId: MessageId.paymentAmountInvalid,
    text: 'An amount is more than the fee line still owes',
  },
  'partial-not-allowed': {
    messageId: MessageId.partialPaymentNotAllowed,
    text: 'The school takes only whole fee lines',
  },
  'below-minimum': {
    messageId: MessageId.paymentBelowMinimum,
    text: "The part paid towards a fee line is below the school's minimum partial payment",
  },
};

/**
 * Checks a payment request against the parent's own data and the school's rules, inside the
 * transaction that creates the payment (fee lines and links are locked until it ends).
 */
export async function planPayment(
  tx: TDatabase,
  session: TSession,
  request: TCreatePaymentRequest,
): Promise<TPaymentPlan> {
  const settings = await feeSettingsOf(tx, session.schoolId);
  if (request.kind === 'fees') return planFees(tx, session, request, settings);
  if (request.kind === 'topup') {
    const child = await requireOwnChild(tx, session, request.enrollNumber);
    if (request.amountMinor < TOPUP_LIMITS.minimumMinor || request.amountMinor > TOPUP_LIMITS.maximumMinor) {
      throw new ApiError(422, MessageId.topUpOutOfRange, 'The top-up is outside the allowed range');
    }
    return {
      amountMinor: request.amountMinor,
      currency: settings.currency,
      enrollNumber: child.enrollNumber,
      paymentLinkId: null,
      allocations: [
        {
          feeItemId: null,
          enrollNumber: child.enrollNumber,
          nameEn: 'Wallet top-up',
          nameAr: 'شحن المحفظة',
          amountMinor: request.amountMinor,
        },
      ],
    };
  }
  return planLink(tx, session, request.linkId, settings.currency);
}

async function planFees(
  tx: TDatabase,
  session: TSession,
  request: Extract<TCreatePaymentRequest, { kind: 'fees' }>,
  settings: TFeeSettings,
): Promise<TPaymentPlan> {
  const ids = [...new Set(request.items.map((item) => item.feeItemId))];
  const items = await listOutstandingItems(tx, session.schoolId, session.parentId, ids);
  // A line of another parent's child, of another school, or no line at all: refused alike.
  if (items.length !== ids.length) throw notYourChild();
  const choice = request.items.map((item) => ({ itemId: item.feeItemId, amountMinor: item.amountMinor }));
  const refusal = checkPaymentChoice(choice, items, settings);
  if (refusal) throw new ApiError(422, REFUSALS[refusal].messageId, REFUSALS[refusal].text);
  const amounts = new Map(choice.map((entry) => [entry.itemId, entry.amountMinor]));
  // In the lines' due order, so a receipt reads oldest first.
  const allocations = items.map((item) => ({
    feeItemId: item.id,
    enrollNumber: item.enrollNumber,
    nameEn: `${item.nameEn} (${item.academicYear}, term ${item.term})`,
    nameAr: `${item.nameAr} (${item.academicYear}، الفصل ${item.term})`,
    amountMinor: amounts.get(item.id) ?? 0,
  }));
  return {
    amountMinor: allocations.reduce((sum, allocation) => sum + allocation.amountMinor, 0),
    currency: settings.currency,
    enrollNumber: null,
    paymentLinkId: null,
    allocations,
  };
}

async function planLink(
  tx: TDatabase,
  session: TSession,
  linkId: string,
  currency: string,
): Promise<TPaymentPlan> {
  const [link] = await tx
    .select({
      id: paymentLinks.id,
      enrollNumber: paymentLinks.enrollNumber,
      descriptionEn: paymentLinks.descriptionEn,
      descriptionAr: paymentLinks.descriptionAr,
      amountMinor: paymentLinks.amountMinor,
      expiresOn: paymentLinks.expiresOn,
      paymentId: paymentLinks.paymentId,
    })
    .from(paymentLinks)
    .innerJoin(parentStudents, ownChildJoin(paymentLinks, session.parentId))
    .where(and(eq(paymentLinks.id, linkId), eq(paymentLinks.schoolId, session.schoolId)))
    .for('update', { of: paymentLinks });
  if (!link) throw notYourChild();
  const today = new Date().toISOString().slice(0, 10);
  if (link.paymentId !== null || link.expiresOn < today) {
    throw new ApiError(409, MessageId.paymentLinkClosed, 'The payment link is already paid or has expired');
  }
  if (link.amountMinor <= 0)
    throw new ApiError(422, MessageId.paymentAmountInvalid, 'The link asks for nothing');
  return {
    amountMinor: link.amountMinor,
    currency,
    enrollNumber: link.enrollNumber,
    paymentLinkId: link.id,
    allocations: [
      {
        feeItemId: null,
        enrollNumber: link.enrollNumber,
        nameEn: link.descriptionEn,
        nameAr: link.descriptionAr,
        amountMinor: link.amountMinor,
      },
    ],
  };
}
