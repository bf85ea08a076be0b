import { createHash, randomUUID } from 'node:crypto';
import type { TDatabase } from '../client.ts';
import { paymentAllocations, payments } from '../schema/index.ts';

export const DEMO_CURRENCY = 'AED';

export type TSeedAllocation = Omit<typeof paymentAllocations.$inferInsert, 'paymentId' | 'position'>;

/** A succeeded demo payment; its payment and receipt numbers are given later, in date order. */
export type TSeedPayment = {
  row: typeof payments.$inferInsert & { id: string; createdAt: Date; completedAt: Date };
  allocations: TSeedAllocation[];
};

export function seedPayment(
  payment: {
    schoolId: string;
    parentId: string;
    kind: 'fees' | 'topup' | 'link';
    amountMinor: number;
    createdAt: Date;
    enrollNumber?: string;
    paymentLinkId?: string;
  },
  allocations: TSeedAllocation[],
): TSeedPayment {
  const id = randomUUID();
  const idempotencyKey = randomUUID();
  return {
    row: {
      id,
      idempotencyKey,
      requestHash: createHash('sha256').update(JSON.stringify({ idempotencyKey, allocations })).digest('hex'),
      status: 'succeeded',
      docNo: 0,
      currency: DEMO_CURRENCY,
      provider: 'sandbox',
      providerRef: `demo_${id}`,
      completedAt: new Date(payment.createdAt.getTime() + 90_000),
      ...payment,
    },
    allocations,
  };
}

export async function insertPayments(db: TDatabase, all: readonly TSeedPayment[]): Promise<void> {
  if (all.length === 0) return;
  await db.insert(payments).values(all.map((payment) => payment.row));
  await db.insert(paymentAllocations).values(
    all.flatMap((payment) =>
      payment.allocations.map((allocation, position) => ({
        ...allocation,
        paymentId: payment.row.id,
        position,
      })),
    ),
  );
}
