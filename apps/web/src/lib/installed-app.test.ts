import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { linkSchoolManifest, manifestAddress } from './installed-app.ts';

describe("the school's manifest address", () => {
  it('names the language, and the school only where the host does not', () => {
    expect(manifestAddress('mogra', 'ar', 'mogra.localhost')).toBe('/manifest.webmanifest?lng=ar');
    expect(manifestAddress('bcad', 'en-GB', 'bcad.portal.example')).toBe('/manifest.webmanifest?lng=en');
    expect(manifestAddress('bcd', 'en', 'localhost')).toBe('/manifest.webmanifest?lng=en&school=bcd');
    expect(manifestAddress('', 'en', '127.0.0.1')).toBe('/manifest.webmanifest?lng=en');
  });

  it('is linked once, in the language of the page, and follows a change of language', async () => {
    const i18n = createInstance();
    await i18n.init({ lng: 'ar', resources: {} });
    linkSchoolManifest(i18n, 'mogra.localhost');
    const links = () =>
      [...document.querySelectorAll('link[rel="manifest"]')].map((link) => link.getAttribute('href'));
    expect(links()).toEqual(['/manifest.webmanifest?lng=ar']);
    await i18n.changeLanguage('en');
    expect(links()).toEqual(['/manifest.webmanifest?lng=en']);
  });
});
