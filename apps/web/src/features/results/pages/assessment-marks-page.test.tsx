import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { jsonResponse } from '../../../test/render.tsx';
import {
  assessment,
  byTerm,
  resultValue,
  term1,
  termAnswer,
  termsAsked,
  unreleased,
} from '../../../test/results-marks.ts';
import { failure, openModulePage } from '../../../test/module-page.ts';

const PATH = '/v1/ppn/assessments';

const term2Items = [
  assessment(),
  unreleased({ id: 'a2', title: 'Geometry test', titleAr: '', dueOn: '2026-03-01' }),
];
const term1Items = [
  assessment({
    id: 'a3',
    title: 'Reading check',
    titleAr: 'اختبار القراءة',
    subject: 'English',
    subjectAr: 'اللغة الإنجليزية',
    result: resultValue({ score: 13, percent: 0.65, grade: 'C', descriptor: 'Good', descriptorAr: 'جيد' }),
  }),
];
const answers = {
  t2: termAnswer({ items: term2Items }),
  t1: termAnswer({ items: term1Items }, term1),
};

const rowOf = (title: string) => screen.getByRole('heading', { name: title }).closest('li') as HTMLElement;

describe('the assessment marks page', () => {
  it('shows a released score with its grade and descriptor, the legend, and no score before release', async () => {
    const { api } = await openModulePage('/assessment-mark', { [PATH]: byTerm(answers) });
    await screen.findByRole('heading', { name: 'Fractions quiz' }, { timeout: 5000 });
    const [request] = api.to(PATH);
    expect(new URL(request?.url ?? '').searchParams.get('enrollNumber')).toBe('E100');
    expect(termsAsked(api.to(PATH))).toEqual([null]);

    const released = rowOf('Fractions quiz');
    expect(within(released).getByTestId('score').textContent).toBe('18 / 20');
    expect(released.textContent).toContain('90%');
    expect(released.textContent).toContain('Grade A');
    expect(released.textContent).toContain('Excellent');
    expect(released.textContent).toContain('Mathematics');

    const gated = rowOf('Geometry test');
    expect(within(gated).getByText('Not released yet')).toBeTruthy();
    expect(within(gated).queryByTestId('score')).toBeNull();
    expect(gated.textContent).not.toMatch(/\d+ \/ \d+|%|Grade/);

    const legend = screen.getByRole('complementary', { name: 'Grading legend' });
    const scale = within(legend).getByRole('table', { name: 'Percentage scale' });
    expect(
      within(scale)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'ScoresGradeMeaning',
      '90-100AExcellent',
      '75-89BVery good',
      '60-74CGood',
      '0-59DNeeds support',
    ]);
  });

  it('asks for the picked term and shows its results, keeping the picker while it loads', async () => {
    const { api } = await openModulePage('/assessment-mark', { [PATH]: byTerm(answers) });
    const picker = (await screen.findByRole(
      'combobox',
      { name: 'Term' },
      { timeout: 5000 },
    )) as HTMLSelectElement;
    expect(picker.value).toBe('t2');
    expect([...picker.options].map((option) => option.textContent)).toEqual(['Term 1', 'Term 2']);
    expect(screen.getByText('5 January – 27 March 2026')).toBeTruthy();

    fireEvent.change(picker, { target: { value: 't1' } });
    expect(screen.getByRole('combobox', { name: 'Term' })).toBeTruthy();
    expect(screen.getAllByTestId('record-skeleton')).toHaveLength(3);
    expect(await screen.findByRole('heading', { name: 'Reading check' })).toBeTruthy();
    expect(termsAsked(api.to(PATH))).toEqual([null, 't1']);
    expect(screen.queryByRole('heading', { name: 'Fractions quiz' })).toBeNull();
    expect(rowOf('Reading check').textContent).toContain('13 / 20');
    expect((screen.getByRole('combobox', { name: 'Term' }) as HTMLSelectElement).value).toBe('t1');
  });

  it('starts again from the current term for another child picked in the header', async () => {
    const { api } = await openModulePage('/assessment-mark', { [PATH]: byTerm(answers) });
    fireEvent.change(await screen.findByRole('combobox', { name: 'Term' }, { timeout: 5000 }), {
      target: { value: 't1' },
    });
    await screen.findByRole('heading', { name: 'Reading check' });
    fireEvent.click(screen.getByRole('button', { name: 'Selected child: Omar Ahmed' }));
    fireEvent.click(screen.getByRole('menuitemradio', { name: /Lina Ahmed/ }));
    expect(await screen.findByRole('heading', { name: 'Fractions quiz' })).toBeTruthy();
    const asked = api.to(PATH).map((request) => new URL(request.url).searchParams);
    expect(asked.map((query) => [query.get('enrollNumber'), query.get('term')])).toEqual([
      ['E100', null],
      ['E100', 't1'],
      ['E200', null],
    ]);
    expect(screen.getByRole('list', { name: 'Assessments of Lina Ahmed' })).toBeTruthy();
  });

  it('says what will appear and when for a term with nothing yet, and what failed with a way to try again', async () => {
    let fail = true;
    await openModulePage('/assessment-mark', {
      [PATH]: () => (fail ? failure(403, 'A002') : jsonResponse(200, termAnswer({ items: [], legend: [] }))),
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('You can only see information about your own children.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No assessments for Term 2 yet.')).toBeTruthy();
    expect(screen.getByText('Results appear here when the school releases them.')).toBeTruthy();
    expect(screen.queryByRole('complementary', { name: 'Grading legend' })).toBeNull();
  });

  it('stands in with the shape of the list while the term loads', async () => {
    let answer: (response: Response) => void = () => {};
    await openModulePage('/assessment-mark', {
      [PATH]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    expect(
      await screen.findByRole('status', { name: 'Assessments of Omar Ahmed' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getAllByTestId('record-skeleton')).toHaveLength(3);
    answer(jsonResponse(200, answers.t2));
    expect(await screen.findByRole('heading', { name: 'Fractions quiz' })).toBeTruthy();
    expect(screen.queryAllByTestId('record-skeleton')).toHaveLength(0);
  });

  it('speaks Arabic right to left, school text given only in English marked as English', async () => {
    await openModulePage('/assessment-mark', { [PATH]: byTerm(answers) }, { lng: 'ar' });
    await screen.findByRole('heading', { name: 'اختبار الكسور' }, { timeout: 5000 });
    expect(document.documentElement.dir).toBe('rtl');
    const released = rowOf('اختبار الكسور');
    expect(within(released).getByTestId('score').textContent).toBe('18 من 20');
    expect(released.textContent).toContain('ممتاز');
    expect(released.textContent).toContain('الرياضيات');
    expect(screen.getByRole('heading', { name: 'Geometry test' }).getAttribute('lang')).toBe('en');
    expect(within(rowOf('Geometry test')).getByText('لم يُنشر بعد')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'الفصل الدراسي' })).toBeTruthy();
    const legend = screen.getByRole('complementary', { name: 'دليل التقديرات' });
    expect(within(legend).getByRole('table', { name: 'سلم النسب المئوية' })).toBeTruthy();
    expect(within(legend).getByText('Needs support').getAttribute('lang')).toBe('en');
  });
});
