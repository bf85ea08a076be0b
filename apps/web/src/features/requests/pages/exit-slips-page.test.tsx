import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TExitSlip, TExitSlipCode, TExitSlips } from '@portal/contracts/families/exit-slips';
import { failure, freezeDateAt, ok, openModulePage } from '../../../test/module-page.ts';
import { jsonResponse } from '../../../test/render.tsx';

// 10 March 2026, 10:00 at the demo school (Dubai).
freezeDateAt('2026-03-10T06:00:00Z');

const APPROVED = '11111111-1111-4111-8111-111111111111';
const IN_REVIEW = '22222222-2222-4222-8222-222222222222';

function slip(overrides: Partial<TExitSlip> = {}): TExitSlip {
  return {
    id: APPROVED,
    enrollNumber: 'E100',
    childName: 'Omar Ahmed',
    // 13:30 in Dubai, tomorrow.
    leaveAt: '2026-03-11T09:30:00.000Z',
    collector: { name: 'Khalid Saleh', relation: 'Uncle', phone: '+971 50 555 0101' },
    status: 'approved',
    createdAt: '2026-03-09T06:00:00.000Z',
    canCancel: false,
    window: { from: '2026-03-11T09:00:00.000Z', until: '2026-03-11T11:30:00.000Z' },
    gate: { verifiedAt: null, handedOverAt: null },
    history: [
      { seq: 1, at: '2026-03-09T06:00:00.000Z', actor: 'parent', from: null, to: 'submitted', note: '' },
      {
        seq: 2,
        at: '2026-03-09T08:00:00.000Z',
        actor: 'school',
        from: 'submitted',
        to: 'approved',
        note: 'Please come to the main gate.',
      },
    ],
    ...overrides,
  };
}

const inReview = slip({
  id: IN_REVIEW,
  enrollNumber: 'E200',
  childName: 'Lina Ahmed',
  leaveAt: '2026-03-12T07:00:00.000Z',
  collector: { name: 'فاطمة أحمد', relation: 'الجدة', phone: '+971 55 765 4321' },
  status: 'in_review',
  canCancel: true,
  window: { from: '2026-03-12T06:30:00.000Z', until: '2026-03-12T09:00:00.000Z' },
  history: [
    { seq: 1, at: '2026-03-09T06:00:00.000Z', actor: 'parent', from: null, to: 'submitted', note: '' },
  ],
});

const list = (items: TExitSlip[]): TExitSlips => ({ ...ok, items, nextCursor: null });

const codeAnswer: TExitSlipCode = {
  ...ok,
  code: 'ABCD-EFGH-JKMN-PQRS-TVWX',
  leaveAt: '2026-03-11T09:30:00.000Z',
  window: { from: '2026-03-11T09:00:00.000Z', until: '2026-03-11T11:30:00.000Z' },
};

