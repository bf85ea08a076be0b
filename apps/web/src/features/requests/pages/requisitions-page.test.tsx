import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TAppointment } from '@portal/contracts/families/appointments';
import type { TTrip } from '@portal/contracts/families/trips';
import { failure, freezeDateAt, ok, openModulePage } from '../../../test/module-page.ts';
import { jsonResponse } from '../../../test/render.tsx';
import { linaChild, listOf, omarChild, requestItem } from '../test-data.ts';

freezeDateAt('2026-03-10T06:00:00Z');

const hubPath = '/v1/ppn/requests';

const leave = requestItem({ children: [omarChild, linaChild] });
const slip = requestItem({
  id: '33333333-3333-4333-8333-333333333333',
  kind: 'exitSlip',
  status: 'approved',
  canCancel: false,
  summary: 'Collected by grandfather at 11:30',
  history: [
    { seq: 1, at: '2026-03-01T05:00:00Z', actor: 'parent', from: null, to: 'submitted', note: '' },
    { seq: 2, at: '2026-03-01T07:00:00Z', actor: 'school', from: 'submitted', to: 'approved', note: 'OK' },
  ],
});
const photocopy = requestItem({
  id: '44444444-4444-4444-8444-444444444444',
  kind: 'photocopy',
  status: 'cancelled',
  canCancel: false,
  children: [linaChild],
  summary: 'reportCard × 2',
});

const zooChild = {
  enrollNumber: 'E100',
  childName: 'Omar Ahmed',
  consent: 'awaiting' as const,
  decidedAt: null,
  note: '',
  feeItemId: null,
  payment: 'none' as const,
  outstandingMinor: 0,
};
const zoo: TTrip = {
  id: 't-zoo',
  title: 'Visit to the zoo',
  titleAr: 'زيارة حديقة الحيوانات',
  description: '',
  descriptionAr: '',
  place: 'Al Ain Zoo',
  placeAr: 'حديقة حيوانات العين',
  departsAt: '2026-03-19T04:00:00Z',
  returnsAt: '2026-03-19T10:00:00Z',
  costMinor: 0,
  currency: 'AED',
  consentBy: '2026-03-15',
  deadlinePassed: false,
  children: [zooChild, { ...zooChild, enrollNumber: 'E200', childName: 'Lina Ahmed', consent: 'given' }],
};
const meeting: TAppointment = {
  id: '0b5a3c9e-8a6f-4d55-9a43-0e2e8f6d1c11',
  slot: {
    id: 'slot-1',
    staffId: 'stf-01',
    startsAt: '2026-03-11T09:30:00Z',
    endsAt: '2026-03-11T09:50:00Z',
    location: 'Meeting room 1',
    locationAr: 'غرفة الاجتماعات 1',
    mode: 'in_person',
  },
  staffName: 'Sarah Mitchell',
  staffNameAr: 'سارة ميتشل',
  enrollNumber: 'E100',
  childName: 'Omar Ahmed',
  topic: 'Reading',
  status: 'booked',
  bookedAt: '2026-03-10T06:00:00Z',
  cancellable: true,
};

