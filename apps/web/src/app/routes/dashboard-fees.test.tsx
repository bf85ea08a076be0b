import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setSchoolId } from '../../lib/school-id.ts';
import { fakeApi, jsonResponse, renderApp } from '../../test/render.tsx';
import { loginAnswer } from '../../test/fixtures.ts';
import { feeDetails, feeItem, previousFees } from '../../test/fees.ts';
import { signedInWithCode } from '../../features/auth/api.ts';
import { sessionSlice } from '../../features/auth/slice.ts';

const aed = (major: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'AED' }).format(major);

const byChild: Record<string, ReturnType<typeof feeDetails>> = {
  E100: feeDetails(
    [
      feeItem({ amountMinor: 200_000, status: 'overdue', dueOn: '2025-11-01' }),
      feeItem({ amountMinor: 50_000, dueOn: '2026-02-15', term: 2 }),
    ],
    undefined,
    // Last year's line still owed, long overdue: part of the overdue figure.
    [feeItem({ academicYear: '2024', amountMinor: 75_000, status: 'overdue', dueOn: '2025-03-01' })],
  ),
  E200: feeDetails([
    feeItem({ enrollNumber: 'E200', amountMinor: 30_000, paidMinor: 30_000, status: 'paid' }),
  ]),
};

async function openDashboard() {
  const api = fakeApi({
    '/v1/oa/public/school-details': () =>
      jsonResponse(200, { schoolNameLogo: [], swiperText: [], schoolDates: [] }),
    '/v1/ppn/parent/profile': () => jsonResponse(200, loginAnswer.profile),
    '/v1/ppn/fees/fee-details': (request) =>
      jsonResponse(200, byChild[new URL(request.url).searchParams.get('enrollNumber') ?? '']),
    '/v1/ppn/fees/previous-fee': () => jsonResponse(200, previousFees()),
    '/v1/ppn/fees/paid-details': () =>
      jsonResponse(200, { success: true, messageId: 'S200', currency: 'AED', payments: [], students: [] }),
  });
  const session = sessionSlice.reducer(undefined, signedInWithCode(loginAnswer));
  const view = await renderApp('/dashboard', { preloadedState: { session } });
  await screen.findByRole('heading', { level: 2, name: 'Your children' }, { timeout: 5000 });
  return { ...view, api };
}

describe('the dashboard fees widget', () => {
  beforeEach(() => setSchoolId('mogra'));

  it('shows each child’s overdue and due fees and the next due date, with a way to pay', async () => {
    const { location, store } = await openDashboard();
    const widget = screen.getByRole('region', { name: 'Fees' });
    const omar = await within(widget).findByRole('article', { name: 'Omar Ahmed' });
    await waitFor(() => expect(omar.textContent).toContain(`Overdue${aed(2750)}`));
    expect(omar.textContent).toContain(`Due, not yet late${aed(500)}`);
    expect(omar.textContent).toContain(`Total still owed${aed(3250)}`);
    expect(omar.textContent).toContain(`Includes ${aed(750)} from earlier years`);
    expect(omar.textContent).toContain(`Next: ${aed(500)} due on 15 Feb 2026`);
    const lina = within(widget).getByRole('article', { name: 'Lina Ahmed' });
    await waitFor(() => expect(lina.textContent).toContain('All fees are paid.'));

    fireEvent.click(within(omar).getByRole('link', { name: 'View and pay' }));
    await waitFor(() => expect(location()).toBe('/feepayment'));
    expect(store.getState().session.selectedChild?.sims_student_enroll_number).toBe('E100');
  });

  it('is not shown to a parent whose school does not grant fee payment', async () => {
    setSchoolId('bcad');
    const { api } = await openDashboard();
    expect(screen.queryByRole('region', { name: 'Fees' })).toBeNull();
    expect(api.to('/v1/ppn/fees/fee-details')).toHaveLength(0);
  });
});
