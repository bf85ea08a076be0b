import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TModuleRoute } from '../src/plugins/module-access.ts';
import type { TDatabase } from '../src/db/client.ts';
import {
  agendaItems,
  attachments,
  enrollments,
  invoices,
  parentStudents,
  paymentAllocations,
  paymentLinks,
  payments,
  storeInvoices,
  feeItems,
  reportCards,
  careRecords,
} from '../src/db/schema/index.ts';

/**
 * Builds a well-formed request for any module route from its OpenAPI description, filling
 * every identifier (enrolment number, link, payment, invoice, store invoice, fee line,
 * attachment, diary item) from
 * one set. With a parent's own identifiers the request is valid; with someone else's it asks
 * for what the parent must not reach. Used by the access tests so new routes are covered.
 */

export type TIdentifiers = {
  enrollNumber: string;
  linkId: string;
  paymentId: string;
  invoiceId: string;
  proformaId: string;
  storeInvoiceId: string;
  feeItemId: string;
  /** An attachment of one of the child's parents. */
  attachmentId: string;
  /** A diary item of one of the child's classes. */
  agendaItemId: string;
  /** A published report card of the child. */
  reportCardId: string;
  /** Published care records of the child: an incident to acknowledge, a goal, an improvement plan. */
  incidentId: string;
  goalId: string;
  planId: string;
};

export type TProbe = {
  method: string;
  url: string;
  payload?: unknown;
  /** False when the request carries no identifier at all (e.g. a list of the parent's links). */
  identifies: boolean;
};

const NONE = '00000000-0000-4000-8000-000000000000';

/** One of each identifier of a child (and of the payments of its parent), or a made-up id. */
export async function identifiersOf(
  db: TDatabase,
  schoolId: string,
  enrollNumber: string,
): Promise<TIdentifiers> {
  const first = async <T>(rows: Promise<T[]>) => (await rows)[0];
  const link = await first(
    db
      .select({ id: paymentLinks.id })
      .from(paymentLinks)
      .where(and(eq(paymentLinks.schoolId, schoolId), eq(paymentLinks.enrollNumber, enrollNumber)))
      .orderBy(asc(paymentLinks.expiresOn))
      .limit(1),
  );
  const payment = await first(
    db
      .select({ id: payments.id })
      .from(payments)
      .innerJoin(paymentAllocations, eq(paymentAllocations.paymentId, payments.id))
      .where(and(eq(payments.schoolId, schoolId), eq(paymentAllocations.enrollNumber, enrollNumber)))
      .limit(1),
  );
  const invoice = (kind: 'tax' | 'proforma') =>
    first(
      db
        .select({ id: invoices.id })
        .from(invoices)
        .where(
          and(
            eq(invoices.schoolId, schoolId),
            eq(invoices.enrollNumber, enrollNumber),
            eq(invoices.kind, kind),
          ),
        )
        .limit(1),
    );
  const store = await first(
    db
      .select({ id: storeInvoices.id })
      .from(storeInvoices)
      .where(and(eq(storeInvoices.schoolId, schoolId), eq(storeInvoices.enrollNumber, enrollNumber)))
      .limit(1),
  );
  const item = await first(
    db
      .select({ id: feeItems.id })
      .from(feeItems)
      .where(and(eq(feeItems.schoolId, schoolId), eq(feeItems.enrollNumber, enrollNumber)))
      .orderBy(asc(feeItems.dueOn))
      .limit(1),
  );
  const attachment = await first(
    db
      .select({ id: attachments.attachmentId })
      .from(attachments)
      .innerJoin(
        parentStudents,
        and(
          eq(parentStudents.schoolId, attachments.schoolId),
          eq(parentStudents.parentId, attachments.parentId),
        ),
      )
      .where(and(eq(attachments.schoolId, schoolId), eq(parentStudents.enrollNumber, enrollNumber)))
      .limit(1),
  );
  const agendaItem = await first(
    db
      .select({ id: agendaItems.itemId })
      .from(agendaItems)
      .innerJoin(
        enrollments,
        and(eq(enrollments.schoolId, agendaItems.schoolId), eq(enrollments.classId, agendaItems.classId)),
      )
      .where(
        and(
          eq(agendaItems.schoolId, schoolId),
          eq(enrollments.role, 'student'),
          eq(enrollments.personId, enrollNumber),
        ),
      )
      .limit(1),
  );
  const reportCard = await first(
    db
      .select({ id: reportCards.reportCardId })
      .from(reportCards)
      .where(
        and(
          eq(reportCards.schoolId, schoolId),
          eq(reportCards.enrollNumber, enrollNumber),
          lte(reportCards.publishedAt, sql`now()`),
          isNull(reportCards.removedAt),
        ),
      )
      .limit(1),
  );
  const careRecord = (kind: string) =>
    first(
      db
        .select({ id: careRecords.recordId })
        .from(careRecords)
        .where(
          and(
            eq(careRecords.schoolId, schoolId),
            eq(careRecords.enrollNumber, enrollNumber),
            eq(careRecords.kind, kind),
            lte(careRecords.publishedAt, sql`now()`),
            isNull(careRecords.removedAt),
            ...(kind === 'incident' ? [eq(careRecords.requiresAck, true)] : []),
          ),
        )
        .orderBy(asc(careRecords.recordId))
        .limit(1),
    );
  return {
    enrollNumber,
    incidentId: (await careRecord('incident'))?.id ?? NONE,
    goalId: (await careRecord('goal'))?.id ?? NONE,
    planId: (await careRecord('improvementPlan'))?.id ?? NONE,
    reportCardId: reportCard?.id ?? NONE,
    attachmentId: attachment?.id ?? NONE,
    agendaItemId: agendaItem?.id ?? NONE,
    linkId: link?.id ?? NONE,
    paymentId: payment?.id ?? NONE,
    invoiceId: (await invoice('tax'))?.id ?? NONE,
    proformaId: (await invoice('proforma'))?.id ?? NONE,
    storeInvoiceId: store?.id ?? NONE,
    feeItemId: item?.id ?? NONE,
  };
}

