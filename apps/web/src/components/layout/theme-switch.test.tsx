import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render.tsx';
import { setThemeChoice } from '../../lib/theme.ts';
import { ThemeSwitch } from './theme-switch.tsx';

describe('the theme menu', () => {
  afterEach(() => {
    setThemeChoice('device');
    vi.unstubAllGlobals();
  });

  it('offers light, dark and the device, with the device chosen until the parent picks', async () => {
    vi.stubGlobal('matchMedia', () => ({
      matches: true,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    setThemeChoice('device');
    await renderWithProviders(<ThemeSwitch />);
    fireEvent.click(screen.getByRole('button', { name: 'Theme: Same as this device' }));
    const items = screen.getAllByRole('menuitemradio');
    expect(items.map((item) => [item.textContent, item.getAttribute('aria-checked')])).toEqual([
      ['Light', 'false'],
      ['Dark', 'false'],
      ['Same as this device', 'true'],
    ]);
    expect(document.documentElement.classList.contains('dark')).toBe(true);

    fireEvent.click(screen.getByRole('menuitemradio', { name: 'Light' }));
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(window.localStorage.getItem('theme')).toBe('light');
    expect(screen.getByRole('button', { name: 'Theme: Light' })).toBeTruthy();
  });

  it('is named in Arabic', async () => {
    await renderWithProviders(<ThemeSwitch />, { lng: 'ar' });
    fireEvent.click(screen.getByRole('button', { name: 'المظهر: مثل إعداد هذا الجهاز' }));
    expect(screen.getByRole('menu', { name: 'المظهر' })).toBeTruthy();
  });
});
