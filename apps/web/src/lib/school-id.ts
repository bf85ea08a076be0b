import { useSyncExternalStore } from 'react';
import { SCHOOL_ID_PATTERN } from '@portal/contracts/constants';
import { appConfig } from '../config/app-config.ts';
import { readStorage, writeStorage } from './storage.ts';

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/**
 * Whether the host is the test environment (plain `localhost`, a loopback or any IP address),
 * where the school is chosen with the picker instead of read from the host name.
 */
export function isPickerHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost') return true;
  if (IPV4.test(host)) return true;
  // IPv6 literals: `URL.hostname` keeps the brackets, `location.hostname` too.
  return host.startsWith('[') || host.includes(':');
}

/** A valid school id, or '' for anything else. */
function clean(id: string | null | undefined): string {
  const value = (id ?? '').trim().toLowerCase();
  return SCHOOL_ID_PATTERN.test(value) ? value : '';
}

/**
 * Resolves the school id (docs/product-spec.md section 1): the first label of the host name, except on
 * the test environment's hosts where it is the id stored under `client-id`. `<id>.localhost`
 * resolves like production.
 */
export function resolveSchoolId(hostname: string, storedId: string | null): string {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (isPickerHost(host)) return clean(storedId);
  return clean(host.split('.')[0]);
}

/**
 * The school id in what a parent typed as their school's address: `bcad`, `bcad.portal.example`
 * or `https://bcad.portal.example/sign-in` all give `bcad`; '' when it names no valid id.
 */
export function schoolIdFromAddress(text: string): string {
  const withoutScheme = text.trim().replace(/^[a-z][a-z\d+.-]*:\/\//i, '');
  const host = withoutScheme.split(/[/?#:@\s]/)[0] ?? '';
  return clean(host.split('.')[0]);
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
  return `${location.protocol}//${[clean(id), ...rest].join('.')}${path}`;
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
  const next = clean(id);
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
