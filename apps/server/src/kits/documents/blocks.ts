import SVGtoPDF from 'svg-to-pdfkit';
import type { TLanguage } from '@portal/contracts/constants';
import { FONT_NAMES } from './fonts.ts';
import type { PageWriter, TAlign, TSpan } from './page-writer.ts';
import type { TDocumentBrand, TLogo } from './types.ts';

export const COLORS = {
  text: '#1f2937',
  muted: '#6b7280',
  line: '#e5e7eb',
  band: '#f3f4f6',
  panel: '#f9fafb',
  accent: '#5b21b6',
  accentTint: '#f3f0ff',
  paid: '#166534',
  paidTint: '#dcfce7',
  notice: '#92400e',
  noticeTint: '#fef3c7',
};

export const MARGIN = 44;
const LOGO_SIZE = 60;
const TITLE_WIDTH = 210;
// Content never goes below this distance from the page's bottom edge (the footer is there).
export const BOTTOM_SPACE = 72;

export type THeader = {
  school: TDocumentBrand;
  lng: TLanguage;
  title: string;
  docNo: string;
  /** Small lines under the school's name (e.g. its VAT registration number). */
  schoolLines?: string[];
  /** A coloured label under the document number (e.g. "Paid"). */
  badge?: TBadge;
};

export type TBadge = { text: string; color: string; tint: string };

/** The school's logo and name at the start edge, the document's title and number at the end. */
export function drawHeader(w: PageWriter, header: THeader): number {
  const top = MARGIN;
  const hasLogo = header.school.logo !== null && drawLogo(w, header.school.logo, top);
  const nameStart = hasLogo ? LOGO_SIZE + 14 : 0;
  const nameSpan = { start: nameStart, width: w.contentWidth - nameStart - TITLE_WIDTH - 16 };
  const [primary, secondary] =
    header.lng === 'ar'
      ? [header.school.nameAr, header.school.nameEn]
      : [header.school.nameEn, header.school.nameAr];
  let y = w.paragraph(primary, nameSpan, top + 18, { size: 15, bold: true });
  y = w.paragraph(secondary, nameSpan, y - 3, { size: 9.5, color: COLORS.muted });
  for (const line of header.schoolLines ?? [])
    y = w.paragraph(line, nameSpan, y, { size: 8.5, color: COLORS.muted });

  const titleSpan = { start: w.contentWidth - TITLE_WIDTH, width: TITLE_WIDTH };
  let titleY = w.paragraph(
    header.title,
    titleSpan,
    top + 20,
    { size: 19, bold: true, color: COLORS.accent },
    'end',
  );
  w.text(header.docNo, titleSpan, titleY - 4, { size: 11.5, bold: true }, 'end');
  titleY += 10;
  if (header.badge) {
    const style = { size: 8.5, bold: true, color: header.badge.color };
    const width = w.measure(header.badge.text, style) + 18;
    const span = { start: w.contentWidth - width, width };
    w.fill(span, titleY - 2, 16, header.badge.tint, 8);
    w.text(header.badge.text, span, titleY + 9.5, style, 'center');
    titleY += 18;
  }
  const bottom = Math.max(y - 8, titleY, hasLogo ? top + LOGO_SIZE : 0) + 12;
  w.rule(bottom, COLORS.accent, 1.5);
  return bottom + 22;
}

function drawLogo(w: PageWriter, logo: TLogo, top: number): boolean {
  const x = w.leftOf({ start: 0, width: LOGO_SIZE });
  try {
    w.doc.save();
    if (logo.kind === 'svg') {
      SVGtoPDF(w.doc, logo.svg, x, top, {
        width: LOGO_SIZE,
        height: LOGO_SIZE,
        fontCallback: (_family, bold) => (bold ? FONT_NAMES.latinBold : FONT_NAMES.latin),
      });
    } else {
      w.doc.image(logo.bytes, x, top, { fit: [LOGO_SIZE, LOGO_SIZE], align: 'center', valign: 'center' });
    }
    return true;
  } catch {
    return false;
  } finally {
    w.doc.restore();
  }
}

export type TPartyBlock = { label: string; name: string; lines: { text: string; muted?: boolean }[] };
export type TDetail = { label: string; value: string };

/** Who the document is for (start half) and its details as label/value rows (end half). */
export function drawParties(w: PageWriter, top: number, party: TPartyBlock, details: TDetail[]): number {
  const half = w.contentWidth / 2 - 10;
  const partySpan = { start: 0, width: half };
  let y = top + 8;
  w.text(party.label, partySpan, y, { size: 8, bold: true, color: COLORS.muted });
  y = w.paragraph(party.name, partySpan, y + 17, { size: 12, bold: true }) + 1;
  for (const line of party.lines) {
    const style = line.muted ? { size: 8.5, color: COLORS.muted } : { size: 9.5 };
    y = w.paragraph(line.text, partySpan, y, style);
  }

  const panel = { start: w.contentWidth - half, width: half };
  const inner = { start: panel.start + 12, width: half - 24 };
  const rowHeight = 17;
  const panelHeight = details.length * rowHeight + 14;
  w.fill(panel, top - 4, panelHeight, COLORS.panel, 6);
  let rowY = top + 12;
  for (const detail of details) {
    w.text(detail.label, inner, rowY, { size: 8.5, color: COLORS.muted });
    w.text(detail.value, inner, rowY, { size: 9.5, bold: true }, 'end');
    rowY += rowHeight;
  }
  return Math.max(y - 6, top - 4 + panelHeight) + 22;
}

