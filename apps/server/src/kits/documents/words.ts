import type { TLanguage } from '@portal/contracts/constants';

/**
 * A document's words in its language, each family with its own table, with `{name}` values
 * filled in.
 */
export function documentWords<K extends string>(
  tables: Record<TLanguage, Record<K, string>>,
  lng: TLanguage,
) {
  const words = tables[lng];
  return (key: K, values: Record<string, string | number> = {}): string =>
    words[key].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}
