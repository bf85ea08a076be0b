import type { TCareRecord, TCareRecords, TCareSummary } from '@portal/contracts/families/care';
import { ok } from './module-page.ts';

// Fixtures of the care and conduct pages; the pages open through `openModulePage` (./module-page.ts).

/** A care record with every field of the contract: an open merit-like record unless told otherwise. */
export function careRecord(
  overrides: Partial<TCareRecord> & Pick<TCareRecord, 'id' | 'kind' | 'occurredOn' | 'title'>,
): TCareRecord {
  return {
    titleAr: '',
    detail: '',
    detailAr: '',
    category: '',
    categoryAr: '',
    points: null,
    staffName: '',
    staffNameAr: '',
    status: 'open',
    severity: null,
    wellbeingScore: null,
    targets: [],
    link: null,
    requiresAck: false,
    acknowledgedAt: null,
    comments: [],
    ...overrides,
  };
}

/** A module's answer: the records and their counts (counted from the records unless told). */
export function careAnswer(items: TCareRecord[], summary: Partial<TCareSummary> = {}): TCareRecords {
  const points = items.flatMap((item) => (item.points === null ? [] : [item.points]));
  const merits = points.filter((value) => value > 0).reduce((sum, value) => sum + value, 0);
  const demerits = -points.filter((value) => value < 0).reduce((sum, value) => sum + value, 0);
  return {
    ...ok,
    items,
    summary: {
      total: items.length,
      merits,
      demerits,
      balance: merits - demerits,
      toAcknowledge: items.filter((item) => item.requiresAck && item.acknowledgedAt === null).length,
      open: items.filter((item) => item.status === 'open' && ['goal', 'improvementPlan'].includes(item.kind))
        .length,
      latestOn:
        items
          .map((item) => item.occurredOn)
          .sort()
          .at(-1) ?? null,
      ...summary,
    },
  };
}
