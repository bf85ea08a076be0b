import { describe, expect, it } from 'vitest';
import { manifestAddress } from './installed-app.ts';

describe("the school's manifest address", () => {
  it('names the language, and the school only where the host does not', () => {
    expect(manifestAddress('mogra', 'ar', 'mogra.localhost')).toBe('/manifest.webmanifest?lng=ar');
    expect(manifestAddress('bcad', 'en-GB', 'bcad.portal.example')).toBe('/manifest.webmanifest?lng=en');
    expect(manifestAddress('bcd', 'en', 'localhost')).toBe('/manifest.webmanifest?lng=en&school=bcd');
    expect(manifestAddress('', 'en', '127.0.0.1')).toBe('/manifest.webmanifest?lng=en');
  });
});
