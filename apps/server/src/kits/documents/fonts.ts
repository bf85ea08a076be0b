import fs from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { sfntFromWoff } from './woff.ts';

const require = createRequire(import.meta.url);

/** The fonts a document draws with, by role: Arabic script, and everything else. */
export const FONT_NAMES = {
  arabic: 'doc-arabic',
  arabicBold: 'doc-arabic-bold',
  latin: 'doc-latin',
  latinBold: 'doc-latin-bold',
} as const;

const FONT_FILES: Record<keyof typeof FONT_NAMES, string> = {
  arabic: '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-400-normal.woff',
  arabicBold: '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-700-normal.woff',
  latin: '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-latin-400-normal.woff',
  latinBold: '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-latin-700-normal.woff',
};

let loaded: Record<keyof typeof FONT_NAMES, Buffer> | null = null;

/** The fonts as TrueType files, read once from node_modules (no network at render time). */
export function fontBuffers(): Record<keyof typeof FONT_NAMES, Buffer> {
  if (!loaded) {
    const read = (specifier: string) => sfntFromWoff(fs.readFileSync(require.resolve(specifier)));
    loaded = {
      arabic: read(FONT_FILES.arabic),
      arabicBold: read(FONT_FILES.arabicBold),
      latin: read(FONT_FILES.latin),
      latinBold: read(FONT_FILES.latinBold),
    };
  }
  return loaded;
}

const parsed: Partial<Record<keyof typeof FONT_NAMES, fontkit.Font>> = {};

/**
 * A font parsed once per thread: its tables are read once, not once per document (a report card
 * that parsed its own fonts took 54 to 68 ms to draw, about 40 with the tables shared: measured).
 * Documents see it through a view with glyphs of their own (pdf-document.ts, `documentFont`).
 */
export function parsedFont(role: keyof typeof FONT_NAMES): fontkit.Font {
  let font = parsed[role];
  if (!font) {
    const created = fontkit.create(fontBuffers()[role]);
    if (!('hasGlyphForCodePoint' in created)) throw new Error(`The ${role} font file is a collection`);
    font = parsed[role] = created;
  }
  return font;
}

function hasGlyph(role: 'arabic' | 'latin', char: string): boolean {
  const codePoint = char.codePointAt(0);
  return codePoint !== undefined && parsedFont(role).hasGlyphForCodePoint(codePoint);
}

const ARABIC_SCRIPT = /\p{Script=Arabic}/u;

/**
 * The font that draws a character: Arabic script with the Arabic font, as are spaces and
 * punctuation inside right-to-left text when it has them; anything else with the Latin font,
 * unless only the Arabic one has the glyph (e.g. the Arabic comma between Latin words).
 */
export function scriptFontFor(char: string, rightToLeft: boolean): 'arabic' | 'latin' {
  if (ARABIC_SCRIPT.test(char)) return 'arabic';
  if (rightToLeft && hasGlyph('arabic', char)) return 'arabic';
  if (!hasGlyph('latin', char) && hasGlyph('arabic', char)) return 'arabic';
  return 'latin';
}
