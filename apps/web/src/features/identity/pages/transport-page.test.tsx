import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TTransport } from '@portal/contracts/families/identity';
import { failure, ok, openModulePage } from '../../../test/module-page.ts';
import { jsonResponse } from '../../../test/render.tsx';

const stop = {
  id: 's2',
  name: 'Al Barsha 2, Park entrance',
  nameAr: 'البرشاء 2، مدخل الحديقة',
  seq: 2,
  pickupAt: '06:50',
  dropAt: '15:00',
};

function answerOf(overrides: Partial<TTransport> = {}): TTransport {
  return {
    ...ok,
    enrollNumber: 'E100',
    route: {
      id: 'route-3',
      name: 'Route 3 — Al Barsha',
      nameAr: 'المسار 3 — البرشاء',
      busNumber: 'MG-03',
      driverName: 'Rajesh Kumar',
      driverNameAr: 'راجيش كومار',
      driverPhone: '+971 50 100 0301',
      assistantName: 'Huda Salem',
      assistantNameAr: '',
      assistantPhone: '',
    },
    stop,
    stops: [
      { ...stop, routeName: 'Route 3 — Al Barsha', routeNameAr: '' },
      { ...stop, id: 's9', name: 'Jumeirah, Mercato', nameAr: '', routeName: 'Route 1', routeNameAr: '' },
    ],
    changes: [],
    ...overrides,
  };
}

describe('the transport page', { timeout: 15_000 }, () => {
  it("shows the child's route, bus, stop with its times and the crew with a phone link", async () => {
    const { api } = await openModulePage('/transport', {
      '/v1/ppn/transport': () => jsonResponse(200, answerOf()),
    });
    const card = (
      await screen.findByRole('heading', { name: 'Route 3 — Al Barsha' }, { timeout: 10_000 })
    ).closest('article')!;
    expect(new URL(api.to('/v1/ppn/transport')[0]!.url).searchParams.get('enrollNumber')).toBe('E100');
    expect(card.textContent).toContain('MG-03');
    expect(card.textContent).toContain('Al Barsha 2, Park entrance');
    expect(card.textContent).toMatch(/6:50\s?am/i);
    expect(card.textContent).toMatch(/3:00\s?pm/i);
    const call = within(card).getByRole('link', { name: 'Call Rajesh Kumar on +971 50 100 0301' });
    expect(call.getAttribute('href')).toBe('tel:+971501000301');
  });

  it('says the child takes no bus when there is no route', async () => {
    await openModulePage('/transport', {
      '/v1/ppn/transport': () => jsonResponse(200, answerOf({ route: null, stop: null })),
    });
    expect(
      await screen.findByText(/Omar Ahmed does not take the school bus/, undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Request a change' })).toBeTruthy();
  });

  it('sends a change asking for another stop, and explains a 409', async () => {
    let sent = false;
    const { api } = await openModulePage('/transport', {
      '/v1/ppn/transport': () =>
        jsonResponse(
          200,
          answerOf({
            changes: sent
              ? [
                  {
                    id: 'c1',
                    status: 'submitted',
                    createdAt: '2026-03-10T06:00:00Z',
                    reason: 'otherStop',
                    requestedStop: { id: 's9', name: 'Jumeirah, Mercato', nameAr: '' },
                    details: '',
                  },
                ]
              : [],
          }),
        ),
      '/v1/ppn/transport/changes': () => {
        sent = true;
        return failure(409, 'R003');
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Request a change' }, { timeout: 10_000 }));
    const dialog = screen.getByRole('dialog', { name: 'Request a change' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(within(dialog).getByText('Choose a stop or describe the change.')).toBeTruthy();
    expect(api.to('/v1/ppn/transport/changes')).toHaveLength(0);
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'The stop you would like' }), {
      target: { value: 's9' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(api.to('/v1/ppn/transport/changes')).toHaveLength(1));
    expect(await (api.to('/v1/ppn/transport/changes')[0] as Request).json()).toEqual({
      enrollNumber: 'E100',
      reason: 'otherStop',
      requestedStopId: 's9',
    });
    expect((await within(dialog).findByRole('alert')).textContent).toContain('already with the school');
    const mine = await screen.findByRole('region', { name: 'Your requests' });
    expect(within(mine).getByText('Submitted')).toBeTruthy();
  });
});
