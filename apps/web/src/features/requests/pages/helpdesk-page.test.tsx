import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { THelpdeskTicket } from '@portal/contracts/families/help-requests';
import { failure, freezeDateAt, ok, openModulePage } from '../../../test/module-page.ts';
import { jsonResponse } from '../../../test/render.tsx';
import { listOf, requestItem } from '../test-data.ts';

freezeDateAt('2026-03-10T06:00:00Z');

const listPath = '/v1/ppn/helpdesk-tickets';

function ticket(overrides: Partial<THelpdeskTicket> = {}): THelpdeskTicket {
  return {
    ...requestItem({ kind: 'helpdesk', summary: 'Bus late' }),
    department: 'transport',
    subject: 'Bus late',
    body: 'The bus came late.',
    ...overrides,
  };
}

const resolved = ticket({
  id: '22222222-2222-4222-8222-222222222222',
  status: 'approved',
  canCancel: false,
  department: 'it',
  summary: 'Report card missing',
  history: [
    { seq: 1, at: '2026-03-01T05:00:00Z', actor: 'parent', from: null, to: 'submitted', note: '' },
    {
      seq: 2,
      at: '2026-03-02T05:00:00Z',
      actor: 'school',
      from: 'submitted',
      to: 'approved',
      note: 'It is published now.',
    },
  ],
});

describe('the help desk page', { timeout: 20_000 }, () => {
  it('shows a resolved ticket with the answer, sends a ticket and adds a note to an open one', async () => {
    let items = [resolved];
    const open = ticket();
    const notePath = `${listPath}/${open.id}/notes`;
    const { api } = await openModulePage('/happytohelp', {
      [listPath]: async (request) => {
        if (request.method === 'GET') return jsonResponse(200, listOf(items));
        items = [open, ...items];
        return jsonResponse(201, { ...ok, ticket: open });
      },
      [notePath]: () => jsonResponse(200, { ...ok, ticket: open }),
    });
    const card = await screen.findByRole('article', { name: 'IT and the portal' }, { timeout: 5000 });
    expect(within(card).getByText('Resolved')).toBeTruthy();
    expect(within(card).getByText('It is published now.')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Add a note' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Desk'), { target: { value: 'transport' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Write a subject.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Bus late' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Your message' }), {
      target: { value: 'The bus came late.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText("Your request was sent. The school's answer will appear below."),
    ).toBeTruthy();
    const posted = api.to(listPath).filter((request) => request.method === 'POST');
    expect(await posted[0]?.json()).toEqual({
      department: 'transport',
      subject: 'Bus late',
      body: 'The bus came late.',
    });
    const openCard = await screen.findByRole('article', { name: 'Transport' });
    fireEvent.click(within(openCard).getByRole('button', { name: 'Add a note' }));
    fireEvent.change(within(openCard).getByRole('textbox', { name: 'Your note' }), {
      target: { value: 'Again today' },
    });
    fireEvent.click(within(openCard).getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(api.to(notePath)).toHaveLength(1));
    expect(await api.to(notePath)[0]?.json()).toEqual({ body: 'Again today' });
  });

  it('says what will appear when empty, and speaks Arabic with a retry on failure', async () => {
    let fail = true;
    await openModulePage(
      '/happytohelp',
      { [listPath]: () => (fail ? failure(500, 'L000') : jsonResponse(200, listOf([resolved]))) },
      { lng: 'ar' },
    );
    expect(
      await screen.findByRole('heading', { name: 'اطلب المساعدة', level: 2 }, { timeout: 5000 }),
    ).toBeTruthy();
    const alert = await screen.findByRole('alert');
    fail = false;
    fireEvent.click(within(alert).getByRole('button'));
    const card = await screen.findByRole('article', { name: 'تقنية المعلومات والبوابة' });
    expect(within(card).getByText('تم الحل')).toBeTruthy();
  });

  it('shows the empty state', async () => {
    await openModulePage('/happytohelp', { [listPath]: () => jsonResponse(200, listOf([])) });
    expect(
      await screen.findByText(
        "No help requests yet. Requests you send appear here, with the school's answer.",
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
  });
});
