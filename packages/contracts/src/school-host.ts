import { SCHOOL_ID_PATTERN } from './constants.ts';

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
export function cleanSchoolId(id: string | null | undefined): string {
  const value = (id ?? '').trim().toLowerCase();
  return SCHOOL_ID_PATTERN.test(value) ? value : '';
}

/**
 * The school a host serves (docs/product-spec.md section 1): the first label of the host name,
 * except on the test environment's hosts where it is the id the picker chose (`chosenId`).
 * `<id>.localhost` resolves like production. '' when neither names a valid school id.
 */
export function schoolIdOfHost(hostname: string, chosenId: string | null): string {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (isPickerHost(host)) return cleanSchoolId(chosenId);
  return cleanSchoolId(host.split('.')[0]);
}
