import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../test/render.tsx';
import { AckButton, type TAckChild } from './ack-button.tsx';

const omar: TAckChild = { enrollNumber: 'MG1001', name: 'Omar', acknowledgedAt: null };
const layla: TAckChild = { enrollNumber: 'MG1002', name: 'Layla', acknowledgedAt: null };
// 21:30 UTC on 11 March is already 12 March in Dubai, the school's default time zone.
const yousef: TAckChild = { enrollNumber: 'MG1003', name: 'Yousef', acknowledgedAt: '2026-03-11T21:30:00Z' };

/** A promise the test settles when it chooses. */
function deferred() {
  let resolve: (value?: unknown) => void = () => undefined;
  let reject: (reason: unknown) => void = () => undefined;
  const promise = new Promise((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('the acknowledge button', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('offers a button per child not yet acknowledged, one for all, and the day of those done', async () => {
    await renderWithProviders(
      <AckButton childrenConcerned={[omar, layla, yousef]} onAcknowledge={vi.fn()} />,
    );
    expect(screen.getByRole('button', { name: 'Acknowledge for Omar' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Acknowledge for Layla' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Acknowledge for all' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Yousef/ })).toBeNull();
    const done = screen.getByText('Yousef').closest('li') as HTMLElement;
    expect(done.textContent).toBe('YousefAcknowledged on 12 March 2026');
    expect(done.querySelector('svg.lucide-circle-check')).not.toBeNull();
  });

  it('says who acknowledged and at what time, when the page knows', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-15T08:00:00Z') });
    const byOther: TAckChild = { ...yousef, acknowledgedBy: 'otherParent' };
    await renderWithProviders(
      <AckButton
        withTime
        childrenConcerned={[{ ...omar, acknowledgedBy: null }, byOther]}
        onAcknowledge={vi.fn(() => Promise.resolve())}
      />,
    );
    expect((screen.getByText('Yousef').closest('li') as HTMLElement).textContent).toBe(
      'YousefAcknowledged by another parent on 12 March 2026 at 1:30 am',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Acknowledge for Omar' }));
    expect(
      (await screen.findByText('Acknowledged by you on 15 March 2026 at 12:00 pm')).closest('li')
        ?.textContent,
    ).toBe('OmarAcknowledged by you on 15 March 2026 at 12:00 pm');
  });

  it('has no "for all" with one child left to acknowledge', async () => {
    await renderWithProviders(<AckButton childrenConcerned={[omar, yousef]} onAcknowledge={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Acknowledge for Omar' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Acknowledge for all' })).toBeNull();
  });

  it('sends for every child left at once, waits while it goes, then shows them acknowledged', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-15T08:00:00Z') });
    const sent = deferred();
    const onAcknowledge = vi.fn(() => sent.promise);
    await renderWithProviders(
      <AckButton childrenConcerned={[omar, layla, yousef]} onAcknowledge={onAcknowledge} />,
    );
    const all = screen.getByRole('button', { name: 'Acknowledge for all' });
    fireEvent.click(all);
    expect(onAcknowledge).toHaveBeenCalledWith(['MG1001', 'MG1002']);
    expect(all.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('Sending…');
    // Nothing more is sent while it goes.
    fireEvent.click(screen.getByRole('button', { name: 'Acknowledge for Omar' }));
    expect(screen.getByRole('button', { name: 'Acknowledge for Omar' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    expect(onAcknowledge).toHaveBeenCalledTimes(1);
    await act(async () => sent.resolve());
    expect(screen.queryByRole('button')).toBeNull();
    expect((screen.getByText('Omar').closest('li') as HTMLElement).textContent).toBe(
      'OmarAcknowledged on 15 March 2026',
    );
    expect(screen.getByRole('status').textContent).toBe('Acknowledged for Omar and Layla.');
  });

  it('says why it failed, in the message id’s words, and tries the same children again', async () => {
    const onAcknowledge = vi
      .fn<(enrollNumbers: string[]) => Promise<unknown>>()
      .mockRejectedValueOnce({ status: 503, data: { success: false, messageId: 'S503' } })
      .mockResolvedValueOnce(undefined);
    await renderWithProviders(<AckButton childrenConcerned={[omar, layla]} onAcknowledge={onAcknowledge} />);
    fireEvent.click(screen.getByRole('button', { name: 'Acknowledge for Layla' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The service is temporarily unavailable. Please try again shortly.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(onAcknowledge.mock.calls).toEqual([[['MG1002']], [['MG1002']]]);
    expect(screen.getByRole('button', { name: 'Acknowledge for Omar' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Acknowledge for Layla' })).toBeNull();
  });

  it('speaks Arabic, the day in Arabic too', async () => {
    await renderWithProviders(
      <AckButton childrenConcerned={[omar, layla, yousef]} onAcknowledge={vi.fn()} />,
      {
        lng: 'ar',
      },
    );
    expect(screen.getByRole('button', { name: 'إقرار عن Omar' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'إقرار عن الجميع' })).toBeTruthy();
    expect((screen.getByText('Yousef').closest('li') as HTMLElement).textContent).toContain('تم الإقرار في');
    expect((screen.getByText('Yousef').closest('li') as HTMLElement).textContent).toContain('مارس');
  });
});
