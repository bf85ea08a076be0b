import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZChild, ZProfile } from '@portal/contracts/auth';
import { buildTestApp, signIn, type TTestApp } from './helper.ts';

// A small real PNG: the server decodes it and stores a WebP rendition of it.
const PNG = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#7c3aed' } })
  .png()
  .toBuffer();

function multipartBody(file: Buffer, filename: string, contentType: string) {
  const boundary = '----portal-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe("the parent's dashboard layout and children's photos", () => {
  let t: TTestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp();
    token = await signIn(t.app, 'mogra', 'parent@mogra.demo');
  });
  afterAll(() => t.close());

  const auth = (schoolId = 'mogra', bearer = token) => ({
    'client-id': schoolId,
    authorization: `Bearer ${bearer}`,
  });
  const uploadPhoto = (
    enrollNumber: string,
    body: { payload: Buffer; contentType: string },
    bearer = token,
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/ppn/parent/children/${enrollNumber}/photo`,
      headers: { ...auth('mogra', bearer), 'content-type': body.contentType },
      payload: body.payload,
    });

  it('saves the dashboard layout and gives it back in the profile', async () => {
    const layout = JSON.stringify({ widgets: ['children', 'quick-links'] });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/ppn/parent/dashboard-layout',
      headers: auth(),
      payload: { layout_data: layout },
    });
    expect(saved.json()).toEqual({ success: true, messageId: 'S200' });
    const profile = ZProfile.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/ppn/parent/profile', headers: auth() })).json(),
    );
    expect(profile.dashboardLayout).toEqual([{ layout_data: layout }]);
  });

  it('refuses a layout that is not JSON, or too long, with 400 V001', async () => {
    for (const layout_data of ['{not json', JSON.stringify({ big: 'x'.repeat(20_000) })]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/ppn/parent/dashboard-layout',
        headers: auth(),
        payload: { layout_data },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().messageId).toBe('V001');
    }
  });

  it("sets a child's photo, served at the address the child record now carries", async () => {
    const response = await uploadPhoto('MG1002', multipartBody(PNG, 'layla.png', 'image/png'));
    expect(response.statusCode).toBe(200);
    const child = ZChild.parse(response.json());
    expect(child.sims_student_enroll_number).toBe('MG1002');
    expect(child.sims_student_img).toMatch(/^\/media\/photos\/mogra\/[0-9a-f-]{36}$/);
    const photo = await t.app.inject({ method: 'GET', url: child.sims_student_img });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    expect(await sharp(photo.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 40, height: 30 });
    const profile = ZProfile.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/ppn/parent/profile', headers: auth() })).json(),
    );
    expect(profile.children.find((c) => c.sims_student_enroll_number === 'MG1002')?.sims_student_img).toBe(
      child.sims_student_img,
    );
  });

  it("refuses another family's child with 404, and another school's", async () => {
    expect((await uploadPhoto('MG2001', multipartBody(PNG, 'x.png', 'image/png'))).statusCode).toBe(404);
    expect((await uploadPhoto('BC3101', multipartBody(PNG, 'x.png', 'image/png'))).statusCode).toBe(404);
  });

  it('refuses what is not an image by its content, whatever its name says, with 415 V004', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const response = await uploadPhoto('MG1001', multipartBody(svg, 'photo.png', 'image/png'));
    expect(response.statusCode).toBe(415);
    expect(response.json().messageId).toBe('V004');
  });

  it('refuses a photo over 10 MB with 413 V003, keeping the earlier photo', async () => {
    const huge = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024, 1)]);
    const response = await uploadPhoto('MG1002', multipartBody(huge, 'big.png', 'image/png'));
    expect(response.statusCode).toBe(413);
    expect(response.json().messageId).toBe('V003');
    const profile = ZProfile.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/ppn/parent/profile', headers: auth() })).json(),
    );
    expect(profile.children.find((c) => c.sims_student_enroll_number === 'MG1002')?.sims_student_img).toMatch(
      /^\/media\/photos\//,
    );
  });

  it('refuses a body that is not multipart with 415, and no session with 401', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ppn/parent/children/MG1001/photo',
      headers: auth(),
      payload: { photo: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(
      (await uploadPhoto('MG1001', multipartBody(PNG, 'a.png', 'image/png'), 'A'.repeat(43))).statusCode,
    ).toBe(401);
  });

  it('answers 404 for a photo that does not exist', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/media/photos/mogra/00000000-0000-4000-8000-000000000000',
    });
    expect(response.statusCode).toBe(404);
  });
});
