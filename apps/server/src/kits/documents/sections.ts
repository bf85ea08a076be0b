import { BOTTOM_SPACE, COLORS, MARGIN } from './blocks.ts';
import type { PageWriter } from './page-writer.ts';

// Blocks for documents made of several sections (a report card): a section's heading, and
// room for a block that must not be split across pages.

/** The top of a block of this height: `top`, or the top of a new page when it would not fit. */
export function spaceFor(w: PageWriter, top: number, height: number): number {
  if (top + height <= w.doc.page.height - BOTTOM_SPACE) return top;
  w.doc.addPage();
  return MARGIN;
}

/**
 * A section's heading across the content width, kept on the page of what follows it
 * (`following`: the height that must fit under it). Answers the top of the section's content.
 */
export function drawHeading(w: PageWriter, top: number, text: string, following = 60): number {
  const y = spaceFor(w, top, 28 + following);
  w.text(text, { start: 0, width: w.contentWidth }, y + 12, { size: 11.5, bold: true, color: COLORS.accent });
  w.rule(y + 19, COLORS.line, 0.6);
  return y + 28;
}

/** A paragraph on a tinted panel across the content width (a remark); answers the top after it. */
export function drawPanelText(w: PageWriter, top: number, text: string): number {
  const style = { size: 10 };
  const inner = { start: 12, width: w.contentWidth - 24 };
  const lines = w.wrap(text, inner.width, style);
  const height = lines.length * style.size * 1.45 + 16;
  const y = spaceFor(w, top, height);
  w.fill({ start: 0, width: w.contentWidth }, y, height, COLORS.panel, 6);
  w.paragraph(text, inner, y + 20, style);
  return y + height + 16;
}
