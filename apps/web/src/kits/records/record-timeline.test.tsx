import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Star, TriangleAlert } from 'lucide-react';
import { renderWithProviders } from '../../test/render.tsx';
import type { TTimelineEntry } from './record-entry.tsx';
import { groupByMonth, RecordTimeline } from './record-timeline.tsx';

type TNote = { id: string; day: string; kind: 'merit' | 'incident'; title: string; staff: string };

const notes: TNote[] = [
  { id: 'n1', day: '2026-02-20', kind: 'merit', title: 'Helped a classmate', staff: 'Ms Hana' },
  { id: 'n2', day: '2026-03-04', kind: 'incident', title: 'Playground fall', staff: '' },
  { id: 'n3', day: '2026-03-11', kind: 'merit', title: 'Reading star', staff: 'Mr Ali' },
];

const kinds = {
  merit: { label: 'Merit', icon: Star, tone: 'bg-emerald-100' },
  incident: { label: 'Incident', icon: TriangleAlert, tone: 'bg-amber-100' },
};

const describeNote = (note: TNote): TTimelineEntry => ({
  id: note.id,
  date: note.day,
  kind: kinds[note.kind],
  title: note.title,
  detail: `About ${note.title}`,
  staff: note.staff ? `Recorded by ${note.staff}` : null,
});

describe('the record timeline', () => {
  it('groups records by month, newest first, each with its kind in words, day, title, detail and staff', async () => {
    await renderWithProviders(
      <RecordTimeline
        label="Records of Omar"
        items={notes}
        describe={describeNote}
        renderBody={(note) => (note.kind === 'incident' ? <span>Body of {note.title}</span> : null)}
        renderActions={(note) =>
          note.kind === 'incident' ? <button type="button">Acknowledge</button> : null
        }
        emptyMessage="Nothing yet"
      />,
    );
    const timeline = screen.getByRole('region', { name: 'Records of Omar' });
    const months = within(timeline).getAllByRole('heading', { level: 2 });
    expect(months.map((heading) => heading.textContent)).toEqual(['March 2026', 'February 2026']);
    const march = screen.getByRole('region', { name: 'March 2026' });
    const marchItems = within(march).getAllByRole('listitem');
    expect(marchItems.map((item) => within(item).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Reading star',
      'Playground fall',
    ]);
    const [star, fall] = marchItems as [HTMLElement, HTMLElement];
    expect(within(star).getByText('Merit')).toBeTruthy();
    expect(within(star).getByText('Recorded by Mr Ali')).toBeTruthy();
    expect(within(star).getByText('About Reading star')).toBeTruthy();
    expect(star.querySelector('time')?.getAttribute('dateTime')).toBe('2026-03-11');
    expect(star.querySelector('time')?.textContent).toBe('Wed 11 Mar');
    expect(within(star).queryByRole('button')).toBeNull();
    expect(within(fall).getByText('Incident')).toBeTruthy();
    expect(within(fall).getByText('Body of Playground fall')).toBeTruthy();
    expect(within(fall).getByRole('button', { name: 'Acknowledge' })).toBeTruthy();
    expect(fall.textContent).not.toContain('Recorded by');
    const february = screen.getByRole('region', { name: 'February 2026' });
    expect(within(february).getAllByRole('listitem')).toHaveLength(1);
  });

  it('runs its line along the start edge, so Arabic mirrors it, and speaks Arabic months', async () => {
    await renderWithProviders(
      <RecordTimeline label="السجلات" items={notes} describe={describeNote} emptyMessage="لا شيء" />,
      { lng: 'ar' },
    );
    const months = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent ?? '');
    expect(months[0]).toMatch(/مارس/);
    expect(months[1]).toMatch(/فبراير/);
    const list = screen.getAllByRole('list')[0] as HTMLElement;
    expect(list.className).toContain('border-s-2');
    expect(list.className).toContain('ps-6');
    expect(list.className).not.toMatch(/\b(border-l|pl-|ml-)/);
  });

  it('says what will appear while there is nothing, and stands in with its shape while loading', async () => {
    const { rerender } = await renderWithProviders(
      <RecordTimeline
        label="Records"
        items={[]}
        describe={describeNote}
        emptyMessage="Nothing yet"
        isLoading
      />,
    );
    expect(screen.getByRole('status').textContent).toContain('Loading');
    expect(screen.getAllByTestId('timeline-skeleton')).toHaveLength(3);
    rerender(
      <RecordTimeline label="Records" items={[]} describe={describeNote} emptyMessage="Nothing yet" />,
    );
    expect(screen.getByText('Nothing yet')).toBeTruthy();
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('orders months and days newest first whatever order the records come in', () => {
    const grouped = groupByMonth(['2026-01-05', '2026-03-01', '2026-01-20', '2025-12-31'], (day) => day);
    expect(grouped).toEqual([
      ['2026-03', ['2026-03-01']],
      ['2026-01', ['2026-01-20', '2026-01-05']],
      ['2025-12', ['2025-12-31']],
    ]);
  });
});
