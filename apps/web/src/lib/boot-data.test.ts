import { afterEach, describe, expect, it } from 'vitest';
import { BOOT_DATA_ELEMENT_ID } from '@portal/contracts/boot-data';
import { readBootData } from './boot-data.ts';

function pageWith(text: string): void {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = BOOT_DATA_ELEMENT_ID;
  element.textContent = text;
  document.head.append(element);
}

afterEach(() => document.getElementById(BOOT_DATA_ELEMENT_ID)?.remove());

const boot = {
  schoolId: 'mogra',
  schoolDetails: { schoolNameLogo: [], swiperText: [], schoolDates: [], schoolContact: {} },
  language: 'ar',
  translations: { ar: { common: { hello: 'مرحبا' } }, en: { common: { hello: 'Hello' } } },
};

describe("the page's boot data", () => {
  it('is read from its JSON element', () => {
    pageWith(JSON.stringify(boot).replaceAll('<', '\\u003c'));
    expect(readBootData()).toEqual(boot);
  });

  it('is null when the page has none (the offline copy, a development server)', () => {
    expect(readBootData()).toBeNull();
  });

  it('is null when it is not JSON or not the outline of the contract', () => {
    for (const text of [
      '{nope',
      '[]',
      JSON.stringify({ ...boot, language: 'fr' }),
      JSON.stringify({ ...boot, schoolId: 7 }),
      JSON.stringify({ ...boot, translations: { ar: { common: 'hello' } } }),
      JSON.stringify({ ...boot, translations: { fr: { common: {} } } }),
      JSON.stringify({ ...boot, schoolDetails: 'mogra' }),
    ]) {
      pageWith(text);
      expect(readBootData(), text).toBeNull();
      document.getElementById(BOOT_DATA_ELEMENT_ID)?.remove();
    }
  });
});
