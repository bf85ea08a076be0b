import { describe, expect, it } from 'vitest';
import { findMatch } from './snippet.tsx';

describe('finding a search in a circular', () => {
  it('ignores case', () => {
    expect(findMatch('The Fees of Term 3', 'fees')).toEqual({ start: 4, end: 8 });
  });

  it('finds Arabic written with or without vowel marks and with either alef or taa marbuta', () => {
    const text = 'تُستحقُّ رسومُ المدرسة';
    const match = findMatch(text, 'رسوم المدرسه');
    expect(match && text.slice(match.start, match.end)).toBe('رسومُ المدرسة');
    expect(findMatch('إجازة الربيع', 'اجازه')).toEqual({ start: 0, end: 5 });
  });

  it('finds nothing for an empty search or a word not there', () => {
    expect(findMatch('Sports day', '  ')).toBeNull();
    expect(findMatch('Sports day', 'trip')).toBeNull();
  });
});
