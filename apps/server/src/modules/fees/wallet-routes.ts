import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MessageId } from '@portal/contracts/messages';
import { ZEnrollQuery, ZStoreInvoices, ZWallet } from '@portal/contracts/fees';
import type { TDatabase } from '../../db/client.ts';
import { requireOwnChild } from '../../access/own-child.ts';
import { feeSettingsOf } from './repository.ts';
import { listStoreInvoices, loadWallet } from './wallet.ts';
import { requireSession } from '../../plugins/auth.ts';

const ok = { success: true, messageId: MessageId.ok } as const;

/** /v1/ppn/wallet: a child's store balance (module `topUp`) and store invoices (`storeInvoice`). */
export const walletRoutes: FastifyPluginAsyncZod<{ db: TDatabase }> = async (app, { db }) => {
  requireSession(app);

  app.get(
    '/wallet',
    { config: { module: 'topUp' }, schema: { querystring: ZEnrollQuery, response: { 200: ZWallet } } },
    async (request) => {
      const { schoolId } = request.session;
      const child = await requireOwnChild(db, request.session, request.query.enrollNumber);
      const [settings, wallet] = await Promise.all([
        feeSettingsOf(db, schoolId),
        loadWallet(db, schoolId, child.enrollNumber),
      ]);
      return { ...ok, currency: settings.currency, ...wallet };
    },
  );

  app.get(
    '/wallet/store-invoices',
    {
      config: { module: 'storeInvoice' },
      schema: { querystring: ZEnrollQuery, response: { 200: ZStoreInvoices } },
    },
    async (request) => {
      const child = await requireOwnChild(db, request.session, request.query.enrollNumber);
      return { ...ok, invoices: await listStoreInvoices(db, request.session.schoolId, child.enrollNumber) };
    },
  );
};
