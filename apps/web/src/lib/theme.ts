import { useSyncExternalStore } from 'react';
import { appConfig } from '../config/app-config.ts';
import { readStorage, removeStorage, writeStorage } from './storage.ts';

export type TTheme = 'light' | 'dark';
/** What the parent picked: a theme, or to follow the device's light/dark setting. */
export type TThemeChoice = TTheme | 'device';

/** The device's setting, as the browser reports it. public/theme-boot.js asks the same. */
export const DEVICE_DARK_QUERY = '(prefers-color-scheme: dark)';

type TThemeState = { choice: TThemeChoice; theme: TTheme };

const listeners = new Set<() => void>();
let state: TThemeState = { choice: appConfig.theme.defaultMode, theme: 'light' };

/** The remembered pick; the device's setting when the parent has picked none. */
export function readThemeChoice(): TThemeChoice {
  const saved = readStorage(appConfig.storageKeys.theme);
  return saved === 'light' || saved === 'dark' ? saved : appConfig.theme.defaultMode;
}

function deviceIsDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DEVICE_DARK_QUERY).matches;
}

/** The theme a choice shows now. */
export function themeOf(choice: TThemeChoice): TTheme {
  if (choice !== 'device') return choice;
  return deviceIsDark() ? 'dark' : 'light';
}

/** Applies a choice: the `dark` class on `<html>` drives Tailwind's `dark:` variant. */
export function applyThemeChoice(choice: TThemeChoice): void {
  const theme = themeOf(choice);
  document.documentElement.classList.toggle('dark', theme === 'dark');
  if (state.choice === choice && state.theme === theme) return;
  state = { choice, theme };
  for (const listener of listeners) listener();
}

/** Picks a theme and remembers it in localStorage; 'device' forgets the pick. */
export function setThemeChoice(choice: TThemeChoice): void {
  if (choice === 'device') removeStorage(appConfig.storageKeys.theme);
  else writeStorage(appConfig.storageKeys.theme, choice);
  applyThemeChoice(choice);
}

/**
 * Applies the remembered choice, then keeps following the device while the choice is 'device'
 * (the setting can change while the page is open, e.g. at sunset), and a pick made in another
 * tab. Returns a function that stops listening.
 */
export function followThemeChoice(): () => void {
  applyThemeChoice(readThemeChoice());
  const onDeviceChange = () => {
    if (state.choice === 'device') applyThemeChoice('device');
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === appConfig.storageKeys.theme || event.key === null) applyThemeChoice(readThemeChoice());
  };
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(DEVICE_DARK_QUERY) : null;
  media?.addEventListener('change', onDeviceChange);
  window.addEventListener('storage', onStorage);
  return () => {
    media?.removeEventListener('change', onDeviceChange);
    window.removeEventListener('storage', onStorage);
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getState(): TThemeState {
  return state;
}

/** The parent's choice and the theme it shows now, re-rendering on change. */
export function useThemeState(): TThemeState {
  return useSyncExternalStore(subscribe, getState, getState);
}

/** The theme shown now, re-rendering on change. */
export function useTheme(): TTheme {
  return useThemeState().theme;
}
