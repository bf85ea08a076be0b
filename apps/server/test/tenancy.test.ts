import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signIn, type TTestApp } from './helper.ts';

describe('tenancy: the school id (docs/architecture.md section 4)', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers 400 "Missing school-id" when the client-id header is absent', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/oa/public/info' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, messageId: 'L000', message: 'Missing school-id' });
  });

  it('answers 400 "Missing school-id" when the client-id header is empty or blank', async () => {
    for (const value of ['', '   ']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/oa/public/school-details',
        headers: { 'client-id': value },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Missing school-id');
    }
  });

  it('answers 404 "Unknown school" for a school that does not exist or is not a valid id', async () => {
    for (const value of ['nosuchschool', '../etc', 'MOGRA!']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/oa/public/info',
        headers: { 'client-id': value },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, messageId: 'L000', message: 'Unknown school' });
    }
  });

  it('requires a school on sign-in too', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ppn/auth/login',
      payload: { username: 'parent@mogra.demo', password: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Missing school-id');
  });

  it('refuses a bcad token presented for mogra (ASVS 8.4.1)', async () => {
    const token = await signIn(t.app, 'bcad', 'parent@bcad.demo');
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/v1/ppn/parent/profile',
      headers: { 'client-id': 'bcad', authorization: `Bearer ${token}` },
    });
    expect(own.statusCode).toBe(200);
    const crossed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/ppn/parent/profile',
      headers: { 'client-id': 'mogra', authorization: `Bearer ${token}` },
    });
    expect(crossed.statusCode).toBe(401);
    expect(crossed.json()).toMatchObject({ success: false, messageId: 'L004' });
  });

  it("refuses one school's username at another school", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ppn/auth/login',
      headers: { 'client-id': 'mogra' },
      payload: { username: 'parent@bcad.demo', password: 'Demo-Parent-2026' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('answers the health check without a school', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: { ok: true } });
  });
});
