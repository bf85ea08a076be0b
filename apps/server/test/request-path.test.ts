import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizedPath } from '../src/request-path.ts';

describe('normalizedPath', () => {
  it('reads every spelling of a path as the same path', () => {
    for (const spelling of [
      '/api/x',
      '/%61pi/x',
      '//api/x',
      '/API/x',
      '/%2561pi/x',
      '/a/../api/x',
      '\\api\\x',
    ]) {
      expect(normalizedPath(`${spelling}?q=1`)).toBe('/api/x');
    }
    expect(normalizedPath('')).toBe('/');
    expect(normalizedPath('/')).toBe('/');
    expect(normalizedPath('/api/x/')).toBe('/api/x/');
    expect(normalizedPath('/api/x#y')).toBe('/api/x');
  });

  it('gives an already normal path the answer the full normalizing gives it', () => {
    // `/x/..` in front takes the full way and changes nothing of the path after it: the quick
    // answer for a path that looks normal must be the same.
    const characters = fc.constantFrom(...'aZ09-_.~%2f5c\\/?#:@!$&()*+,;=é'.split(''));
    fc.assert(
      fc.property(fc.array(characters, { maxLength: 24 }), (parts) => {
        const path = `/${parts.join('')}`;
        expect(normalizedPath(path)).toBe(normalizedPath(`/x/..${path}`));
      }),
      { numRuns: 5_000 },
    );
  });
});
