import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { failure, freezeDateAt, ok, openModulePage } from '../../../test/module-page.ts';
import { jsonResponse } from '../../../test/render.tsx';
import { attendanceMonth } from '../../../test/schedule.ts';
import { leaveRequest, linaChild, listOf, omarChild } from '../test-data.ts';

freezeDateAt('2026-03-10T06:00:00Z');

const listPath = '/v1/ppn/leave-requests';

const approved = leaveRequest({
  id: '22222222-2222-4222-8222-222222222222',
  status: 'approved',
  canCancel: false,
  from: '2026-02-02',
  to: '2026-02-02',
  days: 1,
  summary: 'Dentist',
  history: [
    { seq: 1, at: '2026-01-30T05:00:00Z', actor: 'parent', from: null, to: 'submitted', note: '' },
    { seq: 2, at: '2026-01-31T05:00:00Z', actor: 'school', from: 'submitted', to: 'approved', note: 'Fine' },
  ],
});

describe('the leave page', { timeout: 20_000 }, () => {
  it('lists the leave requests and sends one for two children', async () => {
    let items = [approved];
    const { api } = await openModulePage('/student-leave', {
      [listPath]: async (request) => {
        if (request.method === 'GET') return jsonResponse(200, listOf(items));
        const body = (await request.json()) as {
          enrollNumbers: string[];
          from: string;
          to: string;
          reason: string;
        };
        const created = leaveRequest({
          children: [omarChild, linaChild],
          from: body.from,
          to: body.to,
          summary: body.reason,
          reason: body.reason,
        });
        items = [created, ...items];
        return jsonResponse(201, { ...ok, request: created });
      },
    });
    const card = await screen.findByRole('article', { name: 'Leave request' }, { timeout: 5000 });
    expect(within(card).getByText('Approved')).toBeTruthy();
    expect(within(card).getByText('Omar Ahmed')).toBeTruthy();
    expect(card.textContent).toContain('1 school day');
    expect(within(card).queryByRole('button', { name: 'Cancel request' })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Show history (2 changes)' }));
    expect(within(card).getByText('Fine')).toBeTruthy();

    // The child of the header is ticked; Lina is added.
    const omar = screen.getByRole('checkbox', { name: 'Omar Ahmed' }) as HTMLInputElement;
    expect(omar.checked).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Lina Ahmed' }));
    fireEvent.change(screen.getByLabelText('First day'), { target: { value: '2026-03-15' } });
    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: '2026-03-17' } });
    expect(screen.getByText('Covers 3 days. The school counts school days only.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Reason' }), {
      target: { value: ' Family wedding ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(
      await screen.findByText("Your request was sent. The school's answer will appear below."),
    ).toBeTruthy();
    const posted = api.to(listPath).filter((request) => request.method === 'POST');
    expect(await posted[0]?.json()).toEqual({
      enrollNumbers: ['E100', 'E200'],
      from: '2026-03-15',
      to: '2026-03-17',
      reason: 'Family wedding',
    });
    await waitFor(() => expect(screen.getAllByRole('article', { name: 'Leave request' })).toHaveLength(2));
  });

  it('checks the days before sending, and says why the school refused', async () => {
    const { api } = await openModulePage('/student-leave', {
      [listPath]: (request) =>
        request.method === 'GET' ? jsonResponse(200, listOf([])) : failure(409, 'R003'),
    });
    expect(
      await screen.findByText(
        "No leave requests yet. Requests you send appear here, with the school's answer.",
      ),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('First day'), { target: { value: '2026-03-20' } });
    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: '2026-03-18' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(screen.getByText('The last day cannot be before the first day.')).toBeTruthy();
    expect(screen.getByText('Write the reason.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: '2026-04-20' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Reason' }), { target: { value: 'Trip' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(screen.getByText(/Leave can be asked at most 30 days ahead/)).toBeTruthy();
    expect(api.to(listPath).filter((request) => request.method === 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: '2026-03-21' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('This overlaps a request you already made.')).toBeTruthy();
  });

  it('cancels an undecided request after asking once more', async () => {
    let items = [leaveRequest()];
    const cancelPath = `${listPath}/${items[0]?.id ?? ''}/cancel`;
    const { api } = await openModulePage('/student-leave', {
      [listPath]: () => jsonResponse(200, listOf(items)),
      [cancelPath]: () => {
        const cancelled = leaveRequest({ status: 'cancelled', canCancel: false });
        items = [cancelled];
        return jsonResponse(200, { ...ok, request: cancelled });
      },
    });
    const card = await screen.findByRole('article', { name: 'Leave request' }, { timeout: 5000 });
    fireEvent.click(within(card).getByRole('button', { name: 'Cancel request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this request?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    await waitFor(() => expect(api.to(cancelPath)).toHaveLength(1));
    await waitFor(() => expect(within(card).getByText('Cancelled')).toBeTruthy());
  });

  it('keeps a draft, rewrites it in the form, and sends it', async () => {
    let items = [leaveRequest({ status: 'draft', summary: 'Swimming trials', reason: 'Swimming trials' })];
    const id = items[0]?.id ?? '';
    const { api } = await openModulePage('/student-leave', {
      [listPath]: () => jsonResponse(200, listOf(items)),
      [`${listPath}/${id}`]: async (request) => {
        const body = (await request.json()) as { reason: string };
        items = [leaveRequest({ status: 'draft', summary: body.reason, reason: body.reason })];
        return jsonResponse(200, { ...ok, request: items[0] });
      },
      [`${listPath}/${id}/submit`]: () => {
        items = [leaveRequest({ status: 'submitted', summary: items[0]?.reason ?? '' })];
        return jsonResponse(200, { ...ok, request: items[0] });
      },
    });
    const card = await screen.findByRole('article', { name: 'Leave request' }, { timeout: 5000 });
    expect(within(card).getByText('Draft')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Discard draft' })).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Edit draft' }));
    expect(await screen.findByRole('heading', { name: 'Finish your draft' })).toBeTruthy();
    const reason = screen.getByRole('textbox', { name: 'Reason' }) as HTMLTextAreaElement;
    expect(reason.value).toBe('Swimming trials');
    fireEvent.change(reason, { target: { value: 'National swimming trials' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    expect(await screen.findByText(/^Draft saved\./)).toBeTruthy();
    const patched = api.to(`${listPath}/${id}`).filter((request) => request.method === 'PATCH');
    expect(await patched[0]?.json()).toMatchObject({ reason: 'National swimming trials' });
    expect(screen.getByRole('heading', { name: 'Ask for leave' })).toBeTruthy();

    const saved = await screen.findByRole('article', { name: 'Leave request' });
    fireEvent.click(within(saved).getByRole('button', { name: 'Send to the school' }));
    await waitFor(() => expect(api.to(`${listPath}/${id}/submit`)).toHaveLength(1));
    await waitFor(() =>
      expect(
        within(screen.getByRole('article', { name: 'Leave request' })).getByText('Submitted'),
      ).toBeTruthy(),
    );
  });

  it('opens from "Explain" on an absence, filled with the child, the day and the absent sibling', async () => {
    const { api } = await openModulePage('/attendance_month', {
      '/v1/ppn/attendance/month': () =>
        jsonResponse(
          200,
          attendanceMonth('2026-03', '2026-03-09', { '2026-03-03': { status: 'absent', unexplained: true } }),
        ),
      [listPath]: () => jsonResponse(200, listOf([])),
      [`${listPath}/prefill`]: () =>
        jsonResponse(200, {
          ...ok,
          prefill: {
            enrollNumbers: ['E100', 'E200'],
            children: [omarChild, linaChild],
            from: '2026-03-03',
            to: '2026-03-03',
            unexplained: true,
          },
        }),
    });
    const toExplain = await screen.findByRole('region', { name: 'Absences to explain' }, { timeout: 5000 });
    fireEvent.click(within(toExplain).getByRole('button', { name: 'Explain Tuesday 3 March' }));
    const dialog = await screen.findByRole('dialog', { name: 'Explain an absence' });
    const link = within(dialog).getByRole('link', { name: 'Explain with a leave request' });
    expect(link.getAttribute('href')).toBe('/student-leave?child=E100&absentOn=2026-03-03');
    fireEvent.click(link);
    expect(await screen.findByRole('heading', { name: 'Ask for leave' }, { timeout: 5000 })).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('checkbox', { name: 'Lina Ahmed' }) as HTMLInputElement).checked).toBe(true),
    );
    expect((screen.getByRole('checkbox', { name: 'Omar Ahmed' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('First day') as HTMLInputElement).value).toBe('2026-03-03');
    expect((screen.getByLabelText('Last day') as HTMLInputElement).value).toBe('2026-03-03');
    expect(screen.getByRole('status').textContent?.replace(/[\u2068\u2069]/g, '')).toContain(
      'Omar Ahmed and Lina Ahmed',
    );
    const [asked] = api.to(`${listPath}/prefill`);
    expect(new URL(asked?.url ?? '').searchParams.get('absentOn')).toBe('2026-03-03');
    expect(new URL(asked?.url ?? '').searchParams.get('enrollNumber')).toBe('E100');
  });

  it('speaks Arabic, and says what failed with a way to try again', async () => {
    let fail = true;
    await openModulePage(
      '/student-leave',
      { [listPath]: () => (fail ? failure(500, 'L000') : jsonResponse(200, listOf([approved]))) },
      { lng: 'ar' },
    );
    expect(
      await screen.findByRole('heading', { name: 'تقديم طلب إجازة', level: 2 }, { timeout: 5000 }),
    ).toBeTruthy();
    const alert = await screen.findByRole('alert');
    fail = false;
    fireEvent.click(within(alert).getByRole('button'));
    const card = await screen.findByRole('article', { name: 'طلب إجازة' });
    expect(within(card).getByText('مقبول')).toBeTruthy();
    expect(card.textContent).toContain('يوم دراسي واحد');
  });
});
