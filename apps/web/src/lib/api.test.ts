import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from './api.ts';

describe('Retry-After', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('2026-01-15T10:00:00Z');
    expect(parseRetryAfter('30', now)).toBe(30);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Thu, 15 Jan 2026 10:01:30 GMT', now)).toBe(90);
    expect(parseRetryAfter('Thu, 15 Jan 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});
