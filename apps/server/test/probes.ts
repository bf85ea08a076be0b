import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, or, sql, type Column } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TModuleRoute } from '../src/plugins/module-access.ts';
import type { TDatabase } from '../src/db/client.ts';
import {
  agendaItems,
  attachments,
  enrollments,
  passkeys,
  invoices,
  parentStudents,
  paymentAllocations,
  paymentLinks,
  payments,
  storeInvoices,
  feeItems,
  reportCards,
  careRecords,
  circularRecipients,
  circulars,
  schoolPolicies,
  examMaterials,
  students,
  galleryAlbums,
  messageThreads,
  emailArchive,
  requests,
  surveys,
  trips,
} from '../src/db/schema/index.ts';
import { documentRequests } from '../src/db/schema/uploads.ts';
import { appointments, staffSlots } from '../src/db/schema/appointments.ts';
import { reachesChild } from '../src/kits/audience.ts';

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
  /** A published circular addressed to the child (one with a file when there is one), and its file. */
  circularId: string;
  circularFileId: string;
  /** A thread about the child, and a mail the portal sent one of the child's parents. */
  threadId: string;
  emailId: string;
  /** A member of staff who teaches the child (the staff member of the child's thread). */
  staffId: string;
  /** The school's: a policy to acknowledge, with its PDF; exam material of the child's grade; an album the child's family sees. */
  policyId: string;
  examMaterialId: string;
  albumId: string;
  /** A published survey and a published trip that reach the child. */
  surveyId: string;
  tripId: string;
  /** A request (of any kind, a leave first) naming the child. */
  requestId: string;
  /** An exit slip of the child (a request of kind `exitSlip`). */
  exitSlipId: string;
  /** A help desk ticket naming the child (a request of kind `helpdesk`). */
  helpdeskTicketId: string;
  /** A document the school asked of the child's family (module `uploads`). */
  documentRequestId: string;
  /** An appointment booked for the child, and a meeting slot the school offers (module `appointments`). */
  appointmentId: string;
  slotId: string;
  /** A passkey of one of the child's parents (its credential id). */
  passkeyId: string;
};

/**
 * Identifiers of what the school shares with many families (a circular to a grade, a policy,
 * exam material of a grade, a class album, a teacher), not one family's: another family of the
 * school may see the same, and another school's is unknown here (404). A request naming only
 * these identifies no child.
 */
