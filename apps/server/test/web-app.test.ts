import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTempDir, type TTestApp } from './helper.ts';

const BIG_SCRIPT = Buffer.from(`console.log(${JSON.stringify('x'.repeat(4000))});`);

describe('serving the web app', () => {
  let t: TTestApp;
  const dist = createTempDir('portal-dist-');
  beforeAll(async () => {
    fs.mkdirSync(path.join(dist.dir, 'assets'));
    fs.mkdirSync(path.join(dist.dir, 'locales', 'en'), { recursive: true });
    fs.writeFileSync(path.join(dist.dir, 'index.html'), '<!doctype html><title>portal</title>');
    fs.writeFileSync(path.join(dist.dir, 'assets', 'main-Ab12Cd34.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist.dir, 'locales', 'en', 'common.json'), '{"hello":"Hello"}');
    fs.writeFileSync(path.join(dist.dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    // A file with the brotli and gzip copies the build writes beside it (apps/web/precompress.ts).
    fs.writeFileSync(path.join(dist.dir, 'assets', 'page-Ef56Gh78.js'), BIG_SCRIPT);
    fs.writeFileSync(
      path.join(dist.dir, 'assets', 'page-Ef56Gh78.js.br'),
      zlib.brotliCompressSync(BIG_SCRIPT),
    );
    fs.writeFileSync(path.join(dist.dir, 'assets', 'page-Ef56Gh78.js.gz'), zlib.gzipSync(BIG_SCRIPT));
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

  it("sends the build's brotli or gzip copy of a file as it is, by what the browser accepts", async () => {
    for (const [accepted, encoding, decode] of [
      ['gzip, deflate, br, zstd', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/assets/page-Ef56Gh78.js',
        headers: { 'accept-encoding': accepted },
      });
      expect(response.statusCode, accepted).toBe(200);
      expect(response.headers['content-encoding'], accepted).toBe(encoding);
      expect(response.headers['content-type'], accepted).toContain('javascript');
      expect(response.headers['cache-control'], accepted).toBe('public, max-age=31536000, immutable');
      const extension = encoding === 'br' ? 'br' : 'gz';
      const copy = fs.readFileSync(path.join(dist.dir, 'assets', `page-Ef56Gh78.js.${extension}`));
      expect(response.rawPayload.equals(copy), accepted).toBe(true);
      expect(decode(response.rawPayload).equals(BIG_SCRIPT), accepted).toBe(true);
    }
  });

  it('serves translation files, revalidated', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/locales/en/common.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual({ hello: 'Hello' });
  });

  it('serves the service worker as JavaScript, revalidated so a new version is found at once', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset, translation or icon with 404, not the app', async () => {
    for (const url of [
      '/assets/missing.js',
      '/locales/fr/common.json',
      '/api',
      '/media/none.svg',
      '/app-icons/mogra/none.png',
    ]) {
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

  it('sends a hashed file only the headers that concern it, and the service worker all of them', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/page-Ef56Gh78.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['strict-transport-security']).toContain('max-age=');
    for (const name of [
      'content-security-policy',
      'x-frame-options',
      'referrer-policy',
      'cross-origin-opener-policy',
    ]) {
      expect(asset.headers[name], name).toBeUndefined();
    }
    const worker = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(String(worker.headers['content-security-policy'])).toContain("worker-src 'self'");
    expect(worker.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('sends API answers the headers that concern data: no loading, no framing, no sniffing', async () => {
    for (const url of ['/api/health', '/api/v1/oa/public/info', '/api/v1/ppn/parent/profile']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { 'client-id': 'mogra' } });
      expect(response.headers['content-security-policy'], url).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(response.headers['strict-transport-security'], url).toContain('max-age=');
      expect(response.headers['cache-control'], url).toBe('no-store');
      for (const name of ['cross-origin-opener-policy', 'referrer-policy', 'origin-agent-cluster']) {
        expect(response.headers[name], `${url} ${name}`).toBeUndefined();
      }
    }
  });
});
