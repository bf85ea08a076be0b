import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { TMarksheetSubject } from '@portal/contracts/families/results';
import { setSchoolId } from '../../../lib/school-id.ts';
import { jsonResponse } from '../../../test/render.tsx';
import {
  byTerm,
  failure,
  openResultsPage,
  resultValue,
  term1,
  termAnswer,
  termsAsked,
} from '../../../test/results-marks.ts';

const PATH = '/v1/ppn/marksheet';

const cell = (assessmentId: string, title: string, titleAr: string, score: number | null) => ({
  assessmentId,
  title,
  titleAr,
  released: score !== null,
  result: score === null ? null : resultValue({ score, percent: score / 20, grade: score >= 18 ? 'A' : 'B' }),
});
const subjects: TMarksheetSubject[] = [
  {
    id: 'math',
    name: 'Mathematics',
    nameAr: 'الرياضيات',
    cells: [cell('m1', 'Quiz 1', 'اختبار 1', 18), cell('m2', 'Midterm', 'منتصف الفصل', null)],
    total: { score: 18, max: 20, percent: 0.9, grade: 'A' },
  },
  {
    id: 'sci',
    name: 'Science',
    nameAr: '',
    cells: [cell('s1', 'Quiz 1', 'اختبار 1', 16)],
    total: { score: 16, max: 20, percent: 0.8, grade: 'B' },
  },
];
const answers = {
  t2: termAnswer({ subjects, total: { score: 34, max: 40, percent: 0.85 } }),
  t1: termAnswer({ subjects: [], total: { score: 0, max: 0, percent: null } }, term1),
};

beforeEach(() => setSchoolId('mogra'));

describe('the marksheet page', () => {
  it('shows the term grid by subject with totals, "Not released" cells and the legend', async () => {
    const { api } = await openResultsPage('/assessment-marksheet', { [PATH]: byTerm(answers) });
    const table = await screen.findByRole(
      'table',
      { name: 'Marksheet of Omar Ahmed, Term 2' },
      { timeout: 5000 },
    );
    const [head, math, science] = within(table).getAllByRole('row') as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(
      within(head)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Subject', 'Quiz 1', 'Midterm', 'Total']);
    const cellsOf = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((td) => td.textContent);
    expect(within(math).getByRole('rowheader').textContent).toBe('Mathematics');
    expect(cellsOf(math)).toEqual(['Quiz 118 / 20Grade A', 'MidtermNot released', 'Total18 / 2090%Grade A']);
    expect(cellsOf(science)).toEqual([
      'Quiz 116 / 20Grade B',
      'Midterm—No assessment',
      'Total16 / 2080%Grade B',
    ]);
    expect(screen.getByText('Overall total').parentElement?.textContent).toContain('34 / 4085%');
    expect(screen.getByRole('complementary', { name: 'Grading legend' })).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: 'Term' }), { target: { value: 't1' } });
    expect(await screen.findByText('No marks for Term 1 yet.')).toBeTruthy();
    expect(termsAsked(api.to(PATH))).toEqual([null, 't1']);
  });

  it('says what failed with a way to try again', async () => {
    let fail = true;
    await openResultsPage('/assessment-marksheet', {
      [PATH]: () => (fail ? failure(400, 'V001') : jsonResponse(200, answers.t2)),
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: /Marksheet of Omar Ahmed/ })).toBeTruthy();
  });

  it('speaks Arabic right to left', async () => {
    await openResultsPage('/assessment-marksheet', { [PATH]: byTerm(answers) }, { lng: 'ar' });
    const table = await screen.findByRole(
      'table',
      { name: 'كشف درجات Omar Ahmed، الفصل الثاني' },
      { timeout: 5000 },
    );
    expect(document.documentElement.dir).toBe('rtl');
    expect(within(table).getByRole('rowheader', { name: 'الرياضيات' })).toBeTruthy();
    expect(
      within(table).getByRole('rowheader', { name: 'Science' }).querySelector('[lang="en"]'),
    ).toBeTruthy();
    expect(within(table).getByText('لم يُنشر')).toBeTruthy();
    expect(within(table).getAllByText('18 من 20').length).toBeGreaterThan(0);
    expect(screen.getByText('المجموع الكلي')).toBeTruthy();
  });
});
