import PDFDocument from 'pdfkit';
import type { TLanguage } from '@portal/contracts/constants';
import { drawFooters, MARGIN } from './blocks.ts';
import { fontBuffers, FONT_NAMES } from './fonts.ts';
import { PageWriter } from './page-writer.ts';

export type TDocumentMeta = {
  title: string;
  author: string;
  /** The line at the foot of every page (who issued the document). */
  footer: string;
  /** The page's label at the end of the footer, e.g. `INV-1 · Page 1 of 2`. */
  pageLabel: (page: number, pages: number) => string;
};

/**
 * A new A4 document in a language, with the fonts registered and a writer in its direction.
 * Every family's documents are drawn with it (docs/decisions/014-pdf-documents.md).
 */
export function openDocument(lng: TLanguage, meta: TDocumentMeta) {
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

  /** Draws every page's footer and answers the finished PDF. */
  const finish = (): Promise<Buffer> => {
    drawFooters(writer, meta.footer, meta.pageLabel);
    mapLigaturesInVisualOrder(doc);
    doc.end();
    return ended;
  };
  return { writer, finish };
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
