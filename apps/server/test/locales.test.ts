import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingTranslations } from '../src/db/schema/index.ts';
import { buildTestApp, type TTestApp } from './helper.ts';

const report = (t: TTestApp, url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as Record<string, string> });

describe('missing translation keys (/locales/add)', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('records reported keys with a count', async () => {
    const first = await report(t, '/locales/add/ar/dashboard', { 'widgets.title': 'Widgets' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ success: true, messageId: 'S200' });
    await report(t, '/locales/add/ar/dashboard', { 'widgets.title': 'Widgets' });
    const rows = await t.database.db.select().from(missingTranslations);
    expect(rows).toEqual([
      expect.objectContaining({ language: 'ar', namespace: 'dashboard', key: 'widgets.title', reports: 2 }),
    ]);
  });

  it('refuses an unknown language, a bad namespace or a bad body with 400 V001', async () => {
    for (const [url, body] of [
      ['/locales/add/fr/common', { a: 'b' }],
      ['/locales/add/en/..%2Fetc', { a: 'b' }],
      ['/locales/add/en/common', {}],
      ['/locales/add/en/common', { a: 42 }],
      ['/locales/add/en/common', Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v']))],
    ] as const) {
      const response = await report(t, url, body);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().messageId).toBe('V001');
    }
  });
});

describe('missing translation keys in production', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp({ isProduction: true });
  });
  afterAll(() => t.close());

  it('are not accepted', async () => {
    const response = await report(t, '/locales/add/en/common', { a: 'b' });
    expect(response.statusCode).toBe(404);
    expect(response.json().messageId).toBe('N404');
  });
});
