import { useSyncExternalStore } from 'react';
import { cleanSchoolId, isPickerHost, schoolIdOfHost } from '@portal/contracts/school-host';
import { appConfig } from '../config/app-config.ts';
import { readStorage, writeStorage } from './storage.ts';

export { isPickerHost };

/**
 * Resolves the school id (docs/product-spec.md section 1): the first label of the host name, except on
 * the test environment's hosts where it is the id stored under `client-id`. `<id>.localhost`
 * resolves like production. The server reads the school of a host by the same rule.
 */
export function resolveSchoolId(hostname: string, storedId: string | null): string {
  return schoolIdOfHost(hostname, storedId);
}

/**
 * The school id in what a parent typed as their school's address: `bcad`, `bcad.portal.example`
 * or `https://bcad.portal.example/sign-in` all give `bcad`; '' when it names no valid id.
 */
export function schoolIdFromAddress(text: string): string {
  const withoutScheme = text.trim().replace(/^[a-z][a-z\d+.-]*:\/\//i, '');
  const host = withoutScheme.split(/[/?#:@\s]/)[0] ?? '';
  return cleanSchoolId(host.split('.')[0]);
}

/**
 * The address of school `id` on this portal, on a host that names its school (not a picker
 * host): this host with its first label replaced, the same port, and `path`. It never leaves
 * the portal's own domain, whatever was typed.
 */
export function schoolUrl(
  id: string,
  path: string,
  location: Pick<Location, 'protocol' | 'host'> = window.location,
): string {
  const [, ...rest] = location.host.split('.');
  return `${location.protocol}//${[cleanSchoolId(id), ...rest].join('.')}${path}`;
}

let current = '';
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Resolves the school id once at start and keeps it in localStorage (`client-id`). */
export function initSchoolId(hostname: string = window.location.hostname): string {
  current = resolveSchoolId(hostname, readStorage(appConfig.storageKeys.schoolId));
  if (current) writeStorage(appConfig.storageKeys.schoolId, current);
  notify();
  return current;
}

/** The current school id; '' when none is chosen yet. */
export function getSchoolId(): string {
  return current;
}

/** Chooses a school (the picker on the test environment) and remembers it. */
export function setSchoolId(id: string): void {
  const next = cleanSchoolId(id);
  if (next === current) return;
  current = next;
  writeStorage(appConfig.storageKeys.schoolId, next);
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current school id, re-rendering when the picker changes it. */
export function useSchoolId(): string {
  return useSyncExternalStore(subscribe, getSchoolId, getSchoolId);
}
