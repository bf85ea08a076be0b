import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { TAppointment, TAppointmentStaff, TSlot } from '@portal/contracts/families/appointments';
import { failure, freezeDateAt, ok, openModulePage } from '../../../test/module-page.ts';
import { jsonResponse } from '../../../test/render.tsx';

const teacher: TAppointmentStaff = {
  id: 'stf-01',
  name: 'Sarah Mitchell',
  nameAr: 'سارة ميتشل',
  title: 'Class teacher',
  titleAr: 'معلم الصف',
  freeSlots: 2,
};
const slot: TSlot = {
  id: 'slot-1',
  staffId: 'stf-01',
  startsAt: '2026-03-11T09:30:00Z',
  endsAt: '2026-03-11T09:50:00Z',
  location: 'Meeting room 1',
  locationAr: 'غرفة الاجتماعات 1',
  mode: 'in_person',
};
const appointment: TAppointment = {
  id: '0b5a3c9e-8a6f-4d55-9a43-0e2e8f6d1c11',
  slot,
  staffName: 'Sarah Mitchell',
  staffNameAr: 'سارة ميتشل',
  enrollNumber: 'E100',
  childName: 'Omar Ahmed',
  topic: 'Reading',
  status: 'booked',
  bookedAt: '2026-03-10T06:00:00Z',
  cancellable: true,
};

// Tuesday 10 March 2026, 10:00 at the school (Dubai).
freezeDateAt('2026-03-10T06:00:00Z');

describe('the appointments page', { timeout: 20_000 }, () => {
  it('books a free time with a teacher, then lists it with cancel and add to calendar', async () => {
    let booked = false;
    const { api } = await openModulePage('/appointment-list', {
      '/v1/ppn/appointments/staff': () => jsonResponse(200, { ...ok, staff: [teacher] }),
      '/v1/ppn/appointments/slots': () =>
        jsonResponse(200, { ...ok, timeZone: 'Asia/Dubai', slots: booked ? [] : [slot] }),
      '/v1/ppn/appointments': (request) => {
        if (request.method === 'POST') {
          booked = true;
          return jsonResponse(201, {
            ...ok,
            appointment,
            icsUrl: `/api/v1/ppn/appointments/${appointment.id}/ics`,
          });
        }
        return jsonResponse(200, { ...ok, timeZone: 'Asia/Dubai', items: booked ? [appointment] : [] });
      },
    });
    expect(await screen.findByText(/No appointments yet/, {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: /Sarah Mitchell/ }));
    const time = await screen.findByRole('button', { name: /Wednesday 11 March at 13:30/ });
    fireEvent.click(time);
    fireEvent.click(screen.getByRole('button', { name: 'Book the meeting' }));
    expect(await screen.findByText('Say what you would like to talk about.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /Topic/ }), { target: { value: 'Reading' } });
    fireEvent.click(screen.getByRole('button', { name: 'Book the meeting' }));
    const card = await screen.findByRole('article', { name: /Meeting with Sarah Mitchell/ });
    expect(within(card).getByText('Booked')).toBeTruthy();
    expect(within(card).getByRole('button', { name: /Add to calendar/ })).toBeTruthy();
    expect(within(card).getByRole('button', { name: /Cancel the meeting of/ })).toBeTruthy();
    const posted = api.to('/v1/ppn/appointments').find((request) => request.method === 'POST');
    expect(await posted?.json()).toEqual({ slotId: 'slot-1', enrollNumber: 'E100', topic: 'Reading' });
  });

  it('speaks Arabic and says why a booking was refused', async () => {
    await openModulePage(
      '/appointment-list',
      {
        '/v1/ppn/appointments/staff': () => jsonResponse(200, { ...ok, staff: [teacher] }),
        '/v1/ppn/appointments/slots': () =>
          jsonResponse(200, { ...ok, timeZone: 'Asia/Dubai', slots: [slot] }),
        '/v1/ppn/appointments': (request) =>
          request.method === 'POST'
            ? failure(409, 'R006')
            : jsonResponse(200, { ...ok, timeZone: 'Asia/Dubai', items: [] }),
      },
      { lng: 'ar' },
    );
    fireEvent.click(await screen.findByRole('button', { name: /سارة ميتشل/ }, { timeout: 5000 }));
    expect(await screen.findByRole('button', { name: 'الأسبوع التالي' })).toBeTruthy();
    const [time] = await screen.findAllByRole('button', { name: /الساعة/ });
    fireEvent.click(time!);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'القراءة' } });
    fireEvent.click(screen.getByRole('button', { name: 'احجز اللقاء' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
  });

  it('says what will appear when no teacher offers times, and why a list failed with a retry', async () => {
    let fail = true;
    await openModulePage('/appointment-list', {
      '/v1/ppn/appointments/staff': () => jsonResponse(200, { ...ok, staff: [{ ...teacher, freeSlots: 0 }] }),
      '/v1/ppn/appointments': () =>
        fail ? failure(500, 'L000') : jsonResponse(200, { ...ok, timeZone: 'Asia/Dubai', items: [] }),
    });
    expect(await screen.findByText(/offers meeting times now/, {}, { timeout: 5000 })).toBeTruthy();
    const alert = await screen.findByRole('alert');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No appointments yet/)).toBeTruthy();
  });
});
