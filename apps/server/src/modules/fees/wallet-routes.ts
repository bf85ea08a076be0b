import type { FastifyPluginAsync } from 'fastify';
import { MessageId } from '@portal/contracts/messages';
import { feeEndpoints } from '@portal/contracts/fees';
import type { TDatabase } from '../../db/client.ts';
import { requireOwnChild } from '../../access/own-child.ts';
import { feeSettingsOf } from './repository.ts';
import { listStoreInvoices, loadWallet } from './wallet.ts';
import { requireSession } from '../../plugins/auth.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';

const ok = { success: true, messageId: MessageId.ok } as const;

/** /v1/ppn/wallet: a child's store balance (module `topUp`) and store invoices (`storeInvoice`). */
export const walletRoutes: FastifyPluginAsync<{ db: TDatabase }> = async (app, { db }) => {
  requireSession(app);

  addEndpoint(app, feeEndpoints.wallet, async (request) => {
    const { schoolId } = request.session;
    const child = await requireOwnChild(db, request.session, request.query.enrollNumber);
    const [settings, wallet] = await Promise.all([
      feeSettingsOf(db, schoolId),
      loadWallet(db, schoolId, child.enrollNumber),
    ]);
    return { ...ok, currency: settings.currency, ...wallet };
  });

  addEndpoint(app, feeEndpoints.storeInvoices, async (request) => {
    const child = await requireOwnChild(db, request.session, request.query.enrollNumber);
    return { ...ok, invoices: await listStoreInvoices(db, request.session.schoolId, child.enrollNumber) };
  });
};