type TSchema = {
  type?: string | string[];
  properties?: Record<string, TSchema>;
  required?: string[];
  items?: TSchema;
  oneOf?: TSchema[];
  anyOf?: TSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
};

type TOperation = {
  parameters?: { in: string; name: string; required?: boolean; schema: TSchema }[];
  requestBody?: { content?: Record<string, { schema: TSchema }> };
};

// Which identifier a path parameter `:id` names, by the path segment before it.
const ID_BY_SEGMENT: Record<string, keyof TIdentifiers> = {
  'payment-links': 'linkId',
  payments: 'paymentId',
  invoices: 'invoiceId',
  'proforma-invoices': 'proformaId',
  'store-invoices': 'storeInvoiceId',
  children: 'enrollNumber',
  'report-cards': 'reportCardId',
  incidents: 'incidentId',
  goals: 'goalId',
  'improvement-plans': 'planId',
};

// Which identifier a named field or parameter carries.
const ID_BY_NAME: Record<string, keyof TIdentifiers> = {
  enrollNumber: 'enrollNumber',
  linkId: 'linkId',
  paymentId: 'paymentId',
  invoiceId: 'invoiceId',
  storeInvoiceId: 'storeInvoiceId',
  feeItemId: 'feeItemId',
  attachmentId: 'attachmentId',
  itemId: 'agendaItemId',
};

/** Every request a route takes (one per variant of its body), filled from `ids`. */
export function probesFor(app: FastifyInstance, route: TModuleRoute, ids: TIdentifiers): TProbe[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, TOperation>> };
  const openApiPath = route.url.replace(/:(\w+)/g, '{$1}');
  const operation = doc.paths[openApiPath]?.[route.method.toLowerCase()] ?? doc.paths[openApiPath]?.get ?? {};
  let identifies = false;
  const use = (key: keyof TIdentifiers) => {
    identifies = true;
    return ids[key];
  };
  const segments = route.url.split('/');
  const path = segments
    .map((segment, index) => {
      if (!segment.startsWith(':')) return segment;
      const name = segment.slice(1);
      const key = ID_BY_NAME[name] ?? ID_BY_SEGMENT[segments[index - 1] ?? ''];
      if (!key) throw new Error(`No identifier for ${route.method} ${route.url} (:${name}): teach probes.ts`);
      return encodeURIComponent(use(key));
    })
    .join('/');
  const query = new URLSearchParams();
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== 'query') continue;
    const key = ID_BY_NAME[parameter.name];
    if (key) query.set(parameter.name, use(key));
    else if (parameter.required)
      query.set(parameter.name, String(valuesOf(parameter.schema, parameter.name, use)[0]));
  }
  const url = query.size > 0 ? `${path}?${query.toString()}` : path;
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  if (!bodySchema) return [{ method: route.method, url, identifies }];
  return valuesOf(bodySchema, '', use).map((payload) => ({ method: route.method, url, payload, identifies }));
}

/** Candidate values of a schema: one, or one per variant of a union. */
function valuesOf(schema: TSchema, name: string, use: (key: keyof TIdentifiers) => string): unknown[] {
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants) return variants.flatMap((variant) => valuesOf(variant, name, use));
  if (schema.const !== undefined) return [schema.const];
  if (schema.enum) return [schema.enum[0]];
  const key = ID_BY_NAME[name];
  if (key) return [use(key)];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object') {
    let results: Record<string, unknown>[] = [{}];
    for (const [property, propertySchema] of Object.entries(schema.properties ?? {})) {
      if (!(schema.required ?? []).includes(property)) continue;
      const options = valuesOf(propertySchema, property, use);
      results = results.flatMap((partial) => options.map((option) => ({ ...partial, [property]: option })));
    }
    return results;
  }
  if (type === 'array') return [schema.items ? valuesOf(schema.items, name, use).slice(0, 1) : []];
  if (type === 'integer' || type === 'number')
    return [name.endsWith('Minor') ? 50_00 : (schema.minimum ?? 1)];
  if (type === 'boolean') return [false];
  if (schema.format === 'uuid') return [randomUUID()];
  if (name === 'lng') return ['en'];
  // A value the date schemas take (contracts/kits/dates.ts): today (a range of one day), this
  // month, or a time of day.
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    const today = new Date().toISOString();
    const fitting = [today.slice(0, 10), today.slice(0, 7), '07:30'].find((value) => pattern.test(value));
    if (fitting) return [fitting];
  }
  return ['x'];
}