export const SCHOOL_WIDE_IDENTIFIERS: readonly (keyof TIdentifiers)[] = [
  'circularId',
  'circularFileId',
  'staffId',
  'policyId',
  'examMaterialId',
  'albumId',
  'surveyId',
  'tripId',
  'slotId',
];

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
      // One not attached to anything yet, so a route that uses it (a document sent) may.
      .orderBy(sql`${attachments.usedBy} is null desc`, desc(attachments.createdAt))
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
  const live = (publishedAt: Column, removedAt: Column) =>
    and(lte(publishedAt, sql`now()`), isNull(removedAt));
  const circular = await first(
    db
      .select({ id: circulars.circularId, files: circulars.files })
      .from(circulars)
      .innerJoin(
        circularRecipients,
        and(
          eq(circularRecipients.schoolId, circulars.schoolId),
          eq(circularRecipients.circularId, circulars.circularId),
        ),
      )
      .where(
        and(
          eq(circulars.schoolId, schoolId),
          eq(circularRecipients.enrollNumber, enrollNumber),
          live(circulars.publishedAt, circulars.removedAt),
        ),
      )
      .orderBy(
        desc(sql`jsonb_array_length(${circulars.files}) > 0`),
        desc(circulars.requiresAck),
        asc(circulars.circularId),
      )
      .limit(1),
  );
  const policy = await first(
    db
      .select({ id: schoolPolicies.policyId })
      .from(schoolPolicies)
      .where(
        and(
          eq(schoolPolicies.schoolId, schoolId),
          live(schoolPolicies.publishedAt, schoolPolicies.removedAt),
          isNotNull(schoolPolicies.file),
        ),
      )
      .orderBy(desc(schoolPolicies.requiresAck), asc(schoolPolicies.policyId))
      .limit(1),
  );
  const material = await first(
    db
      .select({ id: examMaterials.materialId })
      .from(examMaterials)
      .innerJoin(
        students,
        and(eq(students.schoolId, examMaterials.schoolId), eq(students.gradeCode, examMaterials.gradeCode)),
      )
      .where(
        and(
          eq(examMaterials.schoolId, schoolId),
          eq(students.enrollNumber, enrollNumber),
          live(examMaterials.publishedAt, examMaterials.removedAt),
        ),
      )
      .orderBy(asc(examMaterials.materialId))
      .limit(1),
  );
  const album = await first(
    db
      .select({ id: galleryAlbums.albumId })
      .from(galleryAlbums)
      .where(
        and(
          eq(galleryAlbums.schoolId, schoolId),
          live(galleryAlbums.publishedAt, galleryAlbums.removedAt),
          or(
            isNull(galleryAlbums.classId),
            inArray(
              galleryAlbums.classId,
              db
                .select({ classId: enrollments.classId })
                .from(enrollments)
                .where(
                  and(
                    eq(enrollments.schoolId, schoolId),
                    eq(enrollments.role, 'student'),
                    eq(enrollments.personId, enrollNumber),
                  ),
                ),
            ),
          ),
        ),
      )
      .orderBy(asc(galleryAlbums.classId), asc(galleryAlbums.albumId))
      .limit(1),
  );
  const thread = await first(
    db
      .select({ id: messageThreads.threadId, staffId: messageThreads.staffId })
      .from(messageThreads)
      .where(and(eq(messageThreads.schoolId, schoolId), eq(messageThreads.enrollNumber, enrollNumber)))
      .orderBy(asc(messageThreads.createdAt))
      .limit(1),
  );
  const request = await first(
    db
      .select({ id: requests.requestId })
      .from(requests)
      .where(and(eq(requests.schoolId, schoolId), sql`${enrollNumber} = any(${requests.enrollNumbers})`))
      .orderBy(sql`${requests.kind} = 'leave' desc`, asc(requests.createdAt))
      .limit(1),
  );
  const exitSlip = await first(
    db
      .select({ id: requests.requestId })
      .from(requests)
      .where(
        and(
          eq(requests.schoolId, schoolId),
          eq(requests.kind, 'exitSlip'),
          sql`${enrollNumber} = any(${requests.enrollNumbers})`,
        ),
      )
      .orderBy(asc(requests.createdAt))
      .limit(1),
  );
  const helpdeskTicket = await first(
    db
      .select({ id: requests.requestId })
      .from(requests)
      .where(
        and(
          eq(requests.schoolId, schoolId),
          eq(requests.kind, 'helpdesk'),
          sql`${enrollNumber} = any(${requests.enrollNumbers})`,
        ),
      )
      .orderBy(asc(requests.createdAt))
      .limit(1),
  );
  const documentRequest = await first(
    db
      .select({ id: documentRequests.documentRequestId })
      .from(documentRequests)
      .where(and(eq(documentRequests.schoolId, schoolId), eq(documentRequests.enrollNumber, enrollNumber)))
      .orderBy(asc(documentRequests.createdAt), asc(documentRequests.documentRequestId))
      .limit(1),
  );
  const appointment = await first(
    db
      .select({ id: appointments.appointmentId })
      .from(appointments)
      .where(and(eq(appointments.schoolId, schoolId), eq(appointments.enrollNumber, enrollNumber)))
      .orderBy(asc(appointments.bookedAt), asc(appointments.appointmentId))
      .limit(1),
  );
  const slot = await first(
    db
      .select({ id: staffSlots.slotId })
      .from(staffSlots)
      .where(and(eq(staffSlots.schoolId, schoolId), isNull(staffSlots.removedAt)))
      .orderBy(asc(staffSlots.startsAt), asc(staffSlots.slotId))
      .limit(1),
  );
  const passkey = await first(
    db
      .select({ id: passkeys.credentialId })
      .from(passkeys)
      .innerJoin(
        parentStudents,
        and(eq(parentStudents.schoolId, passkeys.schoolId), eq(parentStudents.parentId, passkeys.parentId)),
      )
      .where(and(eq(passkeys.schoolId, schoolId), eq(parentStudents.enrollNumber, enrollNumber)))
      .orderBy(asc(passkeys.createdAt), asc(passkeys.credentialId))
      .limit(1),
  );
  const [child] = await db
    .select({
      enrollNumber: students.enrollNumber,
      gradeCode: students.gradeCode,
      sectionCode: students.sectionCode,
    })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), eq(students.enrollNumber, enrollNumber)))
    .limit(1);
  const reaching = <T extends { audience: Parameters<typeof reachesChild>[0] }>(rows: T[]) =>
    child ? rows.find((row) => reachesChild(row.audience, child)) : undefined;
  const survey = reaching(
    await db
      .select({ id: surveys.surveyId, audience: surveys.audience })
      .from(surveys)
      .where(and(eq(surveys.schoolId, schoolId), live(surveys.publishedAt, surveys.removedAt)))
      .orderBy(asc(surveys.closesOn), asc(surveys.surveyId)),
  );
  const trip = reaching(
    await db
      .select({ id: trips.tripId, audience: trips.audience })
      .from(trips)
      .where(and(eq(trips.schoolId, schoolId), live(trips.publishedAt, trips.removedAt)))
      .orderBy(asc(trips.consentBy), asc(trips.tripId)),
  );
  const email = await first(
    db
      .select({ id: emailArchive.emailId })
      .from(emailArchive)
      .innerJoin(
        parentStudents,
        and(
          eq(parentStudents.schoolId, emailArchive.schoolId),
          eq(parentStudents.parentId, emailArchive.parentId),
        ),
      )
      .where(and(eq(emailArchive.schoolId, schoolId), eq(parentStudents.enrollNumber, enrollNumber)))
      .orderBy(asc(emailArchive.sentAt))
      .limit(1),
  );
  return {
    enrollNumber,
    circularId: circular?.id ?? NONE,
    circularFileId: circular?.files[0]?.fileId ?? NONE,
    threadId: thread?.id ?? NONE,
    staffId: thread?.staffId ?? NONE,
    emailId: email?.id ?? NONE,
    requestId: request?.id ?? NONE,
    exitSlipId: exitSlip?.id ?? NONE,
    helpdeskTicketId: helpdeskTicket?.id ?? NONE,
    documentRequestId: documentRequest?.id ?? NONE,
    appointmentId: appointment?.id ?? NONE,
    slotId: slot?.id ?? NONE,
    passkeyId: passkey?.id ?? NONE,
    policyId: policy?.id ?? NONE,
    examMaterialId: material?.id ?? NONE,
    albumId: album?.id ?? NONE,
    surveyId: survey?.id ?? NONE,
    tripId: trip?.id ?? NONE,
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
  circulars: 'circularId',
  threads: 'threadId',
  'email-archive': 'emailId',
  policies: 'policyId',
  'exam-materials': 'examMaterialId',
  albums: 'albumId',
  surveys: 'surveyId',
  trips: 'tripId',
  'leave-requests': 'requestId',
  'exit-slips': 'exitSlipId',
  requests: 'requestId',
  'helpdesk-tickets': 'helpdeskTicketId',
  appointments: 'appointmentId',
};

