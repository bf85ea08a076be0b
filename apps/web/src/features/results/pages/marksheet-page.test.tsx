import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { TMarksheetSubject } from '@portal/contracts/families/results';
import { jsonResponse } from '../../../test/render.tsx';
import { byTerm, resultValue, term1, termAnswer, termsAsked } from '../../../test/results-marks.ts';
import { failure, openModulePage } from '../../../test/module-page.ts';

const PATH = '/v1/ppn/marksheet';

const cell = (assessmentId: string, title: string, titleAr: string, score: number | null) => ({
  assessmentId,
  title,
  titleAr,
  released: score !== null,
  result: score === null ? null : resultValue({ score, percent: score / 20, grade: score >= 18 ? 'A' : 'B' }),
});
// Each subject titles its own assessments: none of them lines up with another subject's.
const subjects: TMarksheetSubject[] = [
  {
    id: 'math',
    name: 'Mathematics',
    nameAr: 'الرياضيات',
    cells: [cell('m1', 'Maths quiz 1', 'اختبار الرياضيات 1', 18), cell('m2', 'Midterm', 'منتصف الفصل', null)],
    total: { score: 18, max: 20, percent: 0.9, grade: 'A' },
  },
  {
    id: 'sci',
    name: 'Science',
    nameAr: '',
    cells: [cell('s1', 'Science unit test 1', 'اختبار العلوم 1', 16)],
    total: { score: 16, max: 20, percent: 0.8, grade: 'B' },
  },
  {
    id: 'isl',
    name: 'Islamic studies',
    nameAr: 'التربية الإسلامية',
    cells: [cell('i1', 'Unit test: the pillars of Islam', 'اختبار الوحدة: أركان الإسلام', null)],
    total: { score: 0, max: 0, percent: null, grade: null },
  },
];
const answers = {
  t2: termAnswer({ subjects, total: { score: 34, max: 40, percent: 0.85 } }),
  t1: termAnswer({ subjects: [], total: { score: 0, max: 0, percent: null } }, term1),
};

/** A subject's row: its own results, its total and its grade. */
function subjectRow(table: HTMLElement, name: string) {
  const row = within(table).getByRole('rowheader', { name }).closest('tr') as HTMLElement;
  const [, total, grade] = within(row).getAllByRole('cell') as [HTMLElement, HTMLElement, HTMLElement];
  return {
    results: within(row)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
    total: total.textContent,
    grade: grade.textContent,
  };
}

describe('the marksheet page', () => {
  it('shows each subject with only its own results, its total and grade, and the legend', async () => {
    const { api } = await openModulePage('/assessment-marksheet', { [PATH]: byTerm(answers) });
    const table = await screen.findByRole(
      'table',
      { name: 'Marksheet of Omar Ahmed, Term 2' },
      { timeout: 5000 },
    );
    const head = within(table).getAllByRole('row')[0] as HTMLElement;
    expect(
      within(head)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Subject', 'Results', 'Total', 'Grade']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(['Mathematics', 'Science', 'Islamic studies']);
    expect(subjectRow(table, 'Mathematics')).toEqual({
      results: ['Maths quiz 118 / 20Grade A', 'MidtermNot released'],
      total: 'Total18 / 20 90%',
      grade: 'Grade A',
    });
    expect(subjectRow(table, 'Science')).toEqual({
      results: ['Science unit test 116 / 20Grade B'],
      total: 'Total16 / 20 80%',
      grade: 'Grade B',
    });
    expect(subjectRow(table, 'Islamic studies')).toEqual({
      results: ['Unit test: the pillars of IslamNot released'],
      total: 'TotalNo released results yet',
      grade: '',
    });
    // No placeholder for another subject's assessments.
    expect(table.textContent).not.toContain('—');
    expect(screen.getByText('Overall total').parentElement?.textContent).toContain('34 / 40 85%');
    expect(screen.getByRole('complementary', { name: 'Grading legend' })).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: 'Term' }), { target: { value: 't1' } });
    expect(await screen.findByText('No marks for Term 1 yet.')).toBeTruthy();
    expect(termsAsked(api.to(PATH))).toEqual([null, 't1']);
  });

  it('says what failed with a way to try again', async () => {
    let fail = true;
    await openModulePage('/assessment-marksheet', {
      [PATH]: () => (fail ? failure(400, 'V001') : jsonResponse(200, answers.t2)),
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: /Marksheet of Omar Ahmed/ })).toBeTruthy();
  });

  it('speaks Arabic right to left', async () => {
    await openModulePage('/assessment-marksheet', { [PATH]: byTerm(answers) }, { lng: 'ar' });
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
    expect(within(table).getAllByText('لم يُنشر')).toHaveLength(2);
    expect(within(table).getByText('اختبار الرياضيات 1')).toBeTruthy();
    expect(within(table).getAllByText('18 من 20').length).toBeGreaterThan(0);
    expect(screen.getByText('المجموع الكلي')).toBeTruthy();
  });
});
