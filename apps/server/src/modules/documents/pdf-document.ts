import PDFDocument from 'pdfkit';
import type { TLanguage } from '@portal/contracts/constants';
import { drawFooters, MARGIN } from './blocks.ts';
import { fontBuffers, FONT_NAMES } from './fonts.ts';
import { PageWriter } from './page-writer.ts';
import { wordsFor } from './words.ts';

/** A new A4 document in a language, with the fonts registered and a writer in its direction. */
export function openDocument(lng: TLanguage, meta: { title: string; author: string; docNo: string }) {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    bufferPages: true,
    lang: lng,
    displayTitle: true,
    info: { Title: meta.title, Author: meta.author, Creator: meta.author },
  });
  const fonts = fontBuffers();
  for (const key of Object.keys(FONT_NAMES) as (keyof typeof FONT_NAMES)[]) {
    doc.registerFont(FONT_NAMES[key], fonts[key]);
  }
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const writer = new PageWriter(doc, lng === 'ar' ? 'rtl' : 'ltr', MARGIN);
  const words = wordsFor(lng);

  /** Draws every page's footer and answers the finished PDF. */
  const finish = (schoolName: string): Promise<Buffer> => {
    drawFooters(
      writer,
      words('footer', { school: schoolName }),
      (page, pages) => `${meta.docNo} · ${words('page', { page, pages })}`,
    );
    mapLigaturesInVisualOrder(doc);
    doc.end();
    return ended;
  };
  return { writer, words, finish };
}

const ARABIC_LETTER = /\p{Script=Arabic}/u;

/**
 * An Arabic ligature (lam-alef and others) is one glyph for several letters. Text extraction
 * (copy and paste, search, screen readers) reads right-to-left glyphs in visual order and
 * then reverses them, so a ligature's letters are mapped in visual order too; otherwise they
 * come out swapped. pdfkit keeps each embedded font's glyph-to-text map in `unicode`.
 */
function mapLigaturesInVisualOrder(doc: PDFKit.PDFDocument): void {
  const families = (doc as unknown as { _fontFamilies?: Record<string, { unicode?: unknown }> })
    ._fontFamilies;
  for (const font of Object.values(families ?? {})) {
    if (!Array.isArray(font.unicode)) continue;
    font.unicode = font.unicode.map((codePoints: unknown) =>
      Array.isArray(codePoints) &&
      codePoints.length > 1 &&
      codePoints.every(
        (point) => typeof point === 'number' && ARABIC_LETTER.test(String.fromCodePoint(point)),
      )
        ? [...codePoints].reverse()
        : codePoints,
    );
  }
}