/** A tinted box with a short text across the content width. */
export function drawNote(w: PageWriter, top: number, text: string, color: string, tint: string): number {
  const span = { start: 0, width: w.contentWidth };
  const style = { size: 9, bold: true, color };
  const lines = w.wrap(text, span.width - 24, style);
  const height = lines.length * 13 + 14;
  w.fill(span, top, height, tint, 6);
  w.paragraph(text, { start: 12, width: span.width - 24 }, top + 18, style);
  return top + height + 16;
}

export type TColumn = { header: string; width: number; align: TAlign; wrap?: boolean; bold?: boolean };

/** The space between a table cell's edges and its text. */
const CELL_PADDING = 6;

/** A table; rows that do not fit go on a new page, under the column headers again. */
export function drawTable(w: PageWriter, top: number, columns: TColumn[], rows: string[][]): number {
  const spans: TSpan[] = [];
  let start = 0;
  for (const column of columns) {
    spans.push({ start: start + CELL_PADDING, width: column.width - 2 * CELL_PADDING });
    start += column.width;
  }
  const full = { start: 0, width: w.contentWidth };
  const headerRow = (y: number): number => {
    w.fill(full, y, 24, COLORS.band, 4);
    columns.forEach((column, index) => {
      const span = spans[index] ?? full;
      w.text(column.header, span, y + 15.5, { size: 8, bold: true, color: COLORS.muted }, column.align);
    });
    return y + 24;
  };
  const style = { size: 9.5 };
  const lineHeight = 13;
  let y = headerRow(top);
  for (const row of rows) {
    const cells = columns.map((column, index) =>
      column.wrap ? w.wrap(row[index] ?? '', spans[index]?.width ?? 0, style) : [row[index] ?? ''],
    );
    const height = Math.max(...cells.map((lines) => lines.length)) * lineHeight + 12;
    if (y + height > w.doc.page.height - BOTTOM_SPACE) {
      w.doc.addPage();
      y = headerRow(MARGIN);
    }
    cells.forEach((lines, index) => {
      const column = columns[index];
      const span = spans[index];
      if (!column || !span) return;
      lines.forEach((line, lineIndex) =>
        w.text(line, span, y + 16 + lineIndex * lineHeight, { ...style, bold: column.bold }, column.align),
      );
    });
    y += height;
    w.rule(y, COLORS.line, 0.6);
  }
  return y;
}

export type TTotal = { label: string; value: string; strong?: boolean };

/**
 * Label/value rows at the end edge under a table, the values lined up with the table's last
 * column; the strong one on a tinted band.
 */
export function drawTotals(w: PageWriter, top: number, totals: TTotal[]): number {
  const width = 250;
  const box = { start: w.contentWidth - width, width };
  const inner = { start: box.start + 10, width: width - 10 - CELL_PADDING };
  let y = top + 8;
  if (y + totals.length * 24 > w.doc.page.height - BOTTOM_SPACE) {
    w.doc.addPage();
    y = MARGIN;
  }
  for (const total of totals) {
    if (total.strong) {
      w.fill(box, y, 28, COLORS.accentTint, 5);
      w.text(total.label, inner, y + 18.5, { size: 10.5, bold: true, color: COLORS.accent });
      w.text(total.value, inner, y + 18.5, { size: 11.5, bold: true, color: COLORS.accent }, 'end');
      y += 32;
    } else {
      w.text(total.label, inner, y + 13, { size: 9, color: COLORS.muted });
      w.text(total.value, inner, y + 13, { size: 9.5 }, 'end');
      y += 20;
    }
  }
  return y + 12;
}

/** A line of small text across the content width (e.g. how a store invoice was paid). */
export function drawRemark(w: PageWriter, top: number, text: string): number {
  return w.paragraph(text, { start: 0, width: w.contentWidth }, top + 10, { size: 9, color: COLORS.muted });
}

/** The footer of every page: who issued the document, and the page number. */
export function drawFooters(
  w: PageWriter,
  text: string,
  pageLabel: (page: number, pages: number) => string,
): void {
  const range = w.doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    w.doc.switchToPage(index);
    const y = w.doc.page.height - 48;
    w.rule(y, COLORS.line, 0.6);
    const pageText = pageLabel(index - range.start + 1, range.count);
    const pageWidth = 150;
    w.text(text, { start: 0, width: w.contentWidth - pageWidth }, y + 16, { size: 7.5, color: COLORS.muted });
    w.text(
      pageText,
      { start: w.contentWidth - pageWidth, width: pageWidth },
      y + 16,
      { size: 7.5, color: COLORS.muted },
      'end',
    );
  }
}
