import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { jsonResponse } from '../../../test/render.tsx';
import { careAnswer, careRecord } from '../../../test/care.ts';
import { freezeDateAt, openModulePage } from '../../../test/module-page.ts';

const checkIns = [
  careRecord({
    id: 'w1',
    kind: 'wellbeing',
    occurredOn: '2026-03-08',
    title: 'Weekly check-in',
    wellbeingScore: 4,
  }),
  careRecord({
    id: 'w2',
    kind: 'wellbeing',
    occurredOn: '2026-02-22',
    title: 'Weekly check-in',
    wellbeingScore: 1,
  }),
];
const work = [
  careRecord({
    id: 'p1',
    kind: 'portfolio',
    occurredOn: '2026-03-02',
    title: 'Volcano model',
    category: 'Science',
    link: 'https://drive.mogra.demo/work/volcano',
  }),
  careRecord({
    id: 'p2',
    kind: 'portfolio',
    occurredOn: '2026-03-05',
    title: 'Poem',
    link: 'http://old.example/poem',
  }),
];

freezeDateAt('2026-03-10T06:00:00Z');

describe('the wellbeing page', () => {
  it('shows each check-in as words with a face, and where to find support', async () => {
    await openModulePage('/wellbeing', {
      '/v1/ppn/care/wellbeing': () => jsonResponse(200, careAnswer(checkIns)),
    });
    expect(await screen.findByText('Good (4 of 5)', {}, { timeout: 5000 })).toBeTruthy();
    const struggling = screen.getByText('Struggling (1 of 5)');
    expect(struggling.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getAllByText('Wellbeing check-in')).toHaveLength(2);
    const support = screen.getByRole('complementary', { name: 'Support' });
    expect(within(support).getByRole('link', { name: '+971 4 555 0100' })).toBeTruthy();
  });

  it('speaks Arabic', async () => {
    await openModulePage(
      '/wellbeing',
      { '/v1/ppn/care/wellbeing': () => jsonResponse(200, careAnswer(checkIns)) },
      { lng: 'ar' },
    );
    expect(await screen.findByText(/بحالة جيدة/, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'الدعم' })).toBeTruthy();
  });

  it('stands in with the shape of the page while the records load', async () => {
    await openModulePage('/wellbeing', { '/v1/ppn/care/wellbeing': () => new Promise<Response>(() => {}) });
    expect(await screen.findAllByTestId('timeline-skeleton', {}, { timeout: 5000 })).toHaveLength(3);
  });
});

describe('the portfolio page', () => {
  it('shows work samples as cards, newest first, each link naming its site and opening a new tab', async () => {
    await openModulePage('/portfolio', {
      '/v1/ppn/care/portfolio': () => jsonResponse(200, careAnswer(work)),
    });
    const grid = await screen.findByRole('list', { name: 'Work samples of Omar Ahmed' }, { timeout: 5000 });
    const cards = within(grid).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Poem',
      'Volcano model',
    ]);
    const link = within(cards[1] as HTMLElement).getByRole('link', {
      name: 'Open on drive.mogra.demo (opens in a new tab)',
    });
    expect(link.getAttribute('href')).toBe('https://drive.mogra.demo/work/volcano');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    // Only https work is linked.
    expect(within(cards[0] as HTMLElement).queryByRole('link')).toBeNull();
  });

  it('says what will appear while there is no work', async () => {
    await openModulePage('/portfolio', { '/v1/ppn/care/portfolio': () => jsonResponse(200, careAnswer([])) });
    expect(
      await screen.findByText(
        "No work samples yet. They appear here when a teacher adds a piece of your child's work.",
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
  });
});

describe('the gifted and talented page', () => {
  it('lists the record on the timeline with its link', async () => {
    await openModulePage('/gnt-portfolio', {
      '/v1/ppn/care/gnt-portfolio': () =>
        jsonResponse(
          200,
          careAnswer([
            careRecord({
              id: 'g1',
              kind: 'gnt',
              occurredOn: '2026-01-15',
              title: 'Maths olympiad, silver',
              link: 'https://olympiad.example/results',
            }),
          ]),
        ),
    });
    const january = await screen.findByRole('region', { name: 'January 2026' }, { timeout: 5000 });
    expect(within(january).getByText('Gifted & talented')).toBeTruthy();
    expect(within(january).getByRole('link', { name: /olympiad\.example/ })).toBeTruthy();
  });

  it('tells a parent without a child what would show', async () => {
    await openModulePage('/gnt-portfolio', {}, { childless: true });
    expect(
      await screen.findByText(
        /Once the school links a child to you, their gifted and talented record shows here\./,
        {},
        {
          timeout: 5000,
        },
      ),
    ).toBeTruthy();
  });
});
