import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { TTrip } from '@portal/contracts/families/trips';
import { failure, freezeDateAt, ok, openModulePage } from '../../../test/module-page.ts';
import { jsonResponse } from '../../../test/render.tsx';

const zoo: TTrip = {
  id: 't-zoo',
  title: 'Visit to the zoo',
  titleAr: 'زيارة حديقة الحيوانات',
  description: 'Bring a hat.',
  descriptionAr: 'أحضروا قبعة.',
  place: 'Al Ain Zoo',
  placeAr: 'حديقة حيوانات العين',
  departsAt: '2026-03-19T04:00:00Z',
  returnsAt: '2026-03-19T10:00:00Z',
  costMinor: 85_00,
  currency: 'AED',
  consentBy: '2026-03-15',
  deadlinePassed: false,
  children: [
    {
      enrollNumber: 'E100',
      childName: 'Omar Ahmed',
      consent: 'awaiting',
      decidedAt: null,
      note: '',
      feeItemId: null,
      payment: 'none',
      outstandingMinor: 0,
    },
  ],
};
const farm: TTrip = {
  ...zoo,
  id: 't-farm',
  title: 'Farm visit',
  titleAr: 'زيارة المزرعة',
  costMinor: 0,
  deadlinePassed: true,
  consentBy: '2026-03-01',
  children: [{ ...zoo.children[0]!, enrollNumber: 'E200', childName: 'Lina Ahmed', consent: 'refused' }],
};

freezeDateAt('2026-03-10T06:00:00Z');

describe('the trips page', { timeout: 20_000 }, () => {
  it('gives consent for a child, then offers to pay the fee line', async () => {
    const { api } = await openModulePage('/trips', {
      '/v1/ppn/trips': () => jsonResponse(200, { ...ok, items: [zoo, farm] }),
      '/v1/ppn/trips/t-zoo/consent': () =>
        jsonResponse(200, {
          ...ok,
          feeItemId: '0b5a3c9e-8a6f-4d55-9a43-0e2e8f6d1c11',
          trip: {
            ...zoo,
            children: [
              {
                ...zoo.children[0],
                consent: 'given',
                decidedAt: '2026-03-10T06:00:00Z',
                feeItemId: '0b5a3c9e-8a6f-4d55-9a43-0e2e8f6d1c11',
                payment: 'unpaid',
                outstandingMinor: 85_00,
              },
            ],
          },
        }),
    });
    const card = await screen.findByRole('article', { name: 'Visit to the zoo' }, { timeout: 5000 });
    expect(screen.getByText('1 trip waits for your consent.')).toBeTruthy();
    expect(within(card).getByText('Give or refuse consent by 15 March 2026')).toBeTruthy();
    expect(within(card).getByText(/Cost per child: AED\s85\.00/)).toBeTruthy();
    expect(within(card).getByText('Awaiting your consent')).toBeTruthy();
    fireEvent.click(
      within(card).getByRole('button', { name: 'Give consent for Omar Ahmed: Visit to the zoo' }),
    );
    expect(await within(card).findByText('Consent given')).toBeTruthy();
    expect(within(card).getByText(/To pay: AED\s85\.00/)).toBeTruthy();
    const pay = within(card).getByRole('link', { name: 'Pay for Omar Ahmed: Visit to the zoo' });
    expect(pay.getAttribute('href')).toBe('/feepayment');
    expect(await api.to('/v1/ppn/trips/t-zoo/consent')[0]?.json()).toEqual({
      enrollNumber: 'E100',
      decision: 'give',
    });
    // A closed consent offers no button.
    const farmCard = screen.getByRole('article', { name: 'Farm visit' });
    expect(within(farmCard).getByText('Free')).toBeTruthy();
    expect(within(farmCard).getByText('Consent closed on 1 March 2026')).toBeTruthy();
    expect(within(farmCard).queryByRole('button')).toBeNull();
  });

  it('speaks Arabic, and says why a consent was refused', async () => {
    await openModulePage(
      '/trips',
      {
        '/v1/ppn/trips': () => jsonResponse(200, { ...ok, items: [zoo] }),
        '/v1/ppn/trips/t-zoo/consent': () => failure(409, 'R005'),
      },
      { lng: 'ar' },
    );
    const card = await screen.findByRole('article', { name: 'زيارة حديقة الحيوانات' }, { timeout: 5000 });
    expect(within(card).getByText('بانتظار موافقتك')).toBeTruthy();
    fireEvent.click(
      within(card).getByRole('button', { name: 'الموافقة على مشاركة Omar Ahmed: زيارة حديقة الحيوانات' }),
    );
    expect(await within(card).findByRole('alert')).toBeTruthy();
  });

  it('says what will appear when there is no trip, and why it failed with a way to try again', async () => {
    let fail = true;
    await openModulePage('/trips', {
      '/v1/ppn/trips': () => (fail ? failure(500, 'L000') : jsonResponse(200, { ...ok, items: [] })),
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No trips for your children yet/)).toBeTruthy();
  });
});
