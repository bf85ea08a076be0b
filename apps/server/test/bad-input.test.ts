import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZApiError } from '@portal/contracts/api-result';
import { DEMO_PASSWORD, buildTestApp, signIn, type TTestApp } from './helper.ts';

describe('bad input gets a 4xx with a message id, never a 500 (API4)', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const post = (payload: string, contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/ppn/auth/login',
      headers: { 'client-id': 'mogra', 'content-type': contentType },
      payload,
    });

  const expectError = (
    response: { statusCode: number; json: () => unknown },
    status: number,
    messageId: string,
  ) => {
    expect(response.statusCode).toBe(status);
    expect(ZApiError.parse(response.json()).messageId).toBe(messageId);
  };

  it('refuses malformed JSON with 400 V002', async () => {
    expectError(await post('{"username": "parent@mogra.demo",'), 400, 'V002');
    expectError(await post('not json at all'), 400, 'V002');
  });

  it('refuses an empty JSON body with 400 V002', async () => {
    expectError(await post(''), 400, 'V002');
  });

  it('refuses missing fields with 400 V001', async () => {
    expectError(await post(JSON.stringify({ username: 'parent@mogra.demo' })), 400, 'V001');
    expectError(await post(JSON.stringify({})), 400, 'V001');
  });

  it('refuses wrong-typed fields with 400 V001', async () => {
    expectError(await post(JSON.stringify({ username: 42, password: DEMO_PASSWORD })), 400, 'V001');
    expectError(await post(JSON.stringify({ username: ['a'], password: { x: 1 } })), 400, 'V001');
    expectError(await post(JSON.stringify(['parent@mogra.demo', DEMO_PASSWORD])), 400, 'V001');
    expectError(await post('null'), 400, 'V001');
  });

  it('refuses strings longer than the limits with 400 V001', async () => {
    expectError(await post(JSON.stringify({ username: 'a'.repeat(300), password: 'x' })), 400, 'V001');
    expectError(await post(JSON.stringify({ username: 'a', password: 'x'.repeat(129) })), 400, 'V001');
  });

  it('refuses an oversized body with 413 V003', async () => {
    const huge = JSON.stringify({ username: 'parent@mogra.demo', password: 'x'.repeat(200_000) });
    expectError(await post(huge), 413, 'V003');
  });

  it('refuses a body that is not JSON with 415 V004', async () => {
    expectError(await post('username=a&password=b', 'application/x-www-form-urlencoded'), 415, 'V004');
  });

  it('refuses a NUL character in the query, a path parameter or the body with 400 V001', async () => {
    const token = await signIn(t.app, 'mogra', 'parent@mogra.demo');
    const signedIn = (url: string) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: { 'client-id': 'mogra', authorization: `Bearer ${token}` },
      });
    expectError(await signedIn('/api/v1/ppn/fees/fee-details?enrollNumber=%00'), 400, 'V001');
    expectError(await signedIn('/api/v1/ppn/fees/fee-details?enrollNumber=MG1001%00'), 400, 'V001');
    expectError(await signedIn('/api/v1/ppn/fees/invoices/INV%00/pdf'), 400, 'V001');
    expectError(
      await post(JSON.stringify({ username: 'parent@mogra.demo\u0000', password: DEMO_PASSWORD })),
      400,
      'V001',
    );
    expectError(
      await post(JSON.stringify({ username: 'parent@mogra.demo', password: 'x', ['a\u0000']: 1 })),
      400,
      'V001',
    );
    // The same requests without the NUL are answered.
    expect((await signedIn('/api/v1/ppn/fees/fee-details?enrollNumber=MG1001')).statusCode).toBe(200);
  });

  it('answers an unknown API route with 404 N404', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/nothing/here',
      headers: { 'client-id': 'mogra' },
    });
    expectError(response, 404, 'N404');
    const wrongMethod = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/ppn/auth/login',
      headers: { 'client-id': 'mogra' },
    });
    expectError(wrongMethod, 404, 'N404');
  });

  it('keeps the stored accounts after every bad request', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ppn/auth/login',
      headers: { 'client-id': 'mogra' },
      payload: { username: 'parent@mogra.demo', password: DEMO_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
  });
});
