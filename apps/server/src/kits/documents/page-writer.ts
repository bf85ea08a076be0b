import type PDFDocument from 'pdfkit';
import { visualRuns, type TDirection, type TRun } from './bidi-runs.ts';
import { FONT_NAMES, scriptFontFor } from './fonts.ts';

type TPdf = InstanceType<typeof PDFDocument>;

export type TAlign = 'start' | 'end' | 'center';
export type TTextStyle = { size: number; bold?: boolean; color?: string };
/** A horizontal span, measured from the content's start edge (left in English, right in Arabic). */
export type TSpan = { start: number; width: number };

const TEXT_COLOR = '#1f2937';
// Text never shrinks below this to fit its box.
const MIN_SIZE = 6;
const NO_BREAK_SPACES = /[\u00a0\u2007\u202f]/g;

/**
 * Draws on a PDF page in the document's direction: spans are measured from the start edge,
 * so an Arabic page is the mirror of the English one, and every line of text is laid out
 * by the bidirectional algorithm with the font each script needs.
 */
export class PageWriter {
  readonly doc: TPdf;
  readonly direction: TDirection;
  readonly margin: number;
  readonly contentWidth: number;

  constructor(doc: TPdf, direction: TDirection, margin: number) {
    this.doc = doc;
    this.direction = direction;
    this.margin = margin;
    this.contentWidth = doc.page.width - 2 * margin;
  }

  /** The page's x of the left edge of a span. */
  leftOf(span: TSpan): number {
    return this.direction === 'rtl'
      ? this.margin + this.contentWidth - span.start - span.width
      : this.margin + span.start;
  }

  /** The width of one line of text. */
  measure(text: string, style: TTextStyle): number {
    return this.runsOf(text).reduce((sum, run) => sum + this.runWidth(run, style), 0);
  }

  /**
   * Draws one line of text on a baseline, aligned in its span; a line too long for the span
   * is drawn smaller rather than past it.
   */
  text(text: string, span: TSpan, baseline: number, style: TTextStyle, align: TAlign = 'start'): void {
    const runs = this.runsOf(text);
    let size = style.size;
    let width = runs.reduce((sum, run) => sum + this.runWidth(run, { ...style, size }), 0);
    if (width > span.width && width > 0) {
      size = Math.max(MIN_SIZE, (size * span.width) / width);
      width = runs.reduce((sum, run) => sum + this.runWidth(run, { ...style, size }), 0);
    }
    const physical =
      align === 'center' ? 'center' : (align === 'start') === (this.direction === 'ltr') ? 'left' : 'right';
    const left = this.leftOf(span);
    let x =
      physical === 'left'
        ? left
        : physical === 'right'
          ? left + span.width - width
          : left + (span.width - width) / 2;
    for (const run of runs) {
      this.setFont(run, { ...style, size });
      this.doc.text(run.text, x, baseline, { lineBreak: false, baseline: 'alphabetic', features: [] });
      x += this.doc.widthOfString(run.text, { features: [] });
    }
  }

  /** Breaks text into lines that fit a width, at spaces (a single word too long stays whole). */
  wrap(text: string, width: number, style: TTextStyle): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split('\n')) {
      let line = '';
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const candidate = line ? `${line} ${word}` : word;
        if (line && this.measure(candidate, style) > width) {
          lines.push(line);
          line = word;
        } else line = candidate;
      }
      lines.push(line);
    }
    return lines;
  }

  /** Draws wrapped text from a first baseline; answers the baseline after the last line. */
  paragraph(text: string, span: TSpan, baseline: number, style: TTextStyle, align: TAlign = 'start'): number {
    const lineHeight = style.size * 1.45;
    let y = baseline;
    for (const line of this.wrap(text, span.width, style)) {
      this.text(line, span, y, style, align);
      y += lineHeight;
    }
    return y;
  }

  /** A filled rectangle over a span, from a top edge. */
  fill(span: TSpan, top: number, height: number, color: string, radius = 0): void {
    const x = this.leftOf(span);
    if (radius > 0) this.doc.roundedRect(x, top, span.width, height, radius).fill(color);
    else this.doc.rect(x, top, span.width, height).fill(color);
  }

  /** A horizontal line across a span (the whole content width by default). */
  rule(
    y: number,
    color: string,
    thickness = 0.75,
    span: TSpan = { start: 0, width: this.contentWidth },
  ): void {
    const x = this.leftOf(span);
    this.doc
      .moveTo(x, y)
      .lineTo(x + span.width, y)
      .lineWidth(thickness)
      .strokeColor(color)
      .stroke();
  }

  private runsOf(text: string): TRun[] {
    // No-break spaces (from Intl formats) are drawn as spaces: the fonts' own no-break space
    // is an empty last glyph that the font reader cannot measure.
    return visualRuns(text.replace(NO_BREAK_SPACES, ' '), this.direction, scriptFontFor);
  }

  private setFont(run: TRun, style: TTextStyle): void {
    const name =
      run.font === 'arabic'
        ? style.bold
          ? FONT_NAMES.arabicBold
          : FONT_NAMES.arabic
        : style.bold
          ? FONT_NAMES.latinBold
          : FONT_NAMES.latin;
    this.doc
      .font(name)
      .fontSize(style.size)
      .fillColor(style.color ?? TEXT_COLOR);
  }

  private runWidth(run: TRun, style: TTextStyle): number {
    this.setFont(run, style);
    return this.doc.widthOfString(run.text, { features: [] });
  }
}
