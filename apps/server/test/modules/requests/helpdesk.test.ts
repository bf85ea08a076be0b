import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../helper.ts';
import { buildRequestsApp, parentCall, staffCall, type TRequestsApp } from './leave-data.ts';

// Help desk tickets (docs/modules.md F5, module `happyToHelp`): a ticket to one of the school's
// desks, the family's tickets with their history, the school's answer in its decision note
// ("resolved" = approved), the parent's notes while open (409 R001 once decided), another
// parent's child refused (403 A002), another school's parents and keys kept out.
describe('help desk tickets', () => {
  let t: TRequestsApp;
  type TTicket = {
    id: string;
    status: string;
    department: string;
    subject: string;
    body: string;
    canCancel: boolean;
    children: { enrollNumber: string }[];
    history: { actor: string; from: string | null; to: string; note: string }[];
  };
  const open = (payload: object, headers = () => t.mogra) =>
    parentCall(t, headers(), 'POST', '/helpdesk-tickets', payload);
  const ticket = {
    department: 'transport',
    subject: 'Bus late',
    body: 'The bus came 30 minutes late today.',
  };

  beforeAll(async () => {
    t = await buildRequestsApp();
  }, 180_000);
  afterAll(() => t.close());

  it('shows the demo family a resolved ticket with its answer and an open one', async () => {
    const list = (await parentCall(t, t.mogra, 'GET', '/helpdesk-tickets?pageSize=50')).json() as {
      items: TTicket[];
    };
    const resolved = list.items.find((item) => item.status === 'approved');
    expect(resolved?.history.at(-1)?.note).not.toBe('');
    expect(list.items.some((item) => item.status === 'submitted')).toBe(true);
    const copies = (await parentCall(t, t.mogra, 'GET', '/photocopy-requests?pageSize=50')).json().items as {
      status: string;
      addedToFees: boolean;
    }[];
    expect(copies.some((item) => item.status === 'approved' && item.addedToFees)).toBe(true);
    expect(copies.some((item) => item.status === 'submitted')).toBe(true);
  });

  it('opens a ticket, lists it, takes notes while open and shows the answer once resolved', async () => {
    const created = await open({ ...ticket, enrollNumber: 'MG1001' });
    expect(created.statusCode, created.body).toBe(201);
    const made = (created.json() as { ticket: TTicket }).ticket;
    expect(made).toMatchObject({
      status: 'submitted',
      department: 'transport',
      subject: 'Bus late',
      canCancel: true,
    });
    expect(made.children.map((child) => child.enrollNumber)).toEqual(['MG1001']);

    const noted = await parentCall(t, t.mogra, 'POST', `/helpdesk-tickets/${made.id}/notes`, {
      body: 'It happened again this morning.',
    });
    expect(noted.statusCode, noted.body).toBe(200);
    const withNote = (noted.json() as { ticket: TTicket }).ticket;
    expect(withNote.status).toBe('submitted');
    expect(withNote.history.at(-1)).toMatchObject({
      actor: 'parent',
      from: 'submitted',
      to: 'submitted',
      note: 'It happened again this morning.',
    });

    const decided = await staffCall(t, 'mogra', 'POST', `/requests/${made.id}/decide`, {
      decision: 'approved',
      note: 'We spoke to the driver; it will not happen again.',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const list = (await parentCall(t, t.mogra, 'GET', '/helpdesk-tickets?pageSize=50')).json() as {
      items: TTicket[];
    };
    const resolved = list.items.find((item) => item.id === made.id);
    expect(resolved?.status).toBe('approved');
    expect(resolved?.canCancel).toBe(false);
    expect(resolved?.history.at(-1)).toMatchObject({
      actor: 'school',
      to: 'approved',
      note: 'We spoke to the driver; it will not happen again.',
    });

    // Closed: no more notes, no cancelling.
    const late = await parentCall(t, t.mogra, 'POST', `/helpdesk-tickets/${made.id}/notes`, {
      body: 'Thanks',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().messageId).toBe('R001');
    const cancel = await parentCall(t, t.mogra, 'POST', `/requests/${made.id}/cancel`);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().messageId).toBe('R001');
  });

  it('opens a ticket about no child, and cancels it while undecided', async () => {
    const created = await open(ticket);
    expect(created.statusCode, created.body).toBe(201);
    const made = (created.json() as { ticket: TTicket }).ticket;
    expect(made.children).toEqual([]);
    const hub = (await parentCall(t, t.mogra, 'GET', '/requests?pageSize=50')).json().items as TTicket[];
    expect(hub.map((item) => item.id)).toContain(made.id);
    const cancelled = await parentCall(t, t.mogra, 'POST', `/requests/${made.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().request.status).toBe('cancelled');
  });

  it('refuses bad input (400 V001) and another parent’s child (403 A002)', async () => {
    for (const payload of [
      { ...ticket, department: 'kitchen' },
      { ...ticket, subject: '' },
      { ...ticket, body: 'x'.repeat(5001) },
    ]) {
      const refused = await open(payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().messageId).toBe('V001');
    }
    const notMine = await open({ ...ticket, enrollNumber: 'MG2001' });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().messageId).toBe('A002');
    const made = (await open(ticket)).json().ticket as TTicket;
    const other = await parentCall(t, t.haddad, 'POST', `/helpdesk-tickets/${made.id}/notes`, {
      body: 'Hello',
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().messageId).toBe('A002');
    const theirs = (await parentCall(t, t.haddad, 'GET', '/helpdesk-tickets?pageSize=50')).json()
      .items as TTicket[];
    expect(theirs.map((item) => item.id)).not.toContain(made.id);
  });

  it('keeps another school out: its parents (403 A001) and its key (404)', async () => {
    const made = (await open(ticket)).json().ticket as TTicket;
    const bcd = {
      'client-id': 'bcd',
      authorization: `Bearer ${await signIn(t.app, 'bcd', 'parent@bcd.demo')}`,
    };
    const list = await parentCall(t, bcd, 'GET', '/helpdesk-tickets');
    expect(list.statusCode).toBe(403);
    expect(list.json().messageId).toBe('A001');
    const decided = await staffCall(t, 'bcd', 'POST', `/requests/${made.id}/decide`, {
      decision: 'approved',
    });
    expect(decided.statusCode).toBe(404);
  });
});
