import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render.tsx';
import { careRecord } from '../../../test/care.ts';
import { RecordComments } from './record-comments.tsx';

describe('the comments on a plan', () => {
  it('lists them by when they were written, not by their number', async () => {
    const plan = careRecord({
      id: 'p1',
      kind: 'improvementPlan',
      occurredOn: '2026-02-02',
      title: 'Maths plan',
      comments: [
        // Imported after the parent wrote, so numbered after the parent's, though written before.
        { seq: 3, at: '2026-02-03T08:00:00.000Z', author: 'school', authorName: 'Mr Ali', body: 'First' },
        { seq: 1, at: '2026-02-05T09:00:00.000Z', author: 'parent', authorName: 'Sara', body: 'Second' },
        { seq: 4, at: '2026-02-05T09:00:00.000Z', author: 'school', authorName: 'Mr Ali', body: 'Third' },
        { seq: 2, at: '2026-02-06T10:00:00+03:00', author: 'parent', authorName: 'Sara', body: 'Fourth' },
      ],
    });
    await renderWithProviders(<RecordComments record={plan} module="improvement" enrollNumber="E1" />);
    const list = screen.getByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p[dir="auto"]')?.textContent),
    ).toEqual(['First', 'Second', 'Third', 'Fourth']);
  });
});
