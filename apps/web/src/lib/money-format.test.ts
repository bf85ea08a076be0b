import { describe, expect, it } from 'vitest';
import { formatMoney, parseMajor } from './money-format.ts';

describe('amounts', () => {
  it('are written per language with the currency, from minor units', () => {
    expect(formatMoney(123_450, 'AED', 'en')).toBe(
      new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'AED' }).format(1234.5),
    );
    const arabic = formatMoney(123_450, 'AED', 'ar');
    expect(arabic).toBe(
      new Intl.NumberFormat('ar-AE', { style: 'currency', currency: 'AED' }).format(1234.5),
    );
    expect(arabic).toContain('د.إ.');
    expect(formatMoney(1_500, 'KWD', 'en')).toContain('1.500');
  });

  it('typed in major units are read as whole minor units, without floating point', () => {
    expect(parseMajor('250', 'AED')).toBe(25_000);
    expect(parseMajor(' 1,000.5 ', 'AED')).toBe(100_050);
    expect(parseMajor('0.07', 'AED')).toBe(7);
    expect(parseMajor('1.005', 'KWD')).toBe(1_005);
    expect(parseMajor('٢٥٠٫٧٥', 'AED')).toBe(25_075);
    expect(parseMajor('۱۰', 'AED')).toBe(1_000);
    expect(parseMajor('4.1', 'AED')).toBe(410);
  });

  it('refuse what is not a plain amount', () => {
    for (const text of ['', 'abc', '-5', '1.234', '1e3', '1.2.3', '12345678901']) {
      expect(parseMajor(text, 'AED'), text).toBeNull();
    }
  });
});
