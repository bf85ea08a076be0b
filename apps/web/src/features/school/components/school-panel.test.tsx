import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { finalAdmissionPeriod, type TSchoolDetails } from '@portal/contracts/school';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { SchoolPanel } from './school-panel.tsx';

const details: TSchoolDetails = {
  schoolNameLogo: [
    {
      school_name: 'Mogra Academy',
      school_name_ar: 'أكاديمية موغرا',
      school_logo: '/school-logos/mogra.svg',
    },
  ],
  swiperText: [
    { text_en: 'Admissions are open', text_ar: 'التسجيل مفتوح' },
    { text_en: 'Sports day on Friday', text_ar: 'اليوم الرياضي يوم الجمعة' },
  ],
  schoolDates: [
    { sims_admission_start_from: '2026-02-01', sims_admission_end: '2026-05-31' },
    { sims_admission_start_from: '2025-11-15', sims_admission_end: '2026-04-30' },
    { sims_admission_start_from: '2026-01-10', sims_admission_end: '2026-08-20' },
  ],
  schoolContact: { phone: '', email: '', address_en: '', address_ar: '' },
};

function mockSchoolDetails() {
  const fetchMock = vi.fn((_input: RequestInfo | URL) => Promise.resolve(jsonResponse(200, details)));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('admission period', () => {
  it('is the earliest start and the latest end of all school dates', () => {
    expect(finalAdmissionPeriod(details.schoolDates)).toEqual({ start: '2025-11-15', end: '2026-08-20' });
    expect(finalAdmissionPeriod([])).toBeNull();
  });
});

describe('school panel', () => {
  it('shows the school name, logo, banner text and admission dates as DD-MM-YYYY', async () => {
    const fetchMock = mockSchoolDetails();
    await renderWithProviders(<SchoolPanel schoolId="mogra" />);
    expect(await screen.findByText('Mogra Academy')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Mogra Academy logo' }).getAttribute('src')).toBe(
      '/school-logos/mogra.svg',
    );
    expect(screen.getByText('Admissions are open')).toBeTruthy();
    const times = screen.getAllByRole('time');
    expect(times.map((time) => time.textContent)).toEqual(['15-11-2025', '20-08-2026']);

    const request = fetchMock.mock.calls[0]?.[0];
    expect(request instanceof Request ? request.headers.get('client-id') : null).toBe('mogra');
  });

  it('uses the Arabic name and texts in Arabic', async () => {
    mockSchoolDetails();
    await renderWithProviders(<SchoolPanel schoolId="mogra" />, { lng: 'ar' });
    expect(await screen.findByText('أكاديمية موغرا')).toBeTruthy();
    expect(screen.getByText('التسجيل مفتوح')).toBeTruthy();
  });

  it('fetches nothing while no school is chosen', async () => {
    const fetchMock = mockSchoolDetails();
    await renderWithProviders(<SchoolPanel schoolId="" />);
    expect(screen.getByText('Your school')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
