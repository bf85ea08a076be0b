import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, UPLOAD_LIMIT_BYTES } from '@portal/contracts/constants';
import { buildTestApp, signIn, type TTestApp } from './helper.ts';
import { documentedRoutes, type TApiRoute } from './abuse/api-routes.ts';
import { expectRefused, expectSafeAnswer } from './abuse/answers.ts';
import { exampleRequest, lengthProbes, type TRequest, type TSender } from './abuse/example-requests.ts';
import { multipart, pngOfSize } from './abuse/multipart.ts';
import { unboundedParts } from './abuse/schema-limits.ts';

// OWASP API Security Top 10 (API4 unrestricted resource consumption), on every documented
// route: bodies past 64 KiB, photos past 10 MB, strings one past their limit, JSON nested
// tens of thousands deep, too many query parameters, and addresses and headers too long for
// the HTTP parser. Each is refused with its status and a message id, never a 5xx.
describe('resource limits on every route (API4)', () => {
  let t: TTestApp;
  let routes: TApiRoute[];
  let sender: TSender;
  beforeAll(async () => {
    t = await buildTestApp();
    routes = documentedRoutes(t.app);
    sender = { schoolId: 'mogra', token: await signIn(t.app, 'mogra', 'parent@mogra.demo') };
  });
  afterAll(() => t.close());

  const send = (request: TRequest) =>
    t.app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: request.headers,
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });

  /** The request with this text as its JSON body. */
  const withJson = (request: TRequest, payload: string): TRequest => ({
    ...request,
    headers: { ...request.headers, 'content-type': 'application/json' },
    payload,
  });

  const bodyRoutes = () => routes.filter((route) => route.method !== 'GET');

  const expectMessage = (
    answer: Awaited<ReturnType<typeof send>>,
    status: number,
    messageId: string,
    where: string,
  ) => {
    expectRefused(answer, [status], [], where);
    expect(answer.json().messageId, where).toBe(messageId);
  };

  it('declares a length for every string and a size for every list the API takes', () => {
    const unbounded = routes.flatMap((route) => [
      ...[...route.pathParams, ...route.queryParams].flatMap((parameter) =>
        unboundedParts(parameter.schema, `${route.method} ${route.url} ${parameter.name}`),
      ),
      ...(route.bodySchema ? unboundedParts(route.bodySchema, `${route.method} ${route.url} body`) : []),
    ]);
    expect(unbounded).toEqual([]);
  });

  it('refuses a JSON body past 64 KiB on every route that takes a body (413 V003)', async () => {
    expect(bodyRoutes().length).toBeGreaterThanOrEqual(15);
    const payload = JSON.stringify({ text: 'a'.repeat(LIMITS.jsonBodyBytes * 4) });
    for (const route of bodyRoutes()) {
      const answer = await send(withJson(exampleRequest(route, sender), payload));
      expectMessage(answer, 413, 'V003', `${route.method} ${route.url}`);
    }
  });

  it('refuses each string one character past its limit (400 V001), and takes it at the limit', async () => {
    let checked = 0;
    for (const route of routes) {
      for (const probe of lengthProbes(route, sender)) {
        const where = `${route.method} ${route.url} ${probe.label}`;
        const atLimit = await send(probe.request(probe.maxLength));
        expect(
          atLimit.statusCode,
          `${where} at ${probe.maxLength}: ${atLimit.body.slice(0, 200)}`,
        ).toBeLessThan(500);
        // An opaque token of the right length that this API did not give is refused for what it is.
        const refusedAtLimit = atLimit.statusCode === 400 && atLimit.json().messageId === 'V001';
        if (!probe.opaque)
          expect(refusedAtLimit, `${where} at ${probe.maxLength}: ${atLimit.body.slice(0, 200)}`).toBe(false);
        const past = await send(probe.request(probe.maxLength + 1));
        // A path parameter past the router's 100 characters is a 414 before any schema runs.
        if (past.statusCode === 414) expectMessage(past, 414, 'V003', where);
        else expectMessage(past, 400, 'V001', where);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(15);
  });

  it('refuses JSON nested tens of thousands deep with a 4xx, never a stack overflow', async () => {
    // Another parent, a new session for each route: a route that reads no body (sign-out) does its work.
    const depth = Math.floor(LIMITS.jsonBodyBytes / 2) - 10;
    const arrays = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const objects = `${'{"a":'.repeat(depth / 3)}1${'}'.repeat(depth / 3)}`;
    const inField = `{"username":${'['.repeat(depth - 20)}${']'.repeat(depth - 20)},"password":"x"}`;
    const beyond = '['.repeat(LIMITS.jsonBodyBytes * 2);
    for (const route of bodyRoutes()) {
      const other = { schoolId: 'mogra', token: await signIn(t.app, 'mogra', 'family.haddad@mogra.demo') };
      for (const [label, payload] of Object.entries({ arrays, objects, inField, beyond })) {
        const request = withJson(exampleRequest(route, other), payload);
        const answer = await send(request);
        expectSafeAnswer(request, answer);
        // A route that reads no JSON may take the body and leave it; one that reads JSON refuses it.
        const where = `${route.method} ${route.url} ${label}: ${answer.body.slice(0, 200)}`;
        if (route.bodySchema || label === 'beyond')
          expect(answer.statusCode, where).toBeGreaterThanOrEqual(400);
      }
    }
  });

  it('refuses too many query parameters on every route (400 V001)', async () => {
    const extra = Array.from({ length: 500 }, (_, index) => `p${index}=${index}`).join('&');
    for (const route of routes) {
      const request = exampleRequest(route, sender);
      const url = `${request.url}${request.url.includes('?') ? '&' : '?'}${extra}`;
      const answer = await send({ ...request, url });
      expectMessage(answer, 400, 'V001', `${route.method} ${route.url}`);
    }
  });

  describe("a child's photo (10 MB)", () => {
    const upload = (body: { payload: Buffer; contentType: string }, token: string | null = sender.token) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/ppn/parent/children/MG1003/photo',
        headers: {
          'client-id': 'mogra',
          'content-type': body.contentType,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        payload: body.payload,
      });
    const photo = (size: number) => ({
      name: 'photo',
      filename: 'photo.png',
      type: 'image/png',
      content: pngOfSize(size),
    });

    it('refuses a photo one byte past 10 MB (413 V003)', async () => {
      expectMessage(await upload(multipart([photo(UPLOAD_LIMIT_BYTES + 1)])), 413, 'V003', 'photo');
    });

    it('refuses a large upload without a session before reading it (401 L004)', async () => {
      expectMessage(await upload(multipart([photo(UPLOAD_LIMIT_BYTES + 1)]), null), 401, 'L004', 'photo');
    });

    it('refuses a second file, fields, and a body cut short, reading the whole body (400)', async () => {
      const cases: [string, ReturnType<typeof multipart>, string][] = [
        ['two files', multipart([photo(100), photo(100)]), 'V001'],
        ['a second file past 10 MB', multipart([photo(100), photo(UPLOAD_LIMIT_BYTES + 1)]), 'V001'],
        [
          'a field before the file',
          multipart([{ name: 'note', content: 'x'.repeat(1000) }, photo(100)]),
          'V001',
        ],
        ['a field after the file', multipart([photo(100), { name: 'note', content: 'x' }]), 'V001'],
        ['a field alone', multipart([{ name: 'photo', content: 'not a file' }]), 'V001'],
        ['no parts', multipart([]), 'V001'],
        ['no final boundary', multipart([photo(100)], { closed: false }), 'V002'],
      ];
      for (const [label, body, messageId] of cases) expectMessage(await upload(body), 400, messageId, label);
    });
  });

  describe('over HTTP, past what the parser reads', () => {
    let port: number;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as AddressInfo).port;
    });

    /** Writes raw bytes to the server and reads the whole answer. */
    const raw = (text: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1');
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString()));
        socket.on('error', reject);
        socket.on('close', () => {
          const [head = '', body = ''] = answer.split('\r\n\r\n');
          resolve({ status: Number(head.split(' ')[1]), body });
        });
        socket.end(text);
      });

    const expectRawError = (answer: { status: number; body: string }, status: number, messageId: string) => {
      expect(answer.status, answer.body).toBe(status);
      expect(JSON.parse(answer.body)).toMatchObject({ success: false, messageId });
    };

    it('answers an address past 16 KiB with 431 V003', async () => {
      const url = `/api/v1/ppn/fees/fee-details?enrollNumber=MG1001&${'a=1&'.repeat(5000)}`;
      expectRawError(
        await raw(`GET ${url} HTTP/1.1\r\nHost: mogra.localhost\r\nclient-id: mogra\r\n\r\n`),
        431,
        'V003',
      );
    });

    it('answers a header past 16 KiB with 431 V003', async () => {
      const request = `GET /api/health HTTP/1.1\r\nHost: x\r\nx-padding: ${'a'.repeat(20_000)}\r\n\r\n`;
      expectRawError(await raw(request), 431, 'V003');
    });

    it('answers a request line that is not HTTP with 400 V002', async () => {
      expectRawError(await raw('GET /api/health NOT-HTTP\r\n\r\n'), 400, 'V002');
    });
  });
});
