import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import {
  assessment,
  byTerm,
  resultValue,
  term1,
  termAnswer,
  termsAsked,
  unreleased,
} from '../../../test/results-marks.ts';
import { openModulePage } from '../../../test/module-page.ts';

const PATH = '/v1/ppn/co-scholastic';

const skillScale = {
  id: 'skills',
  title: 'Skills scale',
  titleAr: 'سلم المهارات',
  bands: [
    { scores: 'A', grade: 'A', descriptor: 'Outstanding', descriptorAr: 'متميز' },
    { scores: 'B', grade: 'B', descriptor: 'Developing', descriptorAr: 'في تطور' },
  ],
};
const teamwork = assessment({
  id: 'c1',
  title: 'Teamwork',
  titleAr: 'العمل الجماعي',
  subject: '',
  subjectAr: '',
  category: 'Life skills',
  categoryAr: 'مهارات حياتية',
  result: resultValue({
    score: null,
    max: null,
    percent: null,
    textScore: 'A',
    grade: 'A',
    descriptor: 'Outstanding',
    descriptorAr: 'متميز',
    scaleId: 'skills',
  }),
});
const answers = {
  t2: termAnswer({
    items: [teamwork, unreleased({ id: 'c2', title: 'Swimming', titleAr: 'السباحة' })],
    legend: [skillScale],
  }),
  t1: termAnswer({ items: [] }, term1),
};

describe('the co-scholastic marks page', () => {
  it('shows each activity grade with what it means, no marks, the legend, and nothing before release', async () => {
    const { api } = await openModulePage('/coScholastic-marks', { [PATH]: byTerm(answers) });
    const heading = await screen.findByRole('heading', { name: 'Teamwork' }, { timeout: 5000 });
    const row = heading.closest('li') as HTMLElement;
    expect(row.textContent).toContain('Grade A');
    expect(row.textContent).toContain('Outstanding');
    expect(row.textContent).toContain('Life skills');
    expect(within(row).queryByTestId('score')).toBeNull();
    const swimming = screen.getByRole('heading', { name: 'Swimming' }).closest('li') as HTMLElement;
    expect(within(swimming).getByText('Not released yet')).toBeTruthy();
    expect(swimming.textContent).not.toContain('Grade');
    const legend = screen.getByRole('complementary', { name: 'Grading legend' });
    expect(within(legend).getByRole('table', { name: 'Skills scale' }).textContent).toContain('Developing');

    fireEvent.change(screen.getByRole('combobox', { name: 'Term' }), { target: { value: 't1' } });
    expect(await screen.findByText('No activity grades for Term 1 yet.')).toBeTruthy();
    expect(termsAsked(api.to(PATH))).toEqual([null, 't1']);
  });

  it('speaks Arabic right to left', async () => {
    await openModulePage('/coScholastic-marks', { [PATH]: byTerm(answers) }, { lng: 'ar' });
    const heading = await screen.findByRole('heading', { name: 'العمل الجماعي' }, { timeout: 5000 });
    expect(document.documentElement.dir).toBe('rtl');
    expect(heading.closest('li')?.textContent).toContain('متميز');
    expect(screen.getByRole('complementary', { name: 'دليل التقديرات' })).toBeTruthy();
    expect(screen.getByText('لم يُنشر بعد')).toBeTruthy();
  });
});
