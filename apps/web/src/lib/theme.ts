import { useSyncExternalStore } from 'react';
import { appConfig } from '../config/app-config.ts';
import { readStorage, writeStorage } from './storage.ts';

export type TTheme = 'light' | 'dark';

const listeners = new Set<() => void>();
let current: TTheme = appConfig.theme.defaultMode;

/** The remembered theme, light unless the parent chose dark. */
export function readTheme(): TTheme {
  return readStorage(appConfig.storageKeys.theme) === 'dark' ? 'dark' : 'light';
}

/** Applies a theme: the `dark` class on `<html>` drives Tailwind's `dark:` variant. */
export function applyTheme(theme: TTheme): void {
  current = theme;
  document.documentElement.classList.toggle('dark', theme === 'dark');
  for (const listener of listeners) listener();
}

/** Chooses a theme and remembers it in localStorage. */
export function setTheme(theme: TTheme): void {
  writeStorage(appConfig.storageKeys.theme, theme);
  applyTheme(theme);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getTheme(): TTheme {
  return current;
}

/** The current theme, re-rendering on change. */
export function useTheme(): TTheme {
  return useSyncExternalStore(subscribe, getTheme, getTheme);
}
