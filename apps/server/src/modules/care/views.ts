import type {
  TCareComment,
  TCareKind,
  TCareRecord,
  TCareSummary,
  TMedicalProfile,
} from '@portal/contracts/families/care';
import type { careRecords, medicalProfiles, TMedicalItemRow } from '../../db/schema/index.ts';

// How care rows read to a parent (packages/contracts/src/families/care.ts): school text as an
// English and Arabic pair, and the counts a page sums up above its timeline.

type TRecordRow = {
  record: typeof careRecords.$inferSelect;
  staffNameEn: string | null;
  staffNameAr: string | null;
};

const SEVERITIES = ['low', 'medium', 'high'] as const;

/** A record as the parent sees it. */
export function recordOf(
  row: TRecordRow,
  acknowledgedAt: Date | null,
  comments: TCareComment[],
): TCareRecord {
  const { record } = row;
  const severity = SEVERITIES.find((value) => value === record.severity) ?? null;
  const score = record.wellbeingScore;
  return {
    id: record.recordId,
    kind: record.kind as TCareKind,
    occurredOn: record.occurredOn,
    title: record.titleEn,
    titleAr: record.titleAr,
    detail: record.detailEn,
    detailAr: record.detailAr,
    category: record.categoryEn,
    categoryAr: record.categoryAr,
    points: record.points,
    staffName: row.staffNameEn ?? '',
    staffNameAr: row.staffNameAr ?? '',
    status: record.status === 'closed' ? 'closed' : 'open',
    severity,
    wellbeingScore: score !== null && score >= 1 && score <= 5 ? score : null,
    targets: record.targets.map((target) => ({
      title: target.titleEn,
      titleAr: target.titleAr,
      status: target.status,
      dueOn: target.dueOn,
    })),
    link: record.link,
    requiresAck: record.requiresAck,
    acknowledgedAt: acknowledgedAt?.toISOString() ?? null,
    comments,
  };
}

/** The counts above a module's timeline (items newest first). */
export function summaryOf(items: readonly TCareRecord[]): TCareSummary {
  let merits = 0;
  let demerits = 0;
  for (const item of items) {
    if (item.kind === 'merit') merits += Math.abs(item.points ?? 0);
    if (item.kind === 'demerit') demerits += Math.abs(item.points ?? 0);
  }
  return {
    total: items.length,
    merits,
    demerits,
    balance: merits - demerits,
    toAcknowledge: items.filter((item) => item.requiresAck && item.acknowledgedAt === null).length,
    open: items.filter(
      (item) => (item.kind === 'goal' || item.kind === 'improvementPlan') && item.status === 'open',
    ).length,
    latestOn: items[0]?.occurredOn ?? null,
  };
}

const itemsOf = (rows: TMedicalItemRow[]) =>
  rows.map((row) => ({ name: row.nameEn, nameAr: row.nameAr, note: row.noteEn, noteAr: row.noteAr }));

/** The medical profile as the parent sees it. */
export function profileOf(row: typeof medicalProfiles.$inferSelect): TMedicalProfile {
  return {
    bloodGroup: row.bloodGroup,
    allergies: itemsOf(row.allergies),
    conditions: itemsOf(row.conditions),
    medications: itemsOf(row.medications),
    dietary: row.dietaryEn,
    dietaryAr: row.dietaryAr,
    reviewedOn: row.reviewedOn,
  };
}
