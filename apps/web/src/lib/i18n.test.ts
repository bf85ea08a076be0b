import { afterEach, describe, expect, it, vi } from 'vitest';
import HttpBackend from 'i18next-http-backend';
import { appConfig } from '../config/app-config.ts';
import { changeLanguage, createMemoryI18n, directionOf, initI18n, toLanguage } from './i18n.ts';
import { formatDate } from './dates.ts';
import { formatNumber } from './numbers.ts';

afterEach(() => {
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});

describe('a language change', () => {
  it("sets the language, the dates' language, <html lang> and dir together", async () => {
    const i18n = await createMemoryI18n({ en: { common: {} }, ar: { common: {} } });
    await changeLanguage(i18n, 'ar');
    expect(i18n.language).toBe('ar');
    expect(formatDate('2026-01-05', 'ar', 'MMMM')).toBe('يناير');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    await changeLanguage(i18n, 'en');
    expect(formatDate('2026-01-05', 'en', 'MMMM')).toBe('January');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('narrows tags to the supported languages', () => {
    expect(toLanguage('ar-AE')).toBe('ar');
    expect(toLanguage('fr')).toBe('en');
    expect(directionOf('ar')).toBe('rtl');
  });

  it('detects from the query string, cookie, storage, browser and html tag, cached in localStorage (and a cookie)', () => {
    expect(appConfig.i18n.detectionOrder).toEqual([
      'querystring',
      'cookie',
      'localStorage',
      'sessionStorage',
      'navigator',
      'htmlTag',
    ]);
    expect(appConfig.i18n.lookupQuerystring).toBe('lng');
    expect(appConfig.i18n.caches).toEqual(['localStorage', 'cookie']);
  });
});

describe("the page's boot translations", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    document.cookie = 'i18next=; max-age=0; path=/';
  });

  function fetchedFiles(): { urls: string[] } {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        urls.push(new URL(url, 'http://localhost').pathname);
        return Promise.resolve(new Response('{"loaded":"from the file"}', { status: 200 }));
      }),
    );
    return { urls };
  }

  it('are used as they are, and only the namespaces they lack are loaded', async () => {
    const { urls } = fetchedFiles();
    localStorage.setItem('i18nextLng', 'ar');
    const i18n = await initI18n({
      production: true,
      namespaces: ['auth', 'fees'],
      boot: {
        translations: {
          ar: { common: { hello: 'مرحبا' }, auth: { signIn: 'دخول' } },
          en: { common: { hello: 'Hello' }, auth: { signIn: 'Sign in' } },
        },
      },
    });
    expect(i18n.language).toBe('ar');
    expect(i18n.t('common:hello')).toBe('مرحبا');
    expect(i18n.t('auth:signIn')).toBe('دخول');
    expect(i18n.t('fees:loaded')).toBe('from the file');
    // The fallback language's files come beside the language's (docs/product-spec.md section 8).
    expect(urls.sort()).toEqual(['/locales/ar/fees.json', '/locales/en/fees.json']);
  });

  it("of another language than the parent's are not used", async () => {
    const { urls } = fetchedFiles();
    localStorage.setItem('i18nextLng', 'en');
    const i18n = await initI18n({
      production: true,
      boot: { translations: { ar: { common: { hello: 'مرحبا' } } } },
    });
    expect(i18n.language).toBe('en');
    expect(i18n.t('common:loaded')).toBe('from the file');
    expect(urls).toEqual(['/locales/en/common.json']);
  });
});

describe('loading translation files', () => {
  function read(status: number, body: string): Promise<{ error: unknown; retry: unknown }> {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(body, { status }))),
    );
    const backend = new HttpBackend(undefined, { loadPath: 'http://localhost/locales/{{lng}}/{{ns}}.json' });
    return new Promise((resolve) =>
      backend.read('en', 'common', (error, retry) => resolve({ error, retry })),
    );
  }

  it('retries a 5xx', async () => {
    expect((await read(503, '')).retry).toBe(true);
  });

  it('does not retry a 4xx', async () => {
    const answer = await read(404, '');
    expect(answer.error).toBeTruthy();
    expect(answer.retry).toBe(false);
  });

  it("reports unparseable JSON as 'failed parsing ... to json'", async () => {
    expect(String((await read(200, '{nope')).error)).toMatch(/^failed parsing .* to json$/);
  });
});

describe('formats', () => {
  it('formats dates and numbers per language with the spec formats', async () => {
    const i18n = await createMemoryI18n({ en: { common: {} }, ar: { common: {} } });
    await changeLanguage(i18n, 'ar');
    expect(formatDate('2026-01-15', 'en')).toBe('15-01-2026');
    expect(formatDate('2026-01-15', 'en', appConfig.dateFormats.long)).toBe('15 Jan 2026');
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
  });
});
