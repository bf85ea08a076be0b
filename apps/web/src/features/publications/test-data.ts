import type {
  TChildAcknowledgement,
  TCircular,
  TCirculars,
  TExamMaterial,
  TPolicy,
} from '@portal/contracts/families/publications';
import { ok } from '../../test/module-page.ts';

// Answers of the publications pages' API, shaped by the contract, for the page tests.

/** A child of the demo family (E100 Omar Ahmed, E200 Lina Ahmed), not acknowledged unless told. */
export const omar = (ack: Partial<TChildAcknowledgement> = {}): TChildAcknowledgement => ({
  enrollNumber: 'E100',
  childName: 'Omar Ahmed',
  acknowledgedAt: null,
  acknowledgedBy: null,
  ...ack,
});
export const lina = (ack: Partial<TChildAcknowledgement> = {}): TChildAcknowledgement => ({
  enrollNumber: 'E200',
  childName: 'Lina Ahmed',
  acknowledgedAt: null,
  acknowledgedBy: null,
  ...ack,
});

/** A circular for both children that asks for nothing, unless told. */
export function circular(overrides: Partial<TCircular> & Pick<TCircular, 'id' | 'title'>): TCircular {
  return {
    titleAr: '',
    body: `${overrides.title}: the letter.`,
    bodyAr: '',
    publishedAt: '2026-03-01T05:00:00Z',
    requiresAck: false,
    ackBy: null,
    overdue: false,
    children: [omar(), lina()],
    files: [],
    ...overrides,
  };
}

export const circularsAnswer = (
  items: TCircular[],
  { toAcknowledge, nextCursor = null }: { toAcknowledge?: number; nextCursor?: string | null } = {},
): TCirculars => ({
  ...ok,
  items,
  toAcknowledge:
    toAcknowledge ??
    items.filter((item) => item.requiresAck && item.children.some((child) => child.acknowledgedAt === null))
      .length,
  nextCursor,
});

export function policy(overrides: Partial<TPolicy> & Pick<TPolicy, 'id' | 'title'>): TPolicy {
  return {
    version: '1',
    titleAr: '',
    summary: `${overrides.title} in short.`,
    summaryAr: '',
    effectiveOn: null,
    publishedAt: '2025-08-20T05:00:00Z',
    file: null,
    requiresAck: false,
    children: [omar(), lina()],
    ...overrides,
  };
}

export function examMaterial(
  overrides: Partial<TExamMaterial> & Pick<TExamMaterial, 'id' | 'kind' | 'title' | 'subject'>,
): TExamMaterial {
  return {
    subjectAr: '',
    titleAr: '',
    termId: 't2',
    publishedAt: '2026-02-01T05:00:00Z',
    file: {
      id: `f-${overrides.id}`,
      fileName: `${overrides.id}.pdf`,
      sizeBytes: 250_000,
      path: `/exam-materials/${overrides.id}/file`,
    },
    ...overrides,
  };
}
