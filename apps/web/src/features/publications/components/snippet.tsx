import { schoolText } from '../../../components/module/school-text.tsx';

/** Marks Arabic is written with or without (short vowels, the elongation): left out to compare. */
const IGNORED = /[\u064B-\u065F\u0670\u0640]/;
/** Letters written more than one way, compared as one: the alef's forms, final yaa, taa marbuta. */
const SAME: Record<string, string> = { أ: 'ا', إ: 'ا', آ: 'ا', ٱ: 'ا', ى: 'ي', ة: 'ه' };

/** Text as a search compares it, with where each compared character comes from in the text. */
function comparable(text: string): { folded: string; starts: number[]; ends: number[] } {
  let folded = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let index = 0;
  for (const character of text) {
    const next = index + character.length;
    if (!IGNORED.test(character)) {
      for (const one of (SAME[character] ?? character).toLocaleLowerCase()) {
        folded += one;
        starts.push(index);
        ends.push(next);
      }
    }
    index = next;
  }
  return { folded, starts, ends };
}

/** Where `query` is in `text` (case, Arabic vowel marks and letter forms aside), or null. */
export function findMatch(text: string, query: string): { start: number; end: number } | null {
  const needle = comparable(query.trim()).folded;
  if (needle === '') return null;
  const { folded, starts, ends } = comparable(text);
  const found = folded.indexOf(needle);
  if (found < 0) return null;
  let end = ends[found + needle.length - 1] ?? text.length;
  // The marks written on the last letter belong to it.
  while (end < text.length && IGNORED.test(text.charAt(end))) end += 1;
  return { start: starts[found] ?? 0, end };
}

/** Characters of text around a match. */
const AROUND = 80;

/**
 * The part of a circular's letter where the search matched, the match marked; the letter in
 * the other language when only it matched; the letter's start when only the title did.
 */
export function Snippet({ en, ar, query, lng }: { en: string; ar: string; query: string; lng: string }) {
  const shown = schoolText(en, ar, lng);
  const other = shown.text === en ? ar : en;
  const candidates = [
    { text: shown.text, lang: shown.lang },
    { text: other, lang: other === en ? 'en' : 'ar' },
  ];
  const hit = candidates
    .map((candidate) => ({ ...candidate, match: findMatch(candidate.text, query) }))
    .find((candidate) => candidate.match !== null);
  const text = hit?.text ?? shown.text;
  const lang = hit ? (hit.text === shown.text ? shown.lang : hit.lang) : shown.lang;
  const match = hit?.match ?? null;
  const from = match ? Math.max(0, match.start - AROUND) : 0;
  const to = match ? Math.min(text.length, match.end + AROUND) : Math.min(text.length, AROUND * 2);
  return (
    <p lang={lang} dir="auto" className="text-sm leading-relaxed text-slate-700 dark:text-slate-200">
      {from > 0 ? '… ' : null}
      {match ? (
        <>
          {text.slice(from, match.start)}
          <mark className="rounded bg-yellow-200 px-0.5 text-slate-900 dark:bg-yellow-500/40 dark:text-white">
            {text.slice(match.start, match.end)}
          </mark>
          {text.slice(match.end, to)}
        </>
      ) : (
        text.slice(from, to)
      )}
      {to < text.length ? ' …' : null}
    </p>
  );
}
