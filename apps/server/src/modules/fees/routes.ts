import type { FastifyPluginAsync } from 'fastify';
import { MessageId } from '@portal/contracts/messages';
import { sumMinor } from '@portal/contracts/money';
import { feeEndpoints } from '@portal/contracts/fees';
import { ApiError, databaseUnavailable, notYourChild } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import { issuedDocumentNumbers } from '../../db/schema/index.ts';
import { isDatabaseUnavailable } from '../../db/unavailable.ts';
import { schoolToday, schoolWide } from '../../access/school.ts';
import { loadChildren } from '../documents/repository.ts';
import { takeDocumentNumber } from './document-numbers.ts';
import { listChildInvoices, listChildPayments } from './history.ts';
import { requireOwnChild } from '../../access/own-child.ts';
import { feeSettingsOf, findChildFeeYear, listEarlierOwedItems } from './repository.ts';
import { summarize, toFeeItem } from './views.ts';
import { requireSession } from '../../plugins/auth.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';

const ok = { success: true, messageId: MessageId.ok } as const;

/**
 * /v1/ppn/fees: a child's fee schedule, earlier years still owed, payment history, document
 * numbers (module `feePayment`) and invoices (`feeInvoices`, proformas `proformaInvoice`).
 * Every enrolment number must be one of the signed-in parent's children (else 403 `A002`).
 */
export const feeRoutes: FastifyPluginAsync<{ db: TDatabase; docNoPerParentPerMinute: number }> = async (
  app,
  { db, docNoPerParentPerMinute },
) => {
  requireSession(app);

  addEndpoint(
    app,
    feeEndpoints.feeDetails,
    async (request) => {
      const shared = await schoolWide(db, request.session.schoolId);
      const found = await findChildFeeYear(
        db,
        request.session,
        request.query.enrollNumber,
        shared?.year?.year ?? null,
      );
      if (!found) throw notYourChild();
      const { settings } = found;
      const today = schoolToday(shared?.timeZone);
      const items = found.items.map((row) => toFeeItem(row, today));
      const earlier = found.earlier.map((row) => toFeeItem(row, today));
      return {
        ...ok,
        currency: settings.currency,
        allowsPartialPayment: settings.allowsPartialPayment,
        minimumPartialMinor: settings.minimumPartialMinor,
        summary: summarize(items, earlier),
        items,
      };
    },
    { cacheAnswer: true },
  );

  addEndpoint(app, feeEndpoints.previousFees, async (request) => {
    const { schoolId } = request.session;
    const child = await requireOwnChild(db, request.session, request.query.enrollNumber);
    const [settings, shared] = await Promise.all([feeSettingsOf(db, schoolId), schoolWide(db, schoolId)]);
    const year = shared?.year?.year;
    const rows = year ? await listEarlierOwedItems(db, schoolId, child.enrollNumber, year) : [];
    const today = schoolToday(shared?.timeZone);
    const items = rows.map((row) => toFeeItem(row, today));
    return {
      ...ok,
      currency: settings.currency,
      outstandingMinor: sumMinor(items.map((item) => item.outstandingMinor)),
      items,
    };
  });

  addEndpoint(app, feeEndpoints.paidDetails, async (request) => {
    const { schoolId, parentId } = request.session;
    const child = await requireOwnChild(db, request.session, request.query.enrollNumber);
    const [settings, payments] = await Promise.all([
      feeSettingsOf(db, schoolId),
      listChildPayments(db, schoolId, parentId, child.enrollNumber),
    ]);
    const named = payments.flatMap((payment) => payment.allocations.map((one) => one.enrollNumber));
    const students = await loadChildren(db, schoolId, named);
    return {
      ...ok,
      currency: settings.currency,
      payments,
      students: students.map(({ enrollNumber, name }) => ({ enrollNumber, name })),
    };
  });

  // The next number of the school's `payment` series, recorded with who asked for which
  // child in the same transaction. A failure to take one answers 503: `S503` while the
  // database is unreachable, `L000` otherwise. Each takes a row for good: limited per parent.
  const docNoPerParent = app.limit({
    max: docNoPerParentPerMinute,
    windowMs: 60_000,
    key: (request) => `doc-no:${request.session.schoolId}:${request.session.parentId}`,
  });
  addEndpoint(
    app,
    feeEndpoints.docNo,
    async (request) => {
      const { schoolId, parentId } = request.session;
      const child = await requireOwnChild(db, request.session, request.body.data.enrollNumber);
      try {
        return await db.transaction(async (tx) => {
          const docNo = await takeDocumentNumber(tx, schoolId, 'payment');
          await tx
            .insert(issuedDocumentNumbers)
            .values({ schoolId, series: 'payment', docNo, parentId, enrollNumber: child.enrollNumber });
          return docNo;
        });
      } catch (error) {
        if (isDatabaseUnavailable(error)) throw databaseUnavailable();
        request.log.error({ err: error }, 'could not take a document number');
        throw new ApiError(503, MessageId.genericFailure, 'No document number could be taken; try again', {
          'retry-after': '5',
        });
      }
    },
    { onRequest: docNoPerParent },
  );

  addEndpoint(app, feeEndpoints.taxInvoices, async (request) => {
    const child = await requireOwnChild(db, request.session, request.query.enrollNumber);
    return {
      ...ok,
      invoices: await listChildInvoices(db, request.session.schoolId, child.enrollNumber, 'tax'),
    };
  });

  addEndpoint(app, feeEndpoints.proformaInvoices, async (request) => {
    const child = await requireOwnChild(db, request.session, request.query.enrollNumber);
    const invoices = await listChildInvoices(db, request.session.schoolId, child.enrollNumber, 'proforma');
    return { ...ok, invoices };
  });
};
