import { CARE_KINDS, type TCareKind } from '@portal/contracts/families/care';
import { careRecords, type TCareTargetRow } from '../../db/schema/index.ts';
import { appliedCounts, byStatus, removeRows, sourcedIdsOf, upsertRows } from '../../kits/bundle-apply.ts';
import { rowReader } from '../../kits/bundle-fields.ts';
import type { TBundleFileHandler } from '../../kits/bundle-file.ts';
import { httpsLinkOf, publishedAtOf, titleOf, wholeNumberOf } from '../../kits/portal-columns.ts';
import { checkReferences } from '../../kits/school-ids.ts';
import { noticeNewCareRecords } from './care-notices.ts';
import { targetsOf } from './import-columns.ts';

// care_records.csv (docs/school-data.md): what the school shares with parents about a child's
// conduct, health, wellbeing, goals and work, one row per record by its `sourcedId`. Only what
// parents may read belongs here (no confidential counselling notes). A row shows from its
// `publishedAt`; the parents of a record newly shown are told (care-notices.ts).

type TCareRecordRow = {
  sourcedId: string;
  enrollNumber: string;
  kind: TCareKind | null;
  occurredOn: string;
  titleEn: string;
  titleAr: string;
  detailEn: string;
  detailAr: string;
  categoryEn: string;
  categoryAr: string;
  points: number | null;
  staffId: string | null;
  status: 'open' | 'closed';
  severity: 'low' | 'medium' | 'high' | null;
  wellbeingScore: number | null;
  targets: TCareTargetRow[];
  link: string | null;
  requiresAck: boolean;
  publishedAt: Date | null;
};

/** The most points one merit or demerit gives or takes. */
export const MAX_POINTS = 1_000;

const MAX_DETAIL_LENGTH = 4_000;

/** Reads `points`: a whole number, not 0; a merit's is kept positive and a demerit's negative. */
function pointsOf(read: ReturnType<typeof rowReader>, kind: TCareKind | null, active: boolean) {
  const counted = kind === 'merit' || kind === 'demerit';
  const value = read.number('points', { required: active && counted });
  if (value === null || !counted) return null;
  if (!Number.isInteger(value) || value === 0 || Math.abs(value) > MAX_POINTS) {
    read.problem(
      'points',
      `"${value}" is not a whole number from 1 to ${MAX_POINTS} (or -1 to -${MAX_POINTS})`,
    );
    return null;
  }
  return kind === 'merit' ? Math.abs(value) : -Math.abs(value);
}

export const careRecordsFile: TBundleFileHandler<TCareRecordRow> = {
  file: 'care_records.csv',
  columns: ['sourcedId', 'enrollNumber', 'kind', 'occurredOn', 'title_en', 'publishedAt'],
  optionalColumns: [
    'title_ar',
    'detail_en',
    'detail_ar',
    'category_en',
    'category_ar',
    'points',
    'staffSourcedId',
    'planStatus',
    'severity',
    'wellbeingScore',
    'targets',
    'link',
    'requiresAck',
  ],
  after: ['users.csv'],
  keyColumn: 'sourcedId',
  parseRow(record, row, status) {
    const read = rowReader(record, row);
    const active = status === 'active';
    const required = { required: active };
    const kind = read.oneOf('kind', CARE_KINDS, required);
    const planned = kind === 'goal' || kind === 'improvementPlan';
    const score = wholeNumberOf(read, 'wellbeingScore', { min: 1, max: 5 });
    const value: TCareRecordRow = {
      sourcedId: read.text('sourcedId', { required: true }),
      enrollNumber: read.text('enrollNumber', required),
      kind,
      occurredOn: read.day('occurredOn', required) ?? '',
      titleEn: titleOf(read, 'title_en', required),
      titleAr: titleOf(read, 'title_ar'),
      detailEn: read.text('detail_en').trim(),
      detailAr: read.text('detail_ar').trim(),
      categoryEn: titleOf(read, 'category_en'),
      categoryAr: titleOf(read, 'category_ar'),
      points: pointsOf(read, kind, active),
      staffId: read.text('staffSourcedId') || null,
      status: planned ? (read.oneOf('planStatus', ['open', 'closed'] as const) ?? 'open') : 'open',
      severity: read.oneOf('severity', ['low', 'medium', 'high'] as const),
      wellbeingScore: kind === 'wellbeing' ? score : null,
      targets: targetsOf(read, 'targets'),
      link: httpsLinkOf(read, 'link'),
      requiresAck: read.boolean('requiresAck', false),
      publishedAt: publishedAtOf(read),
    };
    for (const column of ['detail_en', 'detail_ar'])
      if (read.text(column).length > MAX_DETAIL_LENGTH)
        read.problem(column, `longer than ${MAX_DETAIL_LENGTH} characters`);
    // Values of other kinds are not theirs: a merit has no severity, only incidents are acknowledged.
    if (kind !== 'incident') value.severity = null;
    if (kind !== 'incident') value.requiresAck = false;
    if (!planned) value.targets = [];
    return read.problems.length > 0 ? { problems: read.problems } : { value };
  },
  async apply(tx, context, rows) {
    const { schoolId } = context;
    const { active, deleted } = byStatus(rows);
    const valid = await checkReferences(tx, context, active, [
      { kind: 'student', column: 'enrollNumber', idOf: (value) => value.enrollNumber },
      { kind: 'staff', column: 'staffSourcedId', idOf: (value) => value.staffId },
    ]);
    const written = await upsertRows(tx, careRecords, {
      target: [careRecords.schoolId, careRecords.recordId],
      update: [
        careRecords.enrollNumber,
        careRecords.kind,
        careRecords.occurredOn,
        careRecords.titleEn,
        careRecords.titleAr,
        careRecords.detailEn,
        careRecords.detailAr,
        careRecords.categoryEn,
        careRecords.categoryAr,
        careRecords.points,
        careRecords.staffId,
        careRecords.status,
        careRecords.severity,
        careRecords.wellbeingScore,
        careRecords.targets,
        careRecords.link,
        careRecords.requiresAck,
        careRecords.publishedAt,
        careRecords.removedAt,
      ],
      rows: valid.map(({ value }) => ({
        schoolId,
        recordId: value.sourcedId,
        enrollNumber: value.enrollNumber,
        kind: value.kind ?? 'merit',
        occurredOn: value.occurredOn,
        titleEn: value.titleEn,
        titleAr: value.titleAr,
        detailEn: value.detailEn,
        detailAr: value.detailAr,
        categoryEn: value.categoryEn,
        categoryAr: value.categoryAr,
        points: value.points,
        staffId: value.staffId,
        status: value.status,
        severity: value.severity,
        wellbeingScore: value.wellbeingScore,
        targets: value.targets,
        link: value.link,
        requiresAck: value.requiresAck,
        publishedAt: value.publishedAt,
        removedAt: null,
      })),
    });
    const removed = await removeRows(tx, context, careRecords, {
      school: careRecords.schoolId,
      id: careRecords.recordId,
      removedAt: careRecords.removedAt,
      deleted: sourcedIdsOf(deleted),
      kept: sourcedIdsOf(active),
    });
    await noticeNewCareRecords(tx, schoolId, context.today);
    return appliedCounts(rows.length, written, removed);
  },
};
