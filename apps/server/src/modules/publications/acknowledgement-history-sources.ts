import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TDatabase } from '../../db/client.ts';
import { acknowledgements, careRecords, circulars, schoolPolicies } from '../../db/schema/index.ts';
import type { THistoryKind, TPair } from './acknowledgement-history-render.ts';
import { CIRCULAR_ACK_SUBJECT } from './circular-views.ts';
import { POLICY_ACK_SUBJECT, policyOfSubject, type TFamilyChild } from './policy-repository.ts';

// Where the acknowledgement history's rows come from (docs/modules.md section 5): each source reads
// one kind of acknowledgement or consent of the family's children, from any of their parents,
// and belongs to the module whose pages give it (the history holds the granted modules' rows
// only). A family gathering consents (a trip's, say) adds its source to HISTORY_SOURCES.

/** The family the history is drawn for. */
export type THistoryFamily = { schoolId: string; parentId: string; children: readonly TFamilyChild[] };

/** One acknowledgement or consent, as a source reads it. */
export type THistorySourceRow = {
  at: Date;
  kind: THistoryKind;
  title: TPair;
  /** The version acknowledged (a policy's); null when the subject has none. */
  version: string | null;
  enrollNumber: string;
  /** The parent who gave it. */
  parentId: string;
};

export type THistorySource = {
  /** The menu entry whose pages give these acknowledgements (its grant shows them). */
  module: string;
  rows: (db: TDatabase, family: THistoryFamily) => Promise<THistorySourceRow[]>;
};

/** The most rows one source gives the history (the newest first: years of a large family fit). */
export const MAX_ROWS_PER_SOURCE = 2_000;

/** What the care family files an acknowledgement of one of its records under (modules/care). */
const CARE_RECORD_SUBJECT = 'careRecord';

/**
 * The family's acknowledgements of one subject kind, newest first, each with the title of what
 * it acknowledged (the row of `table` the join condition `on` finds).
 */
async function acknowledged(
  db: TDatabase,
  family: THistoryFamily,
  subjectKind: string,
  subject: { table: PgTable; on: SQL; titleEn: PgColumn; titleAr: PgColumn },
) {
  return db
    .select({
      at: acknowledgements.at,
      enrollNumber: acknowledgements.enrollNumber,
      parentId: acknowledgements.parentId,
      subjectId: acknowledgements.subjectId,
      titleEn: sql<string>`${subject.titleEn}`,
      titleAr: sql<string>`${subject.titleAr}`,
    })
    .from(acknowledgements)
    .innerJoin(subject.table, subject.on)
    .where(
      and(
        eq(acknowledgements.schoolId, family.schoolId),
        eq(acknowledgements.subjectKind, subjectKind),
        inArray(
          acknowledgements.enrollNumber,
          family.children.map((child) => child.enrollNumber),
        ),
      ),
    )
    .orderBy(desc(acknowledgements.at))
    .limit(MAX_ROWS_PER_SOURCE);
}

type TAcknowledged = Awaited<ReturnType<typeof acknowledged>>[number];

/** A row of the history from an acknowledgement. */
const historyRow = (
  kind: THistoryKind,
  row: TAcknowledged,
  version: string | null = null,
): THistorySourceRow => ({
  at: row.at,
  enrollNumber: row.enrollNumber,
  parentId: row.parentId,
  kind,
  title: { en: row.titleEn, ar: row.titleAr },
  version,
});

/** Circulars acknowledged for a child (circulars.ts). */
const circularSource: THistorySource = {
  module: 'circulars',
  async rows(db, family) {
    const rows = await acknowledged(db, family, CIRCULAR_ACK_SUBJECT, {
      table: circulars,
      on: and(
        eq(circulars.schoolId, acknowledgements.schoolId),
        eq(circulars.circularId, acknowledgements.subjectId),
      ) as SQL,
      titleEn: circulars.titleEn,
      titleAr: circulars.titleAr,
    });
    return rows.map((row) => historyRow('circular', row));
  },
};

/** School policies acknowledged for a child, each at the version acknowledged (policies.ts). */
const policySource: THistorySource = {
  module: 'schoolPolicies',
  async rows(db, family) {
    // The subject is `<policy>@<version>`: the policy is what precedes the last `@`.
    const policyId = sql`regexp_replace(${acknowledgements.subjectId}, '@[^@]*$', '')`;
    const rows = await acknowledged(db, family, POLICY_ACK_SUBJECT, {
      table: schoolPolicies,
      on: and(
        eq(schoolPolicies.schoolId, acknowledgements.schoolId),
        eq(schoolPolicies.policyId, policyId),
      ) as SQL,
      titleEn: schoolPolicies.titleEn,
      titleAr: schoolPolicies.titleAr,
    });
    return rows.map((row) => historyRow('policy', row, policyOfSubject(row.subjectId).version || null));
  },
};

/** Incident reports acknowledged for a child (the care family's `incidents` module). */
const incidentSource: THistorySource = {
  module: 'incidents',
  async rows(db, family) {
    const rows = await acknowledged(db, family, CARE_RECORD_SUBJECT, {
      table: careRecords,
      on: and(
        eq(careRecords.schoolId, acknowledgements.schoolId),
        eq(careRecords.recordId, acknowledgements.subjectId),
        eq(careRecords.enrollNumber, acknowledgements.enrollNumber),
        eq(careRecords.kind, 'incident'),
      ) as SQL,
      titleEn: careRecords.titleEn,
      titleAr: careRecords.titleAr,
    });
    return rows.map((row) => historyRow('incident', row));
  },
};

/** Every source of the history, in no particular order (the rows are sorted by time). */
export const HISTORY_SOURCES: readonly THistorySource[] = [circularSource, policySource, incidentSource];
