import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TOutsideLinkAnswer } from '@portal/contracts/families/links';
import { failure, ok, openModulePage } from '../../../test/module-page.ts';
import { jsonResponse } from '../../../test/render.tsx';

const moodle: TOutsideLinkAnswer = {
  ...ok,
  url: 'https://lms.mogra.example/login',
  host: 'lms.mogra.example',
  label: 'Mogra Moodle',
  labelAr: 'منصة مودل',
  items: [
    {
      url: 'https://lms.mogra.example/login',
      host: 'lms.mogra.example',
      label: 'Mogra Moodle',
      labelAr: 'منصة مودل',
      description: 'Lessons and homework.',
      descriptionAr: 'الدروس والواجبات.',
    },
  ],
};

const none: TOutsideLinkAnswer = { ...ok, url: null, host: null, label: '', labelAr: '', items: [] };

describe('the outside link pages', { timeout: 15_000 }, () => {
  it('shows a card naming the host, opening it in a new tab, never in a frame', async () => {
    await openModulePage('/moodle', { '/v1/ppn/links/moodle': () => jsonResponse(200, moodle) });
    const card = (await screen.findByRole('heading', { name: 'Mogra Moodle' }, { timeout: 10_000 })).closest(
      'article',
    )!;
    const link = within(card).getByRole('link', { name: /lms\.mogra\.example/ });
    expect(link.getAttribute('href')).toBe('https://lms.mogra.example/login');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.textContent).toContain('opens in a new tab');
    expect(card.textContent).toContain('Lessons and homework.');
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('lists every resource of the digital library, in Arabic with the school’s Arabic words', async () => {
    const second = {
      ...moodle.items[0]!,
      url: 'https://library.mogra.example/',
      host: 'library.mogra.example',
      label: 'Library',
      labelAr: '',
    };
    await openModulePage(
      '/digital',
      { '/v1/ppn/links/digital': () => jsonResponse(200, { ...moodle, items: [moodle.items[0], second] }) },
      { lng: 'ar' },
    );
    expect(await screen.findByRole('heading', { name: 'منصة مودل' }, { timeout: 10_000 })).toBeTruthy();
    // No Arabic label: the English one, marked as English.
    expect(screen.getByRole('heading', { name: 'Library' }).getAttribute('lang')).toBe('en');
    expect(screen.getAllByRole('link', { name: /يُفتح في علامة تبويب جديدة/ })).toHaveLength(2);
  });

  it('says what will appear when the school has no link', async () => {
    await openModulePage('/facebook', { '/v1/ppn/links/facebook': () => jsonResponse(200, none) });
    expect(
      await screen.findByText(/has not shared a Facebook page yet/, undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: /new tab/ })).toBeNull();
  });

  it('says why it failed and offers to try again', async () => {
    await openModulePage('/instagram', { '/v1/ppn/links/instagram': () => failure(403, 'A001') });
    expect(await screen.findByRole('alert', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
