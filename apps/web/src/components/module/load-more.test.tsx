import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { LoadMore, type TNextPage } from './load-more.tsx';

const pageOf = (next: Partial<TNextPage> = {}): TNextPage => ({
  hasNextPage: true,
  isFetchingNextPage: false,
  isFetchNextPageError: false,
  fetchNextPage: vi.fn(),
  ...next,
});

describe('LoadMore', () => {
  it('asks for the next page, once while it comes, and is gone when there is none', async () => {
    const query = pageOf();
    const view = await renderWithProviders(<LoadMore query={query} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(query.fetchNextPage).toHaveBeenCalledTimes(1);

    const busy = pageOf({ isFetchingNextPage: true });
    view.rerender(<LoadMore query={busy} />);
    const button = screen.getByRole('button', { name: 'Loading more…' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(button);
    expect(busy.fetchNextPage).not.toHaveBeenCalled();

    view.rerender(<LoadMore query={pageOf({ hasNextPage: false })} />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says why the next page failed, with a way to try again', async () => {
    const query = pageOf({ isFetchNextPageError: true, error: { status: 503, data: { messageId: 'S503' } } });
    await renderWithProviders(<LoadMore query={query} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The service is temporarily unavailable.');
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(query.fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('names what it shows when told, in the page’s language', async () => {
    await renderWithProviders(
      <LoadMore query={pageOf()} labels={{ more: 'Show more news', loading: '…' }} />,
    );
    expect(screen.getByRole('button', { name: 'Show more news' })).toBeTruthy();
  });

  it('speaks Arabic', async () => {
    await renderWithProviders(<LoadMore query={pageOf()} />, { lng: 'ar' });
    expect(screen.getByRole('button', { name: 'عرض المزيد' })).toBeTruthy();
  });
});
