import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TPaymentLink } from '@portal/contracts/fees';
import { setSchoolId } from '../../../lib/school-id.ts';
import { fakeApi, jsonResponse, renderApp } from '../../../test/render.tsx';
import { loginAnswer } from '../../../test/fixtures.ts';
import { payment } from '../../../test/fees.ts';
import { signedInWithCode } from '../../../features/auth/api.ts';
import { sessionSlice } from '../../../features/auth/slice.ts';
import { leaveFor } from '../../../features/fees/leave-for.ts';

vi.mock('../../../features/fees/leave-for.ts', () => ({ leaveFor: vi.fn(() => true) }));

const link = (id: string, overrides: Partial<TPaymentLink> = {}): TPaymentLink => ({
  id,
  enrollNumber: 'E100',
  studentName: 'Omar Ahmed',
  descriptionEn: 'Museum trip',
  descriptionAr: 'رحلة المتحف',
  amountMinor: 15_000,
  currency: 'AED',
  expiresOn: '2026-02-28',
  status: 'open',
  paymentId: null,
  ...overrides,
});
const trip = link('6d1f0a52-5a8e-4b8e-8f0a-0d6b8d7e2c01');
const book = link('6d1f0a52-5a8e-4b8e-8f0a-0d6b8d7e2c02', {
  descriptionEn: 'Lost library book',
  status: 'expired',
});
const paidLink = link('6d1f0a52-5a8e-4b8e-8f0a-0d6b8d7e2c03', {
  descriptionEn: 'Art materials',
  status: 'paid',
  paymentId: '11111111-2222-4333-8444-555555555555',
});

async function openLinks(path: string) {
  const api = fakeApi({
    '/v1/oa/public/school-details': () =>
      jsonResponse(200, { schoolNameLogo: [], swiperText: [], schoolDates: [] }),
    '/v1/ppn/parent/profile': () => jsonResponse(200, loginAnswer.profile),
    '/v1/ppn/payment-links': () =>
      jsonResponse(200, { success: true, messageId: 'S200', links: [trip, book, paidLink] }),
    [`/v1/ppn/payment-links/${trip.id}`]: () =>
      jsonResponse(200, { success: true, messageId: 'S200', link: trip }),
    '/v1/ppn/payments': () =>
      jsonResponse(201, {
        success: true,
        messageId: 'F009',
        payment: payment({ kind: 'link' }),
        redirectUrl: 'https://pay.example.test/l',
      }),
  });
  const session = sessionSlice.reducer(undefined, signedInWithCode(loginAnswer));
  const view = await renderApp(path, { preloadedState: { session } });
  return { ...view, api };
}

beforeEach(() => {
  setSchoolId('mogra');
  vi.mocked(leaveFor).mockClear();
});

describe('payment links', () => {
  it('list open and expired links; only an open one can be paid', async () => {
    await openLinks('/payment-link');
    const open = await screen.findByRole('article', { name: 'Museum trip' }, { timeout: 5000 });
    const expired = screen.getByRole('article', { name: 'Lost library book' });
    expect(within(open).getByText('Open')).toBeTruthy();
    expect(within(expired).getByText('Expired')).toBeTruthy();
    expect(within(expired).queryByRole('button')).toBeNull();
    expect(expired.textContent).toContain('Expired on 28 Feb 2026');
  });

  it('offers the receipt of a paid link instead of a date to pay by', async () => {
    await openLinks('/payment-link');
    const paid = await screen.findByRole('article', { name: 'Art materials' }, { timeout: 5000 });
    expect(within(paid).getByText('Paid')).toBeTruthy();
    expect(within(paid).getByRole('button', { name: 'Art materials: Download receipt (PDF)' })).toBeTruthy();
    expect(paid.textContent).not.toContain('Pay by');
  });

  it('shows the link a school message points at first, and pays it by its id', async () => {
    const { api } = await openLinks(`/payment-link?id=${trip.id}`);
    const requested = await screen.findByRole(
      'region',
      { name: 'Payment requested by the school' },
      { timeout: 5000 },
    );
    const pay = await within(requested).findByRole('button', { name: /^Pay/ });
    fireEvent.click(pay);
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('https://pay.example.test/l'));
    const body = (await api.to('/v1/ppn/payments')[0]?.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ kind: 'link', linkId: trip.id });
    // Not listed a second time below.
    expect(screen.getAllByRole('article', { name: 'Museum trip' })).toHaveLength(1);
  });

  it('keeps the link after signing in: a signed-out parent is sent to sign-in with it as the redirect', async () => {
    fakeApi({
      '/v1/oa/public/school-details': () =>
        jsonResponse(200, { schoolNameLogo: [], swiperText: [], schoolDates: [] }),
    });
    const { location } = await renderApp(`/payment-link?id=${trip.id}`);
    await waitFor(() =>
      expect(location()).toBe(`/sign-in?redirectUrl=${encodeURIComponent(`/payment-link?id=${trip.id}`)}`),
    );
  });
});
