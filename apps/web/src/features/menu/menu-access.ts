import { isEntryAllowed } from '@portal/contracts/authority';
import { MENU, type TMenuEntry } from '@portal/contracts/menu';
import type { TLanguage } from '@portal/contracts/constants';

/** Application names by code, in English and Arabic (the session's `appNameList`). */
export type TAppNames = Readonly<Record<string, { en: string; ar: string }>>;

/** The menu entries this authority opens, in registry order (Home first). */
export function allowedEntries(authority: readonly string[]): TMenuEntry[] {
  return MENU.filter((entry) => isEntryAllowed(entry, authority));
}

function normalise(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return (trimmed || '/').toLowerCase();
}

const byPath = new Map(MENU.map((entry) => [normalise(entry.path), entry]));

/** The menu entry of a route path (matched as the router does: case-insensitively), if any. */
export function entryByPath(pathname: string): TMenuEntry | undefined {
  return byPath.get(normalise(pathname));
}

/** The key of an entry's title in the `nav` namespace (`translateKey` is `nav.<key>`). */
export function navKeyOf(entry: Pick<TMenuEntry, 'translateKey'>): string {
  return entry.translateKey.replace(/^nav\./, '');
}

/**
 * An entry's name in a language: the school's application name for one of its codes, else the
 * `nav` translation.
 */
export function entryLabel(
  entry: TMenuEntry,
  lng: TLanguage,
  appNames: TAppNames,
  translate: (navKey: string) => string,
): string {
  for (const code of entry.authority) {
    const name = appNames[code]?.[lng]?.trim();
    if (name) return name;
  }
  return translate(navKeyOf(entry));
}
