import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_DARK_QUERY, followThemeChoice, readThemeChoice, setThemeChoice, themeOf } from './theme.ts';

/** A device whose light/dark setting the test changes, as `matchMedia` reports it. */
function fakeDevice(initiallyDark: boolean) {
  let dark = initiallyDark;
  const listeners = new Set<() => void>();
  const queries: string[] = [];
  vi.stubGlobal('matchMedia', (query: string) => {
    queries.push(query);
    return {
      get matches() {
        return query === DEVICE_DARK_QUERY && dark;
      },
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    };
  });
  return {
    queries,
    set(next: boolean) {
      dark = next;
      for (const listener of listeners) listener();
    },
  };
}

const isDark = () => document.documentElement.classList.contains('dark');

describe('the theme', () => {
  let stop = () => {};
  beforeEach(() => {
    window.localStorage.clear();
    document.documentElement.classList.remove('dark');
  });
  afterEach(() => {
    stop();
    vi.unstubAllGlobals();
  });

  it('follows the device, live, while the parent has picked none', () => {
    const device = fakeDevice(true);
    stop = followThemeChoice();
    expect(readThemeChoice()).toBe('device');
    expect(isDark()).toBe(true);
    expect(device.queries).toContain('(prefers-color-scheme: dark)');
    device.set(false);
    expect(isDark()).toBe(false);
    device.set(true);
    expect(isDark()).toBe(true);
  });

  it('keeps a pick, remembered, whatever the device says, until set back to the device', () => {
    const device = fakeDevice(false);
    stop = followThemeChoice();
    setThemeChoice('dark');
    expect(window.localStorage.getItem('theme')).toBe('dark');
    device.set(false);
    expect(isDark()).toBe(true);

    setThemeChoice('light');
    device.set(true);
    expect(isDark()).toBe(false);
    expect(readThemeChoice()).toBe('light');

    setThemeChoice('device');
    expect(window.localStorage.getItem('theme')).toBeNull();
    expect(isDark()).toBe(true);
    device.set(false);
    expect(isDark()).toBe(false);
  });

  it('applies a pick remembered from an earlier visit', () => {
    fakeDevice(true);
    window.localStorage.setItem('theme', 'light');
    stop = followThemeChoice();
    expect(readThemeChoice()).toBe('light');
    expect(isDark()).toBe(false);
  });

  it('follows a pick made in another tab', () => {
    fakeDevice(false);
    stop = followThemeChoice();
    window.localStorage.setItem('theme', 'dark');
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: 'dark' }));
    expect(isDark()).toBe(true);
  });

  it('is light without matchMedia and no pick', () => {
    vi.stubGlobal('matchMedia', undefined);
    expect(themeOf('device')).toBe('light');
  });

  it('boots, before the app runs, to the same theme the app keeps (public/theme-boot.js)', () => {
    const boot = fs.readFileSync(path.resolve(import.meta.dirname, '../../public/theme-boot.js'), 'utf8');
    for (const saved of [null, 'light', 'dark', 'something else']) {
      for (const deviceDark of [false, true]) {
        fakeDevice(deviceDark);
        window.localStorage.clear();
        if (saved !== null) window.localStorage.setItem('theme', saved);
        document.documentElement.classList.toggle('dark', !deviceDark);
        new Function(boot)();
        expect([saved, deviceDark, isDark()]).toEqual([
          saved,
          deviceDark,
          themeOf(readThemeChoice()) === 'dark',
        ]);
      }
    }
  });
});
