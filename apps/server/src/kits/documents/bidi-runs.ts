import bidiModule from 'bidi-js';

// bidi-js is CommonJS exporting its factory, while its types declare an ES default export.
const bidiExport: unknown = bidiModule;
const bidiFactory = (
  typeof bidiExport === 'function' ? bidiExport : bidiModule.default
) as typeof bidiModule.default;
const bidi = bidiFactory();

export type TDirection = 'ltr' | 'rtl';
export type TScriptFont = 'arabic' | 'latin';

/** A piece of one line drawn with one font, its text ready to hand to the font's layout. */
export type TRun = { text: string; font: TScriptFont };

// Bidi controls steer the ordering and draw nothing: they are dropped after it.
const BIDI_CONTROL = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const ARABIC_SCRIPT = /\p{Script=Arabic}/u;

/**
 * Splits one line of text into runs in visual order, left to right (Unicode bidirectional
 * algorithm, with mirrored brackets), each run drawn with one font. The font's layout
 * shapes Arabic and reverses any run that holds Arabic-script characters, so such a run is
 * given in logical order and every other run in visual order.
 */
export function visualRuns(
  text: string,
  direction: TDirection,
  fontFor: (char: string, rightToLeft: boolean) => TScriptFont,
): TRun[] {
  if (text === '') return [];
  const embedding = bidi.getEmbeddingLevels(text, direction);
  const levels = embedding.levels;
  const chars = text.split('');
  for (const [index, mirrored] of bidi.getMirroredCharactersMap(text, levels)) chars[index] = mirrored;

  const order = chars.map((_, index) => index);
  for (const [start = 0, end = -1] of bidi.getReorderSegments(text, embedding)) {
    const reversed = order.slice(start, end + 1).reverse();
    order.splice(start, reversed.length, ...reversed);
  }

  const runs: { chars: string[]; font: TScriptFont; level: number }[] = [];
  for (const index of order) {
    const char = chars[index] ?? '';
    if (BIDI_CONTROL.test(char)) continue;
    const level = levels[index] ?? 0;
    const font = fontFor(char, level % 2 === 1);
    const last = runs.at(-1);
    if (last && last.font === font && last.level === level) last.chars.push(char);
    else runs.push({ chars: [char], font, level });
  }
  return runs.map((run) => {
    const visual = run.chars.join('');
    const reversedByLayout = ARABIC_SCRIPT.test(visual);
    return { text: reversedByLayout ? [...run.chars].reverse().join('') : visual, font: run.font };
  });
}
