import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { renderWithProviders } from '../../test/render.tsx';
import { RecordList, type TPageSize, type TRecordSummary } from './record-list.tsx';

type TResult = { id: string; title: string; day: string; score: number | null; expectedOn: string | null };

/** Twelve results of a term, the fourth not released yet (no score; expected on 20 March). */
const results: TResult[] = Array.from({ length: 12 }, (_, index) => ({
  id: `r${index + 1}`,
  title: `Assessment ${index + 1}`,
  day: `2026-03-${String(index + 1).padStart(2, '0')}`,
  score: index === 3 ? null : 70 + index,
  expectedOn: index === 3 ? '2026-03-20' : null,
}));

const describeResult = (result: TResult): TRecordSummary => ({
  id: result.id,
  title: result.title,
  date: result.day,
  badges: <span>Maths</span>,
  released: result.score !== null,
  expectedOn: result.expectedOn,
});

/** A page that pages through `results` by cursor, as a module page drives its query. */
function Harness({ renderBody }: { renderBody: (result: TResult) => ReactNode }) {
  const [pageSize, setPageSize] = useState<TPageSize>(5);
  const [shown, setShown] = useState(5);
  const items = results.slice(0, shown);
  return (
    <RecordList
      label="Results of Omar"
      items={items}
      describe={describeResult}
      renderBody={renderBody}
      emptyMessage="Results appear here once the school releases them."
      paging={{
        nextCursor: shown < results.length ? `after-${shown}` : null,
        onShowMore: () => setShown((count) => count + pageSize),
        isFetchingMore: false,
        pageSize,
        onPageSizeChange: (size) => {
          setPageSize(size);
          setShown(size);
        },
      }}
    />
  );
}

const body = (result: TResult) => <span>Score {result.score}</span>;

describe('the record list', () => {
  it('shows each record with its title, chips, day and content, and only that a gated one exists', async () => {
    const renderBody = vi.fn(body);
    await renderWithProviders(<Harness renderBody={renderBody} />);
    const list = screen.getByRole('list', { name: 'Results of Omar' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(5);
    const first = rows[0] as HTMLElement;
    expect(within(first).getByRole('heading', { level: 3, name: 'Assessment 1' })).toBeTruthy();
    expect(within(first).getByText('Maths')).toBeTruthy();
    expect(within(first).getByText('1 Mar 2026').getAttribute('dateTime')).toBe('2026-03-01');
    expect(within(first).getByText('Score 70')).toBeTruthy();
    // The unreleased result: its name and when to expect it; no chips, no content, never its value.
    const gated = rows[3] as HTMLElement;
    expect(gated.dataset.released).toBe('false');
    expect(within(gated).getByText('Not released yet')).toBeTruthy();
    expect(within(gated).getByText('Expected on 20 Mar 2026')).toBeTruthy();
    expect(within(gated).queryByText('Maths')).toBeNull();
    expect(gated.textContent).not.toContain('Score');
    expect(renderBody.mock.calls.map(([result]) => result.id)).not.toContain('r4');
    expect(screen.getByRole('status').textContent).toBe('Records shown: 5');
  });

  it('says the school will release a gated record later when it gave no day', async () => {
    await renderWithProviders(
      <RecordList
        label="Report cards"
        items={[{ id: 'rc1', title: 'Term 2 report', date: null, released: false, expectedOn: null }]}
        describe={(item: TRecordSummary) => item}
        renderBody={() => 'never'}
        emptyMessage="none"
      />,
    );
    const row = screen.getByRole('listitem');
    expect(row.textContent).toContain('The school will release it later.');
    expect(row.textContent).not.toContain('never');
  });

  it('pages by cursor: "Show more" adds a page until there is no next cursor', async () => {
    await renderWithProviders(<Harness renderBody={body} />);
    const more = () => screen.queryByRole('button', { name: 'Show more' });
    fireEvent.click(more() as HTMLElement);
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    fireEvent.click(more() as HTMLElement);
    expect(screen.getAllByRole('listitem')).toHaveLength(12);
    expect(more()).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Records shown: 12');
  });

  it('offers the page sizes 5, 10, 20 and 50', async () => {
    await renderWithProviders(<Harness renderBody={body} />);
    const size = screen.getByRole('combobox', { name: 'Per page' }) as HTMLSelectElement;
    expect([...size.options].map((option) => option.value)).toEqual(['5', '10', '20', '50']);
    fireEvent.change(size, { target: { value: '10' } });
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
  });

  it('keeps "Show more" from asking twice while a page is on its way', async () => {
    const onShowMore = vi.fn();
    await renderWithProviders(
      <RecordList
        label="Results"
        items={results.slice(0, 5)}
        describe={describeResult}
        renderBody={body}
        emptyMessage="none"
        paging={{ nextCursor: 'c', onShowMore, isFetchingMore: true, pageSize: 5, onPageSizeChange: vi.fn() }}
      />,
    );
    const button = screen.getByRole('button', { name: 'Loading more…' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(button);
    expect(onShowMore).not.toHaveBeenCalled();
  });

  it('says what will appear and when while there is nothing, and stands in with its shape while loading', async () => {
    const { rerender } = await renderWithProviders(
      <RecordList
        label="Results"
        items={[]}
        describe={describeResult}
        renderBody={body}
        emptyMessage="Results appear here once the school releases them."
        isLoading
      />,
    );
    const loading = screen.getByRole('status', { name: 'Results' });
    expect(loading.textContent).toContain('Loading');
    expect(screen.getAllByTestId('record-skeleton')).toHaveLength(3);
    expect(screen.queryByRole('list')).toBeNull();
    rerender(
      <RecordList
        label="Results"
        items={[]}
        describe={describeResult}
        renderBody={body}
        emptyMessage="Results appear here once the school releases them."
      />,
    );
    expect(screen.getByText('Results appear here once the school releases them.')).toBeTruthy();
    expect(screen.queryAllByTestId('record-skeleton')).toHaveLength(0);
  });

  it('speaks Arabic: the gate, the day and the paging in Arabic words and digits', async () => {
    await renderWithProviders(<Harness renderBody={body} />, { lng: 'ar' });
    const gated = screen.getAllByRole('listitem')[3] as HTMLElement;
    expect(within(gated).getByText('لم يُنشر بعد')).toBeTruthy();
    expect(gated.textContent).toContain('متوقع في');
    expect(screen.getByRole('button', { name: 'عرض المزيد' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'في الصفحة' })).toBeTruthy();
  });
});
