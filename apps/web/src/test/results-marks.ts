import type { TAssessment, TLegendScale, TResultValue, TTerm } from '@portal/contracts/families/results';
import { jsonResponse } from './render.tsx';
import { ok } from './module-page.ts';

// Fixtures of the graded-results pages; the pages open through `openModulePage` (./module-page.ts).

export const term1: TTerm = {
  id: 't1',
  title: 'Term 1',
  titleAr: 'الفصل الأول',
  startsOn: '2025-09-01',
  endsOn: '2025-12-12',
};
export const term2: TTerm = {
  id: 't2',
  title: 'Term 2',
  titleAr: 'الفصل الثاني',
  startsOn: '2026-01-05',
  endsOn: '2026-03-27',
};

/** A percentage scale in four bands, its last descriptor given only in English. */
export const percentScale: TLegendScale = {
  id: 's1',
  title: 'Percentage scale',
  titleAr: 'سلم النسب المئوية',
  bands: [
    { scores: '90-100', grade: 'A', descriptor: 'Excellent', descriptorAr: 'ممتاز' },
    { scores: '75-89', grade: 'B', descriptor: 'Very good', descriptorAr: 'جيد جدًا' },
    { scores: '60-74', grade: 'C', descriptor: 'Good', descriptorAr: 'جيد' },
    { scores: '0-59', grade: 'D', descriptor: 'Needs support', descriptorAr: '' },
  ],
};

/** A released, scored result: 18 out of 20, band A. */
export function resultValue(overrides: Partial<TResultValue> = {}): TResultValue {
  return {
    score: 18,
    textScore: '',
    max: 20,
    percent: 0.9,
    grade: 'A',
    descriptor: 'Excellent',
    descriptorAr: 'ممتاز',
    scaleId: 's1',
    status: 'fully graded',
    comment: '',
    scoredOn: '2026-02-10',
    ...overrides,
  };
}

/** A released assessment of Mathematics with the child's result. */
export function assessment(overrides: Partial<TAssessment> = {}): TAssessment {
  return {
    id: 'a1',
    title: 'Fractions quiz',
    titleAr: 'اختبار الكسور',
    subject: 'Mathematics',
    subjectAr: 'الرياضيات',
    category: 'Quiz',
    categoryAr: 'اختبار قصير',
    assignedOn: '2026-02-01',
    dueOn: '2026-02-08',
    released: true,
    releasedAt: '2026-02-12T08:00:00.000Z',
    result: resultValue(),
    ...overrides,
  };
}

/** An assessment the school has not released: no result. */
export const unreleased = (overrides: Partial<TAssessment> = {}): TAssessment =>
  assessment({ released: false, releasedAt: null, result: null, ...overrides });

/** An answer about `term` (Term 2 by default), of both terms, with the percentage scale's legend. */
export function termAnswer<T extends object>(body: T, term: TTerm | null = term2) {
  return { ...ok, term, terms: term ? [term1, term2] : [], legend: [percentScale], ...body };
}

/** A handler answering with the term the request asks for (`?term`), Term 2 when none. */
export function byTerm(answers: Record<string, object>) {
  return (request: Request) => {
    const term = new URL(request.url).searchParams.get('term') ?? 't2';
    return jsonResponse(200, answers[term]);
  };
}

/** The `term` of each request made to a path, null when it named none. */
export const termsAsked = (requests: Request[]) =>
  requests.map((request) => new URL(request.url).searchParams.get('term'));
