import PDFDocument from 'pdfkit';
import { directionOf, type TLanguage } from '@portal/contracts/constants';
import { drawFooters, MARGIN } from './blocks.ts';
import { FONT_NAMES, parsedFont } from './fonts.ts';
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
  for (const key of Object.keys(FONT_NAMES) as (keyof typeof FONT_NAMES)[]) {
    // pdfkit takes a parsed font as it is (its types name only files and bytes).
    doc.registerFont(FONT_NAMES[key], documentFont(key) as unknown as Buffer);
  }
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const writer = new PageWriter(doc, directionOf(lng), MARGIN);

  /** Draws every page's footer and answers the finished PDF. */
  const finish = (): Promise<Buffer> => {
    drawFooters(writer, meta.footer, meta.pageLabel);
    mapLigaturesInVisualOrder(doc);
    doc.end();
    return ended;
  };
  return { writer, finish };
}

/**
 * The thread's parsed font (fonts.ts) as one document sees it: its tables are the shared ones,
 * its glyphs its own. A glyph object records the characters of the text it was first laid out
 * from, which the PDF's text map uses; shared across documents, a glyph first met as a part of
 * another (when a document's fonts are written) came with no characters, and a later card's
 * Arabic letters could not be copied or read aloud. `_glyphs` is fontkit's glyph cache.
 */
function documentFont(role: keyof typeof FONT_NAMES): object {
  return Object.create(parsedFont(role), { _glyphs: { value: {}, writable: true } });
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