describe('the exit slip page', { timeout: 20_000 }, () => {
  it('shows the gate code of an approved slip first, then the family’s slips with their state and history', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const { api } = await openModulePage('/exit-slip-request', {
      '/v1/ppn/exit-slips': () => jsonResponse(200, list([inReview, slip()])),
      [`/v1/ppn/exit-slips/${APPROVED}/code`]: () => jsonResponse(200, codeAnswer),
    });
    const card = (
      await screen.findByRole('heading', { name: 'Gate code for Omar Ahmed' }, { timeout: 10_000 })
    ).closest('article')!;
    const qr = await within(card).findByRole('img', { name: 'QR gate code for Omar Ahmed' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M4 4h1v1h-1z/);
    expect(within(card).getByText('ABCD-EFGH-JKMN-PQRS-TVWX').getAttribute('dir')).toBe('ltr');
    expect(card.textContent).toContain('Khalid Saleh');
    expect(card.textContent).toContain('1:00 pm – 3:30 pm');
    expect(card.textContent).toContain('Show it at the gate from 1:00 pm. It works once.');
    // No code is asked for the slip in review.
    expect(api.to(`/v1/ppn/exit-slips/${IN_REVIEW}/code`)).toHaveLength(0);
    // Printing puts the card alone on paper.
    fireEvent.click(within(card).getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));

    const mine = screen.getByRole('region', { name: 'Your exit slips' });
    const items = within(mine).getAllByRole('article');
    expect(items.map((item) => within(item).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Lina Ahmed',
      'Omar Ahmed',
    ]);
    expect(within(items[0]!).getByText('In review')).toBeTruthy();
    expect(within(items[0]!).getByText('فاطمة أحمد').getAttribute('dir')).toBe('auto');
    expect(items[1]!.querySelector('[data-status]')?.textContent).toBe('Approved');
    expect(within(items[1]!).queryByRole('button', { name: 'Cancel slip' })).toBeNull();
    fireEvent.click(within(items[1]!).getByText('Show history'));
    expect(within(items[1]!).getByText('Please come to the main gate.')).toBeTruthy();
    print.mockRestore();
  });

  it('cancels a slip the school has not decided, after asking', async () => {
    let cancelled = false;
    const { api } = await openModulePage('/exit-slip-request', {
      '/v1/ppn/exit-slips': () =>
        jsonResponse(
          200,
          list([cancelled ? { ...inReview, status: 'cancelled', canCancel: false } : inReview]),
        ),
      [`/v1/ppn/exit-slips/${IN_REVIEW}/cancel`]: () => {
        cancelled = true;
        return jsonResponse(200, { ...ok, slip: { ...inReview, status: 'cancelled', canCancel: false } });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel slip' }, { timeout: 10_000 }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this exit slip?' });
    expect(dialog.textContent).toContain('Lina Ahmed will not leave early');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    await waitFor(() => expect(api.to(`/v1/ppn/exit-slips/${IN_REVIEW}/cancel`)).toHaveLength(1));
    expect(await screen.findByText('Cancelled')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('checks the form, sends the time on the school’s clock, and explains another slip that day', async () => {
    let calls = 0;
    const { api } = await openModulePage('/exit-slip-request', {
      '/v1/ppn/exit-slips': async (request) => {
        if (request.method === 'GET') return jsonResponse(200, list([]));
        calls += 1;
        if (calls > 1) return failure(409, 'R003');
        const body = (await request.json()) as Pick<TExitSlip, 'enrollNumber' | 'leaveAt' | 'collector'>;
        return jsonResponse(201, {
          ...ok,
          slip: { ...inReview, ...body, status: 'submitted', history: [] },
        });
      },
    });
    const form = (
      await screen.findByRole('heading', { name: 'Ask for an exit slip' }, { timeout: 10_000 })
    ).closest('section')!;
    const send = within(form).getByRole('button', { name: 'Send request' });
    fireEvent.click(send);
    expect(within(form).getAllByText('Please fill this in.')).toHaveLength(5);
    const posts = () => api.to('/v1/ppn/exit-slips').filter((request) => request.method === 'POST');
    expect(posts()).toHaveLength(0);

    const field = (name: string) => within(form).getByLabelText(name);
    fireEvent.change(within(form).getByRole('combobox', { name: 'Child' }), { target: { value: 'E200' } });
    fireEvent.change(field('Day'), { target: { value: '2026-03-10' } });
    fireEvent.change(field('Time of leaving'), { target: { value: '09:00' } });
    fireEvent.change(field('Full name'), { target: { value: ' Khalid Saleh ' } });
    fireEvent.change(field('Relation to the child'), { target: { value: 'Uncle' } });
    fireEvent.change(field('Phone'), { target: { value: 'call me' } });
    fireEvent.click(send);
    expect(within(form).getByText('This time has passed. Choose a later one.')).toBeTruthy();
    expect(within(form).getByText(/Enter a phone number of 6 to 15 digits/)).toBeTruthy();
    expect(field('Phone').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(field('Time of leaving'), { target: { value: '14:30' } });
    fireEvent.change(field('Phone'), { target: { value: '+971 50 555 0101' } });
    fireEvent.click(send);
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(await posts()[0]!.json()).toEqual({
      enrollNumber: 'E200',
      // 14:30 in Dubai.
      leaveAt: '2026-03-10T10:30:00.000Z',
      collector: { name: 'Khalid Saleh', relation: 'Uncle', phone: '+971 50 555 0101' },
    });
    expect(await within(form).findByText(/Request sent\./)).toBeTruthy();
    expect((field('Full name') as HTMLInputElement).value).toBe('');

    fireEvent.change(field('Day'), { target: { value: '2026-03-10' } });
    fireEvent.change(field('Time of leaving'), { target: { value: '15:00' } });
    fireEvent.change(field('Full name'), { target: { value: 'Khalid Saleh' } });
    fireEvent.change(field('Relation to the child'), { target: { value: 'Uncle' } });
    fireEvent.change(field('Phone'), { target: { value: '0501234567' } });
    fireEvent.click(send);
    expect((await within(form).findByRole('alert')).textContent).toContain(
      'This child already has an exit slip for that day.',
    );
  });

  it('says what will appear when there is no slip yet, and offers to try again after a failure', async () => {
    let fail = true;
    await openModulePage('/exit-slip-request', {
      '/v1/ppn/exit-slips': () => (fail ? failure(503, 'S503') : jsonResponse(200, list([]))),
    });
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 10_000 });
    // The form stays usable while the list failed.
    expect(screen.getByRole('heading', { name: 'Ask for an exit slip' })).toBeTruthy();
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText(/No exit slips yet\./)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Gate codes' })).toBeNull();
  });

  it('speaks Arabic', async () => {
    await openModulePage(
      '/exit-slip-request',
      {
        '/v1/ppn/exit-slips': () => jsonResponse(200, list([slip()])),
        [`/v1/ppn/exit-slips/${APPROVED}/code`]: () => jsonResponse(200, codeAnswer),
      },
      { lng: 'ar' },
    );
    expect(
      await screen.findByRole('heading', { name: 'رمز البوابة لـOmar Ahmed' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'طلب تصريح خروج' })).toBeTruthy();
    expect(screen.getAllByText('مقبول').length).toBeGreaterThan(0);
    expect(document.documentElement.dir).toBe('rtl');
  });
});
