import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { TOPUP_LIMITS, type TCreatePaymentRequest, type TWallet } from '@portal/contracts/fees';
import { setSchoolId } from '../../../lib/school-id.ts';
import { fakeApi, jsonResponse, renderApp } from '../../../test/render.tsx';
import { loginAnswer } from '../../../test/fixtures.ts';
import { payment } from '../../../test/fees.ts';
import { signedInWithCode } from '../../../features/auth/api.ts';
import { sessionSlice } from '../../../features/auth/slice.ts';
import { leaveFor } from '../../../features/fees/leave-for.ts';

vi.mock('../../../features/fees/leave-for.ts', () => ({ leaveFor: vi.fn(() => true) }));

const aed = (major: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'AED' }).format(major);
const redirectUrl = 'https://pay.example.test/checkout/topup';

const wallet: TWallet = {
  success: true,
  messageId: 'S200',
  currency: 'AED',
  balanceMinor: 4_250,
  transactions: [
    {
      id: '7a0c9a5e-1d3e-4c1b-9a61-0b5f0b7e1a01',
      at: '2026-01-10T07:45:00.000Z',
      kind: 'purchase',
      amountMinor: -5_750,
      balanceAfterMinor: 4_250,
      descriptionEn: 'Canteen lunch',
      descriptionAr: 'غداء المقصف',
    },
    {
      id: '7a0c9a5e-1d3e-4c1b-9a61-0b5f0b7e1a02',
      at: '2026-01-02T07:45:00.000Z',
      kind: 'topup',
      amountMinor: 10_000,
      balanceAfterMinor: 10_000,
      descriptionEn: 'Top-up',
      descriptionAr: 'شحن الرصيد',
    },
  ],
};

async function openTopUp() {
  const api = fakeApi({
    '/v1/oa/public/school-details': () =>
      jsonResponse(200, { schoolNameLogo: [], swiperText: [], schoolDates: [] }),
    '/v1/ppn/parent/profile': () => jsonResponse(200, loginAnswer.profile),
    '/v1/ppn/wallet': () => jsonResponse(200, wallet),
    '/v1/ppn/payments': () =>
      jsonResponse(201, {
        success: true,
        messageId: 'F009',
        payment: payment({ kind: 'topup' }),
        redirectUrl,
      }),
  });
  const session = sessionSlice.reducer(undefined, signedInWithCode(loginAnswer));
  await renderApp('/topup', { preloadedState: { session } });
  await screen.findByRole('heading', { level: 2, name: 'Top up the balance' }, { timeout: 5000 });
  return api;
}

beforeEach(() => {
  setSchoolId('mogra');
  vi.mocked(leaveFor).mockClear();
});

describe('top up', () => {
  it('shows the balance and its history', async () => {
    await openTopUp();
    expect(screen.getByRole('region', { name: 'Store and canteen balance' }).textContent).toContain(
      aed(42.5),
    );
    const history = screen.getByRole('table', { name: 'Top-ups and purchases, newest first' });
    expect(history.textContent).toContain(`-${aed(57.5)}`);
    expect(history.textContent).toContain(`+${aed(100)}`);
  });

  it('tops up a preset amount for the selected child through the payment flow', async () => {
    const api = await openTopUp();
    const presets = screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent);
    const whole = (major: number) =>
      new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'AED', maximumFractionDigits: 0 }).format(
        major,
      );
    expect(presets).toEqual([whole(50), whole(100), whole(200), whole(500), 'Other amount']);
    fireEvent.click(screen.getByRole('radio', { name: whole(200) }));
    fireEvent.click(screen.getByRole('button', { name: `Top up ${aed(200)}` }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(redirectUrl));
    const body = (await api.to('/v1/ppn/payments')[0]?.json()) as TCreatePaymentRequest;
    expect(body).toMatchObject({ kind: 'topup', enrollNumber: 'E100', amountMinor: 20_000 });
  });

  it('refuses a custom amount outside the limits and takes one within them', async () => {
    const api = await openTopUp();
    fireEvent.click(screen.getByRole('radio', { name: 'Other amount' }));
    const input = screen.getByRole('textbox', { name: 'Amount (AED)' });
    const button = () => screen.getByRole('button', { name: /^Top up/ }) as HTMLButtonElement;
    const range = `You can top up between ${aed(TOPUP_LIMITS.minimumMinor / 100)} and ${aed(TOPUP_LIMITS.maximumMinor / 100)} at a time.`;

    fireEvent.change(input, { target: { value: '9.99' } });
    expect(screen.getByRole('alert').textContent).toContain(range);
    expect(button().disabled).toBe(true);

    fireEvent.change(input, { target: { value: '5000.01' } });
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(button().disabled).toBe(true);

    fireEvent.change(input, { target: { value: '12.345' } });
    expect(button().disabled).toBe(true);

    fireEvent.change(input, { target: { value: '5,000' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(button().disabled).toBe(false);
    fireEvent.change(input, { target: { value: '10' } });
    fireEvent.click(button());
    await waitFor(() => expect(leaveFor).toHaveBeenCalled());
    const body = (await api.to('/v1/ppn/payments')[0]?.json()) as TCreatePaymentRequest;
    expect(body).toMatchObject({ kind: 'topup', amountMinor: TOPUP_LIMITS.minimumMinor });
  });
});
