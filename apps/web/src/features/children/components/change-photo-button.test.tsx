import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { TLanguage } from '@portal/contracts/constants';
import { child } from '../../../test/fixtures.ts';
import { fakeApi, renderWithProviders } from '../../../test/render.tsx';
import { ChangePhotoButton } from './change-photo-button.tsx';

const omar = child('E100', 'Omar Ahmed');

/** Picks a photo in the hidden file input; the server answers with `answer`. */
async function choosePhoto(answer: () => Response, lng: TLanguage = 'en') {
  fakeApi({ '/v1/ppn/parent/children/E100/photo': answer });
  const { container } = await renderWithProviders(<ChangePhotoButton child={omar} onUploaded={vi.fn()} />, {
    lng,
  });
  const input = container.querySelector('input[type="file"]') as HTMLInputElement;
  const photo = new File([new Uint8Array(100)], 'omar.png', { type: 'image/png' });
  fireEvent.change(input, { target: { files: [photo] } });
  return screen.findByRole('alert');
}

const refusal =
  (status: number, messageId: string, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify({ success: false, messageId, message: 'refused' }), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });

describe('refused photos, in the parent’s words', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('says when the parent may change a photo again after too many uploads', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-25T10:00:00Z') });
    const tooMany = refusal(429, 'L006', { 'retry-after': '1800' });
    // 10:30 UTC is 2:30 PM in Dubai, the school's default time zone.
    expect((await choosePhoto(tooMany)).textContent).toBe(
      'You have changed photos many times in the last hour. You can change a photo again from 25-11-2026 2:30 PM.',
    );
  });

  it('says so in Arabic too', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-25T10:00:00Z') });
    const alert = await choosePhoto(refusal(429, 'L006', { 'retry-after': '1800' }), 'ar');
    expect(alert.textContent).toContain('لقد غيّرت الصور مرات كثيرة خلال الساعة الأخيرة');
  });

  it.each([
    ['en', 415, 'V010', 'This file is not a picture that can be read.'],
    ['en', 400, 'V011', 'This picture is too large to process.'],
    ['en', 503, 'V012', 'Many photos are being processed right now.'],
    ['ar', 415, 'V010', 'تعذّرت قراءة هذا الملف كصورة.'],
    ['ar', 400, 'V011', 'هذه الصورة كبيرة جدًا'],
    ['ar', 503, 'V012', 'يجري تجهيز صور كثيرة الآن.'],
  ] as const)('%s: %i %s', async (lng, status, messageId, text) => {
    expect((await choosePhoto(refusal(status, messageId), lng)).textContent).toContain(text);
  });
});