// Which identifier a named field or parameter carries.
const ID_BY_NAME: Record<string, keyof TIdentifiers> = {
  enrollNumber: 'enrollNumber',
  fileId: 'circularFileId',
  staffId: 'staffId',
  linkId: 'linkId',
  paymentId: 'paymentId',
  invoiceId: 'invoiceId',
  storeInvoiceId: 'storeInvoiceId',
  feeItemId: 'feeItemId',
  attachmentId: 'attachmentId',
  itemId: 'agendaItemId',
  documentRequestId: 'documentRequestId',
  slotId: 'slotId',
  credentialId: 'passkeyId',
};

/** Every request a route takes (one per variant of its body), filled from `ids`. */
export function probesFor(app: FastifyInstance, route: TModuleRoute, ids: TIdentifiers): TProbe[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, TOperation>> };
  const openApiPath = route.url.replace(/:(\w+)/g, '{$1}');
  const operation = doc.paths[openApiPath]?.[route.method.toLowerCase()] ?? doc.paths[openApiPath]?.get ?? {};
  let identifies = false;
  const use = (key: keyof TIdentifiers) => {
    if (!SCHOOL_WIDE_IDENTIFIERS.includes(key)) identifies = true;
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
  // A profile change (docs/modules.md F6) names at least one field: the city, of every field set.
  if (name === 'changes' && schema.properties?.['city']) return [{ city: 'Probe town' }];
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
  // A list of children names each one as `enrollNumber` does; a list of attachments each as
  // `attachmentId`.
  const itemName = name === 'enrollNumbers' || name === 'attachmentIds' ? name.slice(0, -1) : name;
  if (type === 'array') return [schema.items ? valuesOf(schema.items, itemName, use).slice(0, 1) : []];
  if (type === 'integer' || type === 'number')
    return [name.endsWith('Minor') ? 50_00 : (schema.minimum ?? 1)];
  if (type === 'boolean') return [false];
  if (schema.format === 'uuid') return [randomUUID()];
  if (schema.format === 'email') return ['probe@example.com'];
  if (name === 'lng') return ['en'];
  // A value the date schemas take (contracts/kits/dates.ts): today (a range of one day), this
  // month, or a time of day; or an instant (this time tomorrow).
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    const today = new Date().toISOString();
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const fitting = [today.slice(0, 10), today.slice(0, 7), '07:30', tomorrow].find((value) =>
      pattern.test(value),
    );
    if (fitting) return [fitting];
  }
  return ['x'];
}
