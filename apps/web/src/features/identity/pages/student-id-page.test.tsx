import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { TStudentIdAnswer } from '@portal/contracts/families/identity';
import { failure, ok, openModulePage } from '../../../test/module-page.ts';
import { jsonResponse } from '../../../test/render.tsx';

const answer: TStudentIdAnswer = {
  ...ok,
  card: {
    schoolName: 'Mogra Demo School',
    schoolNameAr: 'مدرسة موغرا التجريبية',
    logoUrl: '/media/schools/mogra.svg',
    enrollNumber: 'E100',
    childName: 'Omar Ahmed',
    childNameAr: '',
    photoUrl: null,
    initials: 'OA',
    grade: 'Grade 9',
    gradeAr: 'الصف 9',
    section: 'A',
    sectionAr: 'أ',
    academicYear: '2026-2027',
    validUntil: '2027-07-02',
  },
  code: 'aTEKbW9ncmEKRTEwMAoyMDI2.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ',
};

describe('the student ID page', { timeout: 15_000 }, () => {
  it('shows the card with initials for want of a photo, a QR code, and prints it', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    await openModulePage('/student-Id', { '/v1/ppn/student-id': () => jsonResponse(200, answer) });
    const card = await screen.findByRole(
      'article',
      { name: 'School ID card of Omar Ahmed' },
      { timeout: 10_000 },
    );
    expect(card.id).toBe('student-id-card');
    expect(within(card).getByRole('img', { name: 'Photo of Omar Ahmed' }).textContent).toBe('OA');
    expect(card.textContent).toContain('Grade 9 · A');
    expect(card.textContent).toContain('2026-2027');
    const qr = within(card).getByRole('img', { name: 'QR code of the card' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d/);
    fireEvent.click(screen.getByRole('button', { name: 'Print the card' }));
    expect(print).toHaveBeenCalled();
    expect(
      [...document.querySelectorAll('style')].some((style) => style.textContent?.includes('@media print')),
    ).toBe(true);
  });

  it('is mirrored in Arabic with the numbers left to right', async () => {
    await openModulePage(
      '/student-Id',
      { '/v1/ppn/student-id': () => jsonResponse(200, answer) },
      { lng: 'ar' },
    );
    const card = await screen.findByRole('article', { name: /Omar Ahmed/ }, { timeout: 10_000 });
    expect(card.textContent).toContain('الصف 9 · أ');
    expect(within(card).getByText('E100').getAttribute('dir')).toBe('ltr');
    expect(within(card).getByText('2026-2027').getAttribute('dir')).toBe('ltr');
    expect(document.documentElement.getAttribute('dir')).toBe('rtl');
  });

  it('says why it failed', async () => {
    await openModulePage('/student-Id', { '/v1/ppn/student-id': () => failure(403, 'A002') });
    expect(await screen.findByRole('alert', undefined, { timeout: 10_000 })).toBeTruthy();
  });
});
