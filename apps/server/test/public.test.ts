import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZPublicInfo, ZSchoolDetails, finalAdmissionPeriod } from '@portal/contracts/school';
import { buildTestApp, type TTestApp } from './helper.ts';

describe('public school endpoints', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string, schoolId: string) =>
    t.app.inject({ method: 'GET', url, headers: { 'client-id': schoolId } });

  it("gives each school's own licence data", async () => {
    const mogra = ZPublicInfo.parse((await get('/api/v1/oa/public/info', 'mogra')).json());
    const bcad = ZPublicInfo.parse((await get('/api/v1/oa/public/info', 'bcad')).json());
    expect(mogra.lic_school_name).toBe('Mogra Demo School');
    expect(bcad.lic_school_name).toBe('Beacon Crest Academy');
    expect(mogra.lic_school_logo).not.toBe(bcad.lic_school_logo);
  });

  it("gives each school's name, logo, banner texts and admission dates", async () => {
    const response = await get('/api/v1/oa/public/school-details', 'mogra');
    expect(response.statusCode).toBe(200);
    const details = ZSchoolDetails.parse(response.json());
    expect(details.schoolNameLogo[0]?.school_name_ar).toBe('مدرسة موغرا التجريبية');
    expect(details.swiperText.length).toBeGreaterThan(0);
    expect(finalAdmissionPeriod(details.schoolDates)).toEqual({ start: '2026-09-15', end: '2027-03-31' });
    const bcad = ZSchoolDetails.parse((await get('/api/v1/oa/public/school-details', 'bcad')).json());
    expect(bcad.schoolNameLogo[0]?.school_name).toBe('Beacon Crest Academy');
  });

  it('serves the school logo it names', async () => {
    const info = ZPublicInfo.parse((await get('/api/v1/oa/public/info', 'bwa')).json());
    const logo = await t.app.inject({ method: 'GET', url: info.lic_school_logo });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toContain('image/svg+xml');
  });

  it('lists the school ids outside production, without a school id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/oa/public/schools' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(['bcaa', 'bcad', 'bcd', 'bnad', 'bwa', 'mogra']);
  });
});

describe('public school endpoints in production', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp({ isProduction: true });
  });
  afterAll(() => t.close());

  it('does not list the schools', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/oa/public/schools' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, messageId: 'N404' });
  });
});

describe('the OpenAPI document', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('is served at /api/docs and describes the routes from their schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/ppn/auth/login',
        '/api/v1/ppn/auth/sign-out',
        '/api/v1/ppn/parent/profile',
        '/api/v1/oa/public/info',
        '/api/v1/oa/public/school-details',
      ]),
    );
    expect(JSON.stringify(document.paths['/api/v1/ppn/auth/login'])).toContain('password');
  });
});
