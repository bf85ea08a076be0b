import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { TAssignment } from '@portal/contracts/families/results';
import { jsonResponse } from '../../../test/render.tsx';
import {
  assessment,
  byTerm,
  term1,
  termAnswer,
  termsAsked,
  unreleased,
} from '../../../test/results-marks.ts';
import { failure, openModulePage } from '../../../test/module-page.ts';

const PATH = '/v1/ppn/assignments';

/** Given out of due-date order: the page lists them soonest due first. */
const items: TAssignment[] = [
  {
    ...unreleased({ id: 'w3', title: 'Poem recital', titleAr: 'إلقاء قصيدة', dueOn: '2026-03-20' }),
    state: 'due',
  },
  {
    ...assessment({ id: 'w1', title: 'Fractions worksheet', titleAr: '', dueOn: '2026-02-08' }),
    state: 'graded',
  },
  {
    ...unreleased({ id: 'w2', title: 'Science poster', titleAr: 'ملصق العلوم', dueOn: '2026-03-01' }),
    state: 'late',
  },
  {
    ...unreleased({ id: 'w4', title: 'Essay draft', titleAr: 'مسودة مقال', dueOn: '2026-02-20' }),
    state: 'handedIn',
  },
];
const answers = { t2: termAnswer({ items }), t1: termAnswer({ items: [] }, term1) };

const rows = () =>
  within(screen.getByRole('list', { name: /^Assignments of|^واجبات/ })).getAllByRole('listitem');

describe('the assignments page', () => {
  it('lists the term by due date, each with its state in words, and a grade only once released', async () => {
    await openModulePage('/assignment', { [PATH]: byTerm(answers) });
    await screen.findByRole('heading', { name: 'Fractions worksheet' }, { timeout: 5000 });
    const list = rows();
    expect(list.map((row) => row.querySelector('h2')?.textContent)).toEqual([
      'Fractions worksheet',
      'Essay draft',
      'Science poster',
      'Poem recital',
    ]);
    const [graded, handedIn, late, due] = list as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(within(graded).getByText('Graded').closest('[data-state]')?.querySelector('svg')).toBeTruthy();
    expect(within(graded).getByTestId('score').textContent).toBe('18 / 20');
    expect(graded.textContent).toContain('Grade A');
    expect(graded.textContent).toContain('Excellent');
    expect(within(graded).getByText('8 Feb 2026').getAttribute('dateTime')).toBe('2026-02-08');

    expect(within(handedIn).getByText('Handed in')).toBeTruthy();
    expect(within(late).getByText('Late')).toBeTruthy();
    expect(within(due).getByText('Due')).toBeTruthy();
    for (const row of [handedIn, late, due]) {
      expect(within(row).getByText('Not released yet')).toBeTruthy();
      expect(within(row).queryByTestId('score')).toBeNull();
      expect(row.textContent).not.toMatch(/\d+ \/ \d+|%/);
    }
    // The legend says what the grade means.
    expect(screen.getByRole('complementary', { name: 'Grading legend' }).textContent).toContain('90-100');
  });

  it('asks for the picked term, and says what will appear when it has none', async () => {
    const { api } = await openModulePage('/assignment', { [PATH]: byTerm(answers) });
    const picker = await screen.findByRole('combobox', { name: 'Term' }, { timeout: 5000 });
    fireEvent.change(picker, { target: { value: 't1' } });
    expect(await screen.findByText('No assignments for Term 1 yet.')).toBeTruthy();
    expect(
      screen.getByText(
        'Assignments appear here when teachers set them; grades follow when the school releases them.',
      ),
    ).toBeTruthy();
    expect(termsAsked(api.to(PATH))).toEqual([null, 't1']);
  });

  it('says what failed, and that there is nothing yet when the school has no terms', async () => {
    let fail = true;
    await openModulePage('/assignment', {
      [PATH]: () => (fail ? failure(500, 'S500') : jsonResponse(200, termAnswer({ items: [] }, null))),
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No assignments yet.')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Term' })).toBeNull();
  });

  it('speaks Arabic right to left', async () => {
    await openModulePage('/assignment', { [PATH]: byTerm(answers) }, { lng: 'ar' });
    await screen.findByRole('heading', { name: 'ملصق العلوم' }, { timeout: 5000 });
    expect(document.documentElement.dir).toBe('rtl');
    const [graded, , late] = rows() as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(graded).getByRole('heading', { name: 'Fractions worksheet' }).getAttribute('lang')).toBe(
      'en',
    );
    expect(within(graded).getByText('تم التقييم')).toBeTruthy();
    expect(within(graded).getByTestId('score').textContent).toBe('18 من 20');
    expect(within(late).getByText('متأخر')).toBeTruthy();
    expect(within(late).getByText('لم يُنشر بعد')).toBeTruthy();
  });
});
