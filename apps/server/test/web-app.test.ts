import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTempDir, type TTestApp } from './helper.ts';

describe('serving the web app', () => {
  let t: TTestApp;
  const dist = createTempDir('portal-dist-');
  beforeAll(async () => {
    fs.mkdirSync(path.join(dist.dir, 'assets'));
    fs.mkdirSync(path.join(dist.dir, 'locales', 'en'), { recursive: true });
    fs.writeFileSync(path.join(dist.dir, 'index.html'), '<!doctype html><title>portal</title>');
    fs.writeFileSync(path.join(dist.dir, 'assets', 'main-Ab12Cd34.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist.dir, 'locales', 'en', 'common.json'), '{"hello":"Hello"}');
    t = await buildTestApp({ webDistDir: dist.dir });
  });
  afterAll(async () => {
    await t.close();
    dist.remove();
  });

  it('serves index.html for client routes, revalidated on every visit', async () => {
    for (const url of ['/', '/sign-in', '/dashboard', '/dashboard/anything?x=1']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<title>portal</title>');
    }
  });

  it('caches hashed assets for a year as immutable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/main-Ab12Cd34.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves translation files, revalidated', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/locales/en/common.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual({ hello: 'Hello' });
  });

  it('answers a missing asset or translation with 404, not the app', async () => {
    for (const url of ['/assets/missing.js', '/locales/fr/common.json', '/api', '/media/none.svg']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ success: false, messageId: 'N404' });
    }
  });

  it('sends a strict Content-Security-Policy and the other security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sign-in' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain(
      "script-src 'self' https://accounts.google.com/gsi/client https://connect.facebook.net;",
    );
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeDefined();
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('sends the security headers on API answers too', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toBeDefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
