import type { Storage as TPersistStorage } from 'redux-persist';
import { readStorage, removeStorage, writeStorage } from './storage.ts';

/** sessionStorage for redux-persist, through the safe storage helpers. */
export const sessionPersistStorage: TPersistStorage = {
  getItem: (key: string) => Promise.resolve(readStorage(key, 'session')),
  setItem: (key: string, value: string) => Promise.resolve(writeStorage(key, value, 'session')),
  removeItem: (key: string) => Promise.resolve(removeStorage(key, 'session')),
};
