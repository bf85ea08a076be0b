import { DEMO_SCHOOL_ID } from './constants.ts';
import { ACTIVE_MARKER, ALL_ACCESS_CODES, type TMenuEntry } from './menu.ts';

/**
 * A parent's authority (docs/product-spec.md section 6): the active marker plus the codes their
 * school grants to the parent role; at the vendor demo school, every code.
 */
export function authorityOf(schoolId: string, grantedCodes: readonly string[]): string[] {
  const codes = schoolId === DEMO_SCHOOL_ID ? ALL_ACCESS_CODES : grantedCodes;
  return [ACTIVE_MARKER, ...new Set(codes.filter((code) => code !== ACTIVE_MARKER))];
}

/** True when at least one of the codes is held. An empty list of codes opens nothing. */
export function holdsAnyCode(authority: readonly string[], codes: readonly string[]): boolean {
  return codes.some((code) => authority.includes(code));
}

/** True when the menu entry is open to this authority. */
export function isEntryAllowed(entry: Pick<TMenuEntry, 'authority'>, authority: readonly string[]): boolean {
  return holdsAnyCode(authority, entry.authority);
}
