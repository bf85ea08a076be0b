import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@portal/contracts/constants';
import { MESSAGE_IDS } from '@portal/contracts/messages';
import { localeResources } from '../test/locales.ts';

/** Every key path of a translation file, e.g. `errors.network`. */
function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

/**
 * The keys a language must have: plural forms (`_one`, `_few`...) stand for their word, as
 * each language has its own (Arabic six, English two).
 */
function wordsOf(value: unknown): string[] {
  return [...new Set(keysOf(value).map((key) => key.replace(/_(zero|one|two|few|many|other)$/, '')))].sort();
}

describe('translation files', () => {
  const en = localeResources.en ?? {};
  const namespaces = Object.keys(en);

  it('exist for every language, with the same namespaces', () => {
    expect(namespaces).toEqual(expect.arrayContaining(['common', 'auth', 'school', 'dashboard', 'messages']));
    for (const lng of LANGUAGES) {
      expect(Object.keys(localeResources[lng] ?? {}).sort()).toEqual([...namespaces].sort());
    }
  });

  it.each(namespaces)('have the same keys in English and Arabic in %s', (ns) => {
    expect(wordsOf(localeResources.ar?.[ns])).toEqual(wordsOf(en[ns]));
  });

  it('have no empty texts', () => {
    for (const lng of LANGUAGES) {
      for (const [ns, content] of Object.entries(localeResources[lng] ?? {})) {
        for (const key of keysOf(content)) {
          const text = key
            .split('.')
            .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], content);
          expect(typeof text === 'string' && text.trim() !== '', `${lng}/${ns}:${key}`).toBe(true);
        }
      }
    }
  });

  it('translate every message id of the API', () => {
    for (const lng of LANGUAGES) {
      const messages = localeResources[lng]?.messages as Record<string, unknown> | undefined;
      for (const id of MESSAGE_IDS) expect(messages?.[id], `${lng}/messages:${id}`).toBeTypeOf('string');
    }
  });
});
