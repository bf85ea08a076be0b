import { createHmac, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TDatabaseHandle } from '../../../src/db/client.ts';
import {
  feeItems,
  feeTypes,
  paymentEvents,
  paymentLinks,
  payments,
  schoolFeeSettings,
  wallets,
  walletTransactions,
} from '../../../src/db/schema/index.ts';

/** Rows the payment tests make for themselves, apart from whatever the demo seed holds. */
const FEE_TYPE = { code: 'test-pay', nameEn: 'Test fee', nameAr: 'رسوم اختبار' };

export async function addFeeLine(
  database: TDatabaseHandle,
  schoolId: string,
  enrollNumber: string,
  line: { totalMinor: number; paidMinor?: number; dueOn?: string },
): Promise<string> {
  await database.db
    .insert(feeTypes)
    .values({ schoolId, ...FEE_TYPE, vatRateBp: 0 })
    .onConflictDoNothing();
  const [row] = await database.db
    .insert(feeItems)
    .values({
      schoolId,
      enrollNumber,
      academicYear: '2026',
      term: 1,
      feeTypeCode: FEE_TYPE.code,
      amountMinor: line.totalMinor,
      vatRateBp: 0,
      vatMinor: 0,
      totalMinor: line.totalMinor,
      paidMinor: line.paidMinor ?? 0,
      dueOn: line.dueOn ?? '2026-09-01',
    })
    .returning({ id: feeItems.id });
  if (!row) throw new Error('no fee line');
  return row.id;
}

export async function paidOf(database: TDatabaseHandle, feeItemId: string): Promise<number> {
  const [row] = await database.db
    .select({ paid: feeItems.paidMinor })
    .from(feeItems)
    .where(eq(feeItems.id, feeItemId));
  return row?.paid ?? -1;
}

export async function setFeePolicy(
  database: TDatabaseHandle,
  schoolId: string,
  policy: { allowsPartialPayment: boolean; minimumPartialMinor: number },
): Promise<void> {
  await database.db
    .insert(schoolFeeSettings)
    .values({ schoolId, currency: 'AED', ...policy })
    .onConflictDoUpdate({ target: schoolFeeSettings.schoolId, set: policy });
}

export async function addLink(
  database: TDatabaseHandle,
  schoolId: string,
  enrollNumber: string,
  link: { amountMinor: number; expiresOn?: string },
): Promise<string> {
  const [row] = await database.db
    .insert(paymentLinks)
    .values({
      schoolId,
      enrollNumber,
      descriptionEn: 'Museum trip',
      descriptionAr: 'رحلة المتحف',
      amountMinor: link.amountMinor,
      expiresOn: link.expiresOn ?? '2099-12-31',
    })
    .returning({ id: paymentLinks.id });
  if (!row) throw new Error('no link');
  return row.id;
}

export async function linkPaymentOf(database: TDatabaseHandle, linkId: string): Promise<string | null> {
  const [row] = await database.db
    .select({ paymentId: paymentLinks.paymentId })
    .from(paymentLinks)
    .where(eq(paymentLinks.id, linkId));
  return row?.paymentId ?? null;
}

export async function walletOf(
  database: TDatabaseHandle,
  schoolId: string,
  enrollNumber: string,
): Promise<number> {
  const [row] = await database.db
    .select({ balance: wallets.balanceMinor })
    .from(wallets)
    .where(and(eq(wallets.schoolId, schoolId), eq(wallets.enrollNumber, enrollNumber)));
  return row?.balance ?? 0;
}

export async function walletRowsOf(database: TDatabaseHandle, paymentId: string) {
  return database.db.select().from(walletTransactions).where(eq(walletTransactions.paymentId, paymentId));
}

export async function paymentRow(database: TDatabaseHandle, id: string) {
  const [row] = await database.db.select().from(payments).where(eq(payments.id, id));
  if (!row) throw new Error(`no payment ${id}`);
  return row;
}

export async function countPayments(database: TDatabaseHandle, schoolId: string, idempotencyKey: string) {
  const [row] = await database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(payments)
    .where(and(eq(payments.schoolId, schoolId), eq(payments.idempotencyKey, idempotencyKey)));
  return Number(row?.count ?? 0);
}

export async function countEvents(database: TDatabaseHandle, paymentId: string) {
  const [row] = await database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(paymentEvents)
    .where(eq(paymentEvents.paymentId, paymentId));
  return Number(row?.count ?? 0);
}

/** Makes a payment look as if it were started `hours` ago. */
export async function agePayment(database: TDatabaseHandle, id: string, hours: number): Promise<void> {
  await database.db
    .update(payments)
    .set({ createdAt: new Date(Date.now() - hours * 3_600_000) })
    .where(eq(payments.id, id));
}

/** `t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, computed here independently of the server. */
/** The sandbox provider's webhook secret the payment tests configure (`SANDBOX_WEBHOOK_SECRET`). */
export const SANDBOX_SECRET = 'sandbox-webhook-secret-for-tests-0123456789';

export function signed(secret: string, body: string, at = Math.floor(Date.now() / 1000)): string {
  return `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${body}`).digest('hex')}`;
}

export function sandboxEvent(
  ref: string,
  outcome: 'succeeded' | 'declined' | 'abandoned',
  id: string = randomUUID(),
) {
  return JSON.stringify({
    id: `evt_test_${id}`,
    type: `checkout.${outcome}`,
    created: Math.floor(Date.now() / 1000),
    data: { ref },
  });
}

/** Delivers a webhook body to the portal as a provider would (no client-id, no session). */
export function deliver(
  app: FastifyInstance,
  provider: string,
  body: string,
  headers: Record<string, string>,
) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/webhooks/payments/${provider}`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: body,
  });
}

export const newKey = () => randomUUID();