describe('the requests hub', { timeout: 20_000 }, () => {
  it('groups every request by where it stands, each with its kind, children, status and history', async () => {
    let items = [leave, slip, photocopy];
    const cancelPath = `${hubPath}/${leave.id}/cancel`;
    const { api } = await openModulePage('/view-requisition', {
      [hubPath]: () => jsonResponse(200, listOf(items)),
      [cancelPath]: () => {
        const cancelled = { ...leave, status: 'cancelled' as const, canCancel: false };
        items = [cancelled, slip, photocopy];
        return jsonResponse(200, { ...ok, request: cancelled });
      },
    });
    const waiting = await screen.findByRole('region', { name: 'Waiting on the school' }, { timeout: 5000 });
    const decided = screen.getByRole('region', { name: 'Decided' });
    const cancelled = screen.getByRole('region', { name: 'Cancelled' });
    const leaveCard = within(waiting).getByRole('article', { name: 'Leave request' });
    expect(within(leaveCard).getByText('Submitted')).toBeTruthy();
    expect(within(leaveCard).getByText('Omar Ahmed')).toBeTruthy();
    expect(within(leaveCard).getByText('Lina Ahmed')).toBeTruthy();
    const slipCard = within(decided).getByRole('article', { name: 'Exit slip' });
    expect(within(slipCard).getByText('Approved')).toBeTruthy();
    expect(within(slipCard).queryByRole('button', { name: 'Cancel request' })).toBeNull();
    fireEvent.click(within(slipCard).getByRole('button', { name: 'Show history (2 changes)' }));
    expect(within(slipCard).getByRole('heading', { name: 'History' })).toBeTruthy();
    expect(within(slipCard).getByText('OK')).toBeTruthy();
    const copies = within(cancelled).getByRole('article', { name: 'Photocopy request' });
    expect(within(copies).getByText('Report card · 2 copies')).toBeTruthy();

    fireEvent.click(within(leaveCard).getByRole('button', { name: 'Cancel request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this request?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    await waitFor(() => expect(api.to(cancelPath)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Waiting on the school' })).toBeNull());
    expect(within(screen.getByRole('region', { name: 'Cancelled' })).getAllByRole('article')).toHaveLength(2);
  });

  it('puts consents waiting for the parent first, then bookings and consents given, each opening its page', async () => {
    await openModulePage('/view-requisition', {
      [hubPath]: () => jsonResponse(200, listOf([slip])),
      '/v1/ppn/trips': () => jsonResponse(200, { ...ok, items: [zoo] }),
      '/v1/ppn/appointments': () => jsonResponse(200, { ...ok, timeZone: 'Asia/Dubai', items: [meeting] }),
    });
    const needs = await screen.findByRole('region', { name: 'Needs your consent' }, { timeout: 5000 });
    expect(within(needs).getByText('Visit to the zoo')).toBeTruthy();
    expect(within(needs).getByText('Omar Ahmed')).toBeTruthy();
    expect(within(needs).getByRole('link', { name: 'Answer on the trips page' }).getAttribute('href')).toBe(
      '/trips',
    );
    const bookings = screen.getByRole('region', { name: 'Bookings and consents' });
    expect(within(bookings).getByText('Meeting with \u2068Sarah Mitchell\u2069')).toBeTruthy();
    expect(within(bookings).getByText('Consent given')).toBeTruthy();
    expect(within(bookings).getByRole('link', { name: 'Open appointments' }).getAttribute('href')).toBe(
      '/appointment-list',
    );
    expect(screen.getByRole('region', { name: 'Decided' })).toBeTruthy();
  });

  it('says when there are no requests yet', async () => {
    await openModulePage('/view-requisition', { [hubPath]: () => jsonResponse(200, listOf([])) });
    expect(await screen.findByText(/^No requests yet\./, {}, { timeout: 5000 })).toBeTruthy();
  });

  it('says why a cancel was refused (409 R001), and speaks Arabic', async () => {
    await openModulePage(
      '/view-requisition',
      {
        [hubPath]: () => jsonResponse(200, listOf([leave])),
        [`${hubPath}/${leave.id}/cancel`]: () => failure(409, 'R001'),
      },
      { lng: 'ar' },
    );
    const waiting = await screen.findByRole('region', { name: 'بانتظار المدرسة' }, { timeout: 5000 });
    const card = within(waiting).getByRole('article', { name: 'طلب إجازة' });
    fireEvent.click(within(card).getByRole('button', { name: 'إلغاء الطلب' }));
    const dialog = await screen.findByRole('dialog', { name: 'هل تريد إلغاء هذا الطلب؟' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'نعم، ألغِه' }));
    expect(
      await within(dialog).findByText('لا يمكن تغيير هذا الطلب في حالته الحالية. أعد التحميل لترى وضعه.'),
    ).toBeTruthy();
  });

  it('says what failed, with a way to try again', async () => {
    let fail = true;
    await openModulePage('/view-requisition', {
      [hubPath]: () => (fail ? failure(500, 'L000') : jsonResponse(200, listOf([slip]))),
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Exit slip' })).toBeTruthy();
  });
});
