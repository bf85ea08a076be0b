import type { TMenuEntry } from '@portal/contracts/menu';

/**
 * Text as the menu's search compares it: lower case, without accents or Arabic short vowels
 * and tatweel, with the Arabic letters people type interchangeably made one (أ إ آ → ا,
 * ة → ه, ى → ي), so "تعاميم" finds "التعاميم" and "cafe" finds "Café".
 */
export function searchKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/\u0640/g, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The entries whose shown name, English title or Arabic title holds every word typed, in the
 * order given; an empty query matches none (the grouped menu shows instead).
 */
export function searchEntries(
  entries: readonly TMenuEntry[],
  query: string,
  labelOf: (entry: TMenuEntry) => string,
): TMenuEntry[] {
  const words = searchKey(query).split(' ').filter(Boolean);
  if (words.length === 0) return [];
  return entries.filter((entry) => {
    const haystack = searchKey([labelOf(entry), entry.title, entry.titleAr].join(' '));
    return words.every((word) => haystack.includes(word));
  });
}
