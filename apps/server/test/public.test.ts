import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ZPublicInfo,
  ZSchoolDetails,
  ZSchoolDirectory,
  finalAdmissionPeriod,
} from '@portal/contracts/school';
import { DEMO_SCHOOLS } from '../src/db/seed/demo-schools.ts';
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

  it("gives the school office's phone, email and address, in English and Arabic", async () => {
    const details = ZSchoolDetails.parse((await get('/api/v1/oa/public/school-details', 'bcad')).json());
    expect(details.schoolContact).toEqual({
      phone: '+971 2 000 2000',
      email: 'office@bcad.example',
      address_en: '8 Corniche Street, Abu Dhabi, United Arab Emirates',
      address_ar: '8 شارع الكورنيش، أبوظبي، الإمارات العربية المتحدة',
    });
  });

  it("never gives one school's contact details in another school's answer", async () => {
    for (const school of DEMO_SCHOOLS) {
      const response = await get('/api/v1/oa/public/school-details', school.schoolId);
      const { schoolContact } = ZSchoolDetails.parse(response.json());
      expect(schoolContact).toEqual({
        phone: school.contact.phone,
        email: school.contact.email,
        address_en: school.contact.addressEn,
        address_ar: school.contact.addressAr,
      });
      for (const other of DEMO_SCHOOLS.filter((each) => each.schoolId !== school.schoolId)) {
        expect(response.body).not.toContain(other.contact.phone);
        expect(response.body).not.toContain(other.contact.email);
        expect(response.body).not.toContain(other.contact.addressEn);
      }
    }
  });

  it('answers 404 "Unknown school" for a school id it does not know, with no contact details', async () => {
    const response = await get('/api/v1/oa/public/school-details', 'nosuchschool');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, messageId: 'L000', message: 'Unknown school' });
  });

  it("lists every school's id, names and logo outside production, without a school id", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/oa/public/school-directory' });
    expect(response.statusCode).toBe(200);
    const directory = ZSchoolDirectory.parse(response.json());
    expect(directory.map((school) => school.school_id)).toEqual([
      'bcaa',
      'bcad',
      'bcd',
      'bnad',
      'bwa',
      'mogra',
    ]);
    expect(directory.find((school) => school.school_id === 'bcad')).toEqual({
      school_id: 'bcad',
      school_name: 'Beacon Crest Academy',
      school_name_ar: DEMO_SCHOOLS.find((school) => school.schoolId === 'bcad')?.nameAr,
      school_logo: '/media/schools/bcad.svg',
    });
    // Names and logos only: nothing else of a school (contact, sign-in app ids) is listed.
    for (const school of directory) {
      expect(Object.keys(school).sort()).toEqual([
        'school_id',
        'school_logo',
        'school_name',
        'school_name_ar',
      ]);
    }
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

  it('does not give the school directory, with or without a school id', async () => {
    for (const headers of [{}, { 'client-id': 'bcad' }]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/oa/public/school-directory',
        headers,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, messageId: 'N404' });
      expect(response.body).not.toContain('Beacon Crest Academy');
    }
  });

  it("still gives a school's own contact details", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/oa/public/school-details',
      headers: { 'client-id': 'bwa' },
    });
    expect(ZSchoolDetails.parse(response.json()).schoolContact.email).toBe('office@bwa.example');
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
        '/api/v1/oa/public/school-directory',
      ]),
    );
    expect(JSON.stringify(document.paths['/api/v1/ppn/auth/login'])).toContain('password');
  });
});
