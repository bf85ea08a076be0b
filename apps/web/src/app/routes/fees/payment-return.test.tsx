import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { TPayment } from '@portal/contracts/fees';
import { setSchoolId } from '../../../lib/school-id.ts';
import { fakeApi, jsonResponse, renderApp } from '../../../test/render.tsx';
import { loginAnswer } from '../../../test/fixtures.ts';
import { payment } from '../../../test/fees.ts';
import { signedInWithCode } from '../../../features/auth/api.ts';
import { sessionSlice } from '../../../features/auth/slice.ts';
import { POLL_INTERVAL_MS, POLL_LIMIT_MS } from '../../../features/fees/pages/payment-return-page.tsx';

const id = payment().id;
const paymentPath = `/v1/ppn/payments/${id}`;

/** The return page for payment `id`, the server answering each poll with the next of `answers` (the last one repeats). */
async function openReturn(
  answers: (TPayment | { status: number; body: unknown })[],
  search = `?payment=${id}`,
  page = '/payment-return',
) {
  let asked = 0;
  const api = fakeApi({
    '/v1/oa/public/school-details': () =>
      jsonResponse(200, { schoolNameLogo: [], swiperText: [], schoolDates: [] }),
    '/v1/ppn/parent/profile': () => jsonResponse(200, loginAnswer.profile),
    [paymentPath]: () => {
      const answer = answers[Math.min(asked, answers.length - 1)];
      asked += 1;
      if (answer && 'body' in answer) return jsonResponse(answer.status, answer.body);
      return jsonResponse(200, { success: true, messageId: 'S200', payment: answer, redirectUrl: null });
    },
  });
  const session = sessionSlice.reducer(undefined, signedInWithCode(loginAnswer));
  const view = await renderApp(`${page}${search}`, { preloadedState: { session } });
  await screen.findByRole('heading', { level: 1, name: 'Payment result' }, { timeout: 5000 });
  return { ...view, api };
}

const liveRegion = () =>
  screen.getAllByRole('status').find((node) => node.getAttribute('aria-live') === 'polite');

beforeEach(() => {
  setSchoolId('mogra');
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => vi.useRealTimers());

describe('payment return page', () => {
  it('asks every 1.5 s while the payment is pending and shows the receipt once it succeeded', async () => {
    const succeeded = payment({
      status: 'succeeded',
      receiptNo: 'RCT-000012',
      completedAt: '2026-01-15T08:31:00.000Z',
    });
    const { api } = await openReturn([payment(), payment(), succeeded]);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Waiting for the payment service' }),
    ).toBeTruthy();
    expect(liveRegion()?.textContent).toBe('Waiting for the payment service');
    expect(api.to(paymentPath)).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
    await waitFor(() => expect(api.to(paymentPath)).toHaveLength(2));
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
    expect(await screen.findByRole('heading', { level: 2, name: 'Payment received' })).toBeTruthy();
    expect(liveRegion()?.textContent).toBe('Payment received');
    expect(screen.getByText('RCT-000012')).toBeTruthy();
    expect(screen.getByText('What was paid').nextElementSibling?.textContent).toContain('Tuition');
    expect(screen.getByRole('button', { name: 'Download receipt (PDF)' })).toBeTruthy();

    // Final: no more questions.
    const count = api.to(paymentPath).length;
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 4));
    expect(api.to(paymentPath)).toHaveLength(count);
  });

  it.each([
    ['declined', 'The payment was declined'],
    ['abandoned', 'The payment was not completed'],
  ] as const)(
    'says nothing was charged when the payment was %s, and offers to try again',
    async (status, title) => {
      await openReturn([payment(), payment({ status })]);
      await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
      expect(await screen.findByRole('heading', { level: 2, name: title })).toBeTruthy();
      expect(screen.getByText('Nothing was charged.')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/feepayment');
    },
  );

  it('says honestly when no answer came within two minutes, and can check again', async () => {
    const { api } = await openReturn([payment()]);
    await screen.findByRole('heading', { level: 2, name: 'Waiting for the payment service' });
    await act(() => vi.advanceTimersByTimeAsync(POLL_LIMIT_MS + POLL_INTERVAL_MS));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'The confirmation is taking longer than usual' }),
    ).toBeTruthy();
    expect(screen.getByText(/you will not be charged twice/)).toBeTruthy();
    const asked = api.to(paymentPath).length;
    expect(asked).toBeGreaterThanOrEqual(POLL_LIMIT_MS / POLL_INTERVAL_MS - 2);
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 4));
    expect(api.to(paymentPath)).toHaveLength(asked);

    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(api.to(paymentPath).length).toBeGreaterThan(asked));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Waiting for the payment service' }),
    ).toBeTruthy();
  });

  it('shows the message of a refused payment id and stops asking', async () => {
    const { api } = await openReturn([
      { status: 404, body: { success: false, messageId: 'N404', message: 'Not found' } },
    ]);
    expect(await screen.findByText('We could not find what you asked for.')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3));
    expect(api.to(paymentPath)).toHaveLength(1);
  });

  it('says nothing was charged at once when the parent left the provider’s page without paying', async () => {
    const { api } = await openReturn([payment()], `?payment=${id}&cancelled=1`);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'The payment was not completed' }),
    ).toBeTruthy();
    expect(screen.getByText('Nothing was charged.')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3));
    expect(api.to(paymentPath)).toHaveLength(1);
  });

  it('asks nothing when the address names no payment', async () => {
    const { api } = await openReturn([payment()], '?payment=not-an-id');
    expect(screen.getByRole('heading', { level: 2, name: 'No payment to show' })).toBeTruthy();
    expect(api.to(paymentPath)).toHaveLength(0);
  });
});
