import { createRequire } from 'node:module';
import fs from 'node:fs';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { visualRuns } from '../../../src/kits/documents/bidi-runs.ts';
import { scriptFontFor } from '../../../src/kits/documents/fonts.ts';
import {
  currencyLabel,
  formatAmount,
  formatDay,
  formatDeduction,
  formatInstant,
  formatMoney,
  formatRate,
} from '../../../src/kits/documents/format.ts';
import { loadLogo } from '../../../src/kits/documents/logo.ts';
import { renderReceipt } from '../../../src/modules/documents/render.ts';
import { sfntFromWoff } from '../../../src/kits/documents/woff.ts';
import { sampleReceipt } from '../../../scripts/sample-documents.ts';
import { pdfText } from '../../pdf-text.ts';

const runs = (text: string, direction: 'ltr' | 'rtl') => visualRuns(text, direction, scriptFontFor);

// What a reader sees, left to right: a run holding Arabic is reversed by the font's layout.
const seen = (text: string, direction: 'ltr' | 'rtl') =>
  runs(text, direction)
    .map((run) => (/\p{Script=Arabic}/u.test(run.text) ? [...run.text].reverse().join('') : run.text))
    .join('');

describe('right-to-left and mixed text on documents', () => {
  it('orders Latin words and numbers inside Arabic from the right', () => {
    expect(runs('رقم القيد MG1001 · Grade 9 A', 'rtl')).toEqual([
      { text: 'MG1001 · Grade 9 A', font: 'latin' },
      { text: 'رقم القيد ', font: 'arabic' },
    ]);
    expect(runs('02-09-2026 10:42 ص', 'rtl').map((run) => run.text)).toEqual([
      ' ص',
      '10:42',
      ' ',
      '02-09-2026',
    ]);
  });

  it('mirrors brackets in right-to-left text', () => {
    expect(seen('المبلغ (AED)', 'rtl')).toBe('(AED) غلبملا');
    expect(seen('رسوم النقل (الحافلة 12)', 'rtl')).toBe('(12 ةلفاحلا) لقنلا موسر');
  });

  it('keeps Arabic in logical order for shaping inside English text', () => {
    // A number after Arabic belongs to the Arabic: it stands to its left.
    expect(runs('Mogra مدرسة موغرا 2026', 'ltr')).toEqual([
      { text: 'Mogra ', font: 'latin' },
      { text: '2026', font: 'latin' },
      { text: 'مدرسة موغرا ', font: 'arabic' },
    ]);
    expect(seen('Grade 9 مدرسة', 'ltr')).toBe('Grade 9 ةسردم');
  });

  it('drops bidi controls and draws an Arabic comma between Latin words with the Arabic font', () => {
    const money = formatMoney(123_456, 'AED', 'ar');
    expect(money).toMatch(/\u200f/);
    expect(
      runs(money, 'rtl')
        .map((run) => run.text)
        .join(''),
    ).not.toMatch(/[\u200e\u200f]/);
    expect(runs('دفتر A4، 100 صفحة', 'rtl')).toContainEqual({ text: '،', font: 'arabic' });
  });
});

describe('numbers and dates on documents', () => {
  it('formats money per language with Western digits', () => {
    expect(formatMoney(123_456, 'AED', 'en')).toMatch(/^AED\s1,234\.56$/);
    expect(formatMoney(123_456, 'AED', 'ar')).toContain('1,234.56');
    expect(formatMoney(123_456, 'AED', 'ar')).toContain('د.إ.');
    expect(formatAmount(5, 'AED', 'en')).toBe('0.05');
    expect(formatAmount(1_234_567, 'OMR', 'en')).toBe('1,234.567');
    expect(formatMoney(1_234_567, 'OMR', 'en')).toMatch(/^OMR\s1,234\.567$/);
    expect(formatRate(500, 'en')).toBe('5%');
    expect(formatRate(1_250, 'en')).toBe('12.5%');
    expect(formatDeduction(77_300, 'AED', 'en')).toMatch(/^-AED\s773\.00$/);
    expect(formatDeduction(0, 'AED', 'en')).toMatch(/^AED\s0\.00$/);
    expect(formatAmount(-0, 'AED', 'en')).toBe('0.00');
    expect(currencyLabel('AED', 'en')).toBe('AED');
    expect(currencyLabel('AED', 'ar')).toBe('د.إ.');
  });

  it("formats days as DD-MM-YYYY and times as h:mm A in the school's time zone", () => {
    expect(formatDay('2026-09-01')).toBe('01-09-2026');
    expect(formatInstant('2026-09-01T20:05:00Z', 'en', 'Asia/Dubai')).toBe('02-09-2026 12:05 AM');
    expect(formatInstant('2026-09-01T08:05:00Z', 'ar', 'Asia/Dubai')).toBe('01-09-2026 12:05 م');
    // 23:30 UTC is the next morning in Dubai, and still the same evening in London.
    expect(formatInstant('2026-09-01T23:30:00Z', 'en', 'Asia/Dubai')).toBe('02-09-2026 3:30 AM');
    expect(formatInstant('2026-09-01T23:30:00Z', 'en', 'UTC')).toBe('01-09-2026 11:30 PM');
  });
});

describe('fonts and logos of documents', () => {
  it('unpacks the WOFF fonts into TrueType files with every glyph', () => {
    const require = createRequire(import.meta.url);
    const woff = fs.readFileSync(
      require.resolve('@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-400-normal.woff'),
    );
    const sfnt = sfntFromWoff(woff);
    expect(sfnt.readUInt32BE(0)).toBe(0x00010000);
    const font = fontkit.create(sfnt) as fontkit.Font;
    expect(font.numGlyphs).toBe((fontkit.create(woff) as fontkit.Font).numGlyphs);
    expect(font.layout('مدرسة').direction).toBe('rtl');
  });

  it("reads a school's logo from the server's media only", () => {
    expect(loadLogo('/media/schools/mogra.svg')).toMatchObject({ kind: 'svg' });
    expect(loadLogo('/media/../package.json')).toBeNull();
    expect(loadLogo('/media/%2e%2e/package.json')).toBeNull();
    expect(loadLogo('https://example.com/logo.svg')).toBeNull();
    expect(loadLogo('/media/schools/none.svg')).toBeNull();
  });

  it("prints the school's name alone when there is no logo, or it cannot be drawn", async () => {
    for (const logo of [null, { kind: 'image' as const, bytes: Buffer.from('not an image') }]) {
      const pdf = await renderReceipt({ ...sampleReceipt, school: { ...sampleReceipt.school, logo } }, 'en');
      const { text } = await pdfText(pdf);
      expect(text).toContain('Mogra Demo School');
      expect(text).toContain('RCT-000012');
    }
  });
});
