import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { missingTranslations, oneTimeCodes } from '../src/db/schema/index.ts';
import { issueCode } from '../src/modules/auth/one-time-codes.ts';
import { hashPassword } from '../src/modules/auth/password.ts';
import {
  DEMO_PASSWORD,
  addParent,
  buildTestApp,
  createTempDir,
  postAuth,
  signIn,
  type TTestApp,
} from './helper.ts';
import { documentedRoutes } from './abuse/api-routes.ts';
import { exampleRequest, type TRequest } from './abuse/example-requests.ts';
import { subjectOfMail, textOfMail } from './mail-reader.ts';
import { startSmtpListener, type TSmtpListener } from './smtp-listener.ts';

// OWASP API Security Top 10 (API4 unrestricted resource consumption, API8 security
// misconfiguration): slow clients, unthrottled writes, other spellings of /api, client aborts,
// caching of personal answers, the Authorization scheme, and registering over an active account.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const portOf = (t: TTestApp) => (t.app.server.address() as AddressInfo).port;

const inject = (t: TTestApp, request: TRequest) =>
  t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: request.headers,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });

/**
 * Sends `head` on a new connection, then one more byte every `everyMs` until the server closes
 * it. Resolves with how long that took and what the server said, or null after `giveUpMs`.
 */
function trickle(port: number, head: string, next: string, everyMs: number, giveUpMs: number) {
  const socket = net.connect(port, '127.0.0.1');
  const started = Date.now();
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk.toString()));
  socket.on('error', () => undefined);
  socket.write(head);
  const timer = setInterval(() => socket.writable && socket.write(next), everyMs);
  const closed = new Promise<{ ms: number; answer: string }>((resolve) =>
    socket.on('close', () => resolve({ ms: Date.now() - started, answer })),
  );
  return Promise.race([closed, sleep(giveUpMs).then(() => null)]).finally(() => {
    clearInterval(timer);
    socket.destroy();
  });
}

const TIMEOUT_MS = 1_000;
// Node checks its time-outs once a second: the close comes within the time-out and one check.
const CLOSED_WITHIN_MS = TIMEOUT_MS + 1_000 + 700;
const slowBody = `POST /api/v1/ppn/auth/login HTTP/1.1\r\nHost: mogra.localhost\r\nclient-id: mogra\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{`;
const slowHeaders = 'GET /api/health HTTP/1.1\r\nHost: mogra.localhost\r\n';

const expectClosedInTime = (result: { ms: number; answer: string } | null) => {
  expect(result, 'the connection is still open').not.toBeNull();
  expect(result?.ms).toBeLessThan(CLOSED_WITHIN_MS);
  // Closed with 408 and the API's error shape, or closed outright.
  if (result?.answer) {
    expect(result.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(result.answer).toContain('"success":false');
  }
};

describe('slow clients: request, headers and keep-alive time-outs', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      env: {
        REQUEST_TIMEOUT_MS: String(TIMEOUT_MS),
        HEADERS_TIMEOUT_MS: String(TIMEOUT_MS),
        KEEP_ALIVE_TIMEOUT_MS: '5000',
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('closes a connection whose body trickles in past the request time-out (408)', async () => {
    expectClosedInTime(await trickle(portOf(t), slowBody, ' ', 100, 6_000));
  });

  it('closes a connection whose headers trickle in past the headers time-out (408)', async () => {
    expectClosedInTime(await trickle(portOf(t), slowHeaders, 'x-slow: 1\r\n', 100, 6_000));
  });

  it('leaves normal requests alone, and keeps an idle connection for the keep-alive time', async () => {
    const socket = net.connect(portOf(t), '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    const request = 'GET /api/health HTTP/1.1\r\nHost: mogra.localhost\r\n\r\n';
    socket.write(request);
    await sleep(TIMEOUT_MS + 1_200);
    // Idle longer than the request time-out, the connection still takes the next request.
    expect(socket.destroyed).toBe(false);
    socket.write(request);
    await sleep(300);
    socket.destroy();
    expect(answer.match(/HTTP\/1\.1 \d+ [\w ]+\r\n/g)).toEqual([
      'HTTP/1.1 200 OK\r\n',
      'HTTP/1.1 200 OK\r\n',
    ]);
    expect(answer).toContain('Keep-Alive: timeout=5');
  });

  it('closes the connection of a request refused before its body arrived, not reading the rest', async () => {
    // 10 MB announced, a few bytes sent, no session: refused (401) before the body is read.
    const refusedUpload =
      'POST /api/v1/ppn/parent/children/X1/photo HTTP/1.1\r\nHost: mogra.localhost\r\nclient-id: mogra\r\n' +
      'content-type: image/png\r\ncontent-length: 10000000\r\n\r\n\x89PNG';
    const result = await trickle(portOf(t), refusedUpload, 'x'.repeat(1000), 50, 3_000);
    expect(result, 'the connection is still open, reading a body that will not be used').not.toBeNull();
    expect(result?.ms).toBeLessThan(TIMEOUT_MS);
    expect(result?.answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(result?.answer).toMatch(/\r\nConnection: close\r\n/i);
  });
});

describe('slow clients and the shutdown', () => {
  it('does not let a trickling client hold up closing the server', async () => {
    const t = await buildTestApp({
      env: { REQUEST_TIMEOUT_MS: String(TIMEOUT_MS), HEADERS_TIMEOUT_MS: String(TIMEOUT_MS) },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const slow = trickle(portOf(t), slowBody, ' ', 100, 8_000);
    await sleep(100);
    const started = Date.now();
    const closed = await Promise.race([t.app.close().then(() => true), sleep(6_000).then(() => false)]);
    expect(closed, 'the server is still closing').toBe(true);
    expect(Date.now() - started).toBeLessThan(CLOSED_WITHIN_MS);
    await slow;
    await t.close();
  });
});

describe('document numbers (/fees/doc-no) per parent', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { DOC_NO_RATE_LIMIT_PER_PARENT: '3' } });
  });
  afterAll(() => t.close());

  const take = (token: string, enrollNumber: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/ppn/fees/doc-no',
      headers: { 'client-id': 'mogra', authorization: `Bearer ${token}` },
      payload: { data: { enrollNumber } },
    });

  it('answers 429 L006 with Retry-After past the limit, for that parent only', async () => {
    const token = await signIn(t.app, 'mogra', 'parent@mogra.demo');
    // Another session of the same parent shares the count.
    const again = await signIn(t.app, 'mogra', 'parent@mogra.demo');
    for (const session of [token, again, token]) expect((await take(session, 'MG1001')).statusCode).toBe(200);
    const refused = await take(again, 'MG1002');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, messageId: 'L006' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const other = await signIn(t.app, 'mogra', 'family.haddad@mogra.demo');
    expect((await take(other, 'MG2001')).statusCode).toBe(200);
  });
});

describe('missing translation keys (/locales/add)', () => {
  let t: TTestApp;
  const dist = createTempDir('portal-dist-');
  const committed = '{"hello":"Hello"}';
  beforeAll(async () => {
    fs.mkdirSync(path.join(dist.dir, 'locales', 'en'), { recursive: true });
    fs.writeFileSync(path.join(dist.dir, 'index.html'), '<!doctype html><title>portal</title>');
    fs.writeFileSync(path.join(dist.dir, 'locales', 'en', 'common.json'), committed);
    t = await buildTestApp({
      webDistDir: dist.dir,
      env: {
        MISSING_TRANSLATIONS_MAX_KEYS: '12',
        MISSING_TRANSLATIONS_MAX_KEYS_PER_NAMESPACE: '8',
        MISSING_TRANSLATIONS_RATE_LIMIT_PER_IP: '6',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    dist.remove();
  });

  const report = (url: string, keys: Record<string, string>, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url, payload: keys, remoteAddress: ip });
  const keysOf = (prefix: string, count: number) =>
    Object.fromEntries(Array.from({ length: count }, (_, i) => [`${prefix}.${i}`, 'text']));
  const stored = async () => (await t.database.db.select().from(missingTranslations)).length;

  it('records keys up to a number per namespace and in all, then refuses new ones (409 V020)', async () => {
    expect((await report('/locales/add/en/common', keysOf('a', 8), '10.0.0.2')).statusCode).toBe(201);
    const pastNamespace = await report('/locales/add/en/common', keysOf('b', 1), '10.0.0.2');
    expect(pastNamespace.statusCode).toBe(409);
    expect(pastNamespace.json()).toMatchObject({ success: false, messageId: 'V020' });
    // A key already recorded is still counted.
    expect((await report('/locales/add/en/common', keysOf('a', 2), '10.0.0.2')).statusCode).toBe(201);
    expect((await report('/locales/add/ar/common', keysOf('c', 4), '10.0.0.2')).statusCode).toBe(201);
    const pastAll = await report('/locales/add/en/fees', keysOf('d', 1), '10.0.0.2');
    expect(pastAll.statusCode).toBe(409);
    expect(pastAll.json().messageId).toBe('V020');
    expect(await stored()).toBe(12);
  });

  it('limits reports per IP (429 L006 with Retry-After)', async () => {
    for (let i = 0; i < 6; i++) await report('/locales/add/en/common', keysOf('a', 1), '10.0.0.3');
    const refused = await report('/locales/add/en/common', keysOf('a', 1), '10.0.0.3');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().messageId).toBe('L006');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await report('/locales/add/en/common', keysOf('a', 1), '10.0.0.4')).statusCode).toBe(201);
  });

  it('never serves a reported key: the locale files are the committed ones', async () => {
    await t.database.db.delete(missingTranslations);
    const marker = 'LEAKED-MARKER-7f3a';
    expect(
      (await report('/locales/add/en/common', { hello: marker, [marker]: marker }, '10.0.0.5')).statusCode,
    ).toBe(201);
    const file = await t.app.inject({ method: 'GET', url: '/locales/en/common.json' });
    expect(file.body).toBe(committed);
    const sender = { schoolId: 'mogra', token: await signIn(t.app, 'mogra', 'parent@mogra.demo') };
    for (const route of documentedRoutes(t.app)) {
      if (route.url.includes('sign-out')) continue;
      const answer = await inject(t, exampleRequest(route, sender));
      expect(answer.body, `${route.method} ${route.url}`).not.toContain(marker);
    }
  });
});

describe('missing translation keys in production', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp({ isProduction: true });
  });
  afterAll(() => t.close());

  it('are refused before the body is read (404 N404), whatever is sent', async () => {
    for (const payload of [{ a: 'b' }, {}, 'not json']) {
      const answer = await t.app.inject({ method: 'POST', url: '/locales/add/en/common', payload });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ success: false, messageId: 'N404' });
    }
    expect(await t.database.db.select().from(missingTranslations)).toEqual([]);
  });
});

// What an answer must never show: a stack trace, a source path.
const STACK_TRACE = /\n\s+at |node_modules|\.ts:\d+|Error: /;

describe('other spellings of /api (percent-encoded, upper case, doubled slashes, dot segments)', () => {
  let t: TTestApp;
  const dist = createTempDir('portal-dist-');
  beforeAll(async () => {
    fs.writeFileSync(path.join(dist.dir, 'index.html'), '<!doctype html><title>portal</title>');
    t = await buildTestApp({ webDistDir: dist.dir });
  });
  afterAll(async () => {
    await t.close();
    dist.remove();
  });

  const spellings = [
    '/%61pi/',
    '/%61%70%69/',
    '/API/',
    '/Api/',
    '//api/',
    '/./api/',
    '/api/%2e%2e/api/',
    '/x/../api/',
    '/x/%2e%2e/api/',
    '/%2561pi/',
    '/api%2f',
  ];
  const routes = ['v1/oa/public/info', 'v1/ppn/parent/profile', 'v1/ppn/auth/login', 'no-such-route'];

  it('checks the school on a percent-encoded /api as on /api (never a 5xx)', async () => {
    const info = await t.app.inject({ method: 'GET', url: '/%61pi/v1/oa/public/info' });
    expect(info.statusCode, info.body).toBe(400);
    const known = await t.app.inject({
      method: 'GET',
      url: '/%61pi/v1/oa/public/info',
      headers: { 'client-id': 'mogra' },
    });
    expect(known.statusCode, known.body).toBe(200);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/%61pi/v1/oa/public/info',
      headers: { 'client-id': 'nosuchschool' },
    });
    expect(unknown.statusCode).toBe(404);
    const login = await t.app.inject({
      method: 'POST',
      url: '/%61pi/v1/ppn/auth/login',
      headers: { 'client-id': 'mogra' },
      payload: { username: 'parent@mogra.demo', password: DEMO_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
  });

  it('answers every spelling with the API (JSON, never the web app, never a 5xx, no stack trace)', async () => {
    for (const prefix of spellings) {
      for (const route of routes) {
        for (const method of ['GET', 'POST', 'HEAD'] as const) {
          for (const headers of [{}, { 'client-id': 'mogra' }]) {
            const url = `${prefix}${route}`;
            const answer = await t.app.inject({ method, url, headers });
            const where = `${method} ${url} ${JSON.stringify(headers)} -> ${answer.statusCode}`;
            expect(answer.statusCode, `${where} ${answer.body.slice(0, 300)}`).toBeLessThan(500);
            expect(String(answer.headers['content-type']), where).toContain('application/json');
            expect(answer.body, where).not.toMatch(STACK_TRACE);
            expect(answer.headers['cache-control'], where).toBe('no-store');
          }
        }
      }
    }
  });

  it('still serves the web app for pages, and the API for /api', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/dashboard/apiary' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/oa/public/info' });
    expect(api.statusCode).toBe(400);
  });
});

describe('a client that hangs up mid-request', () => {
  let t: TTestApp;
  const lines: { level: number; msg: string; reqId?: string }[] = [];
  beforeAll(async () => {
    t = await buildTestApp({
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line: string) => void lines.push(JSON.parse(line)) },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('is logged as a client abort at info level, not as the database being unavailable', async () => {
    const socket = net.connect(portOf(t), '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.on('connect', resolve));
    socket.write(
      'POST /api/v1/ppn/auth/login HTTP/1.1\r\nHost: mogra.localhost\r\nclient-id: mogra\r\n' +
        'content-type: application/json\r\ncontent-length: 1000\r\n\r\n{"username":"parent@mo',
    );
    await sleep(200);
    socket.destroy();
    const deadline = Date.now() + 3_000;
    while (!lines.some((line) => line.msg === 'client aborted the request') && Date.now() < deadline) {
      await sleep(25);
    }
    const abort = lines.find((line) => line.msg === 'client aborted the request');
    expect(abort?.level, JSON.stringify(lines.slice(-5))).toBe(30);
    expect(lines.filter((line) => line.msg === 'database unavailable')).toEqual([]);
    expect(lines.filter((line) => line.reqId && line.level >= 40)).toEqual([]);
  });
});

describe('Cache-Control on API answers (no-store)', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('sends no-store on the sign-in answer, which carries the token', async () => {
    const answer = await postAuth(t.app, 'mogra', 'login', {
      username: 'parent@mogra.demo',
      password: DEMO_PASSWORD,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('sends no-store on every documented /api route, answered or refused; a policy on every other', async () => {
    const routes = documentedRoutes(t.app);
    expect(routes.length).toBeGreaterThanOrEqual(30);
    for (const route of routes) {
      // A new session for each: a route may sign it out.
      const sender = { schoolId: 'mogra', token: await signIn(t.app, 'mogra', 'parent@mogra.demo') };
      for (const request of [
        exampleRequest(route, sender),
        { ...exampleRequest(route, sender), headers: { 'client-id': 'mogra' } },
      ]) {
        const answer = await inject(t, request);
        const where = `${route.method} ${route.url} -> ${answer.statusCode}`;
        const policy = String(answer.headers['cache-control']);
        if (route.url.startsWith('/api/')) expect(policy, where).toBe('no-store');
        else expect(policy, where).not.toBe('undefined');
      }
    }
  }, 180_000); // a sign-in (Argon2id) for each of the routes, which grow with every module
});

describe('the Authorization scheme is case-insensitive (RFC 9110)', () => {
  let t: TTestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp();
    token = await signIn(t.app, 'mogra', 'parent@mogra.demo');
  });
  afterAll(() => t.close());

  const profile = (authorization: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v1/ppn/parent/profile',
      headers: { 'client-id': 'mogra', authorization },
    });

  it('takes the bearer token in any case of the scheme and with extra spaces', async () => {
    for (const scheme of ['Bearer ', 'bearer ', 'BEARER ', 'bEaReR ', 'Bearer   ', 'bearer  ']) {
      for (const after of ['', '  ']) {
        const answer = await profile(`${scheme}${token}${after}`);
        expect(answer.statusCode, JSON.stringify(`${scheme}…${after}`)).toBe(200);
      }
    }
  });

  it('still refuses another scheme, no space, or a token that is not one', async () => {
    for (const authorization of [
      `Basic ${token}`,
      `Bearer${token}`,
      `Bearer ${token} extra`,
      `Bearer\t${token}`,
      `Bearerx ${token}`,
      `Bearer ${token.slice(0, -1)}`,
    ]) {
      const answer = await profile(authorization);
      expect(answer.statusCode, authorization.slice(0, 12)).toBe(401);
      expect(answer.json().messageId).toBe('L004');
    }
  });
});

describe('registering an account that already has a password', () => {
  let t: TTestApp;
  let smtp: TSmtpListener;
  beforeAll(async () => {
    smtp = await startSmtpListener();
    t = await buildTestApp({
      env: { SMTP_URL: smtp.url, PUBLIC_BASE_URL: 'https://{schoolId}.portal.example' },
    });
    await addParent(t.database, 'mogra', {
      parentId: 'MG-NEW',
      username: 'new.parent@mogra.demo',
      enrollNumber: 'MG9001',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const register = (username: string, enrollNumber: string, language = 'en') =>
    postAuth(
      t.app,
      'mogra',
      'register',
      { username, enrollNumber, password: 'a garden full of lemons' },
      { 'accept-language': language },
    );
  const comparable = (answer: Awaited<ReturnType<typeof register>>) => ({
    status: answer.statusCode,
    body: answer.body,
    headers: Object.fromEntries(Object.entries(answer.headers).filter(([name]) => name !== 'date')),
  });

  it('answers byte for byte the same for an active, a new and an unknown account', async () => {
    const active = comparable(await register('family.haddad@mogra.demo', 'MG2001'));
    const pending = comparable(await register('new.parent@mogra.demo', 'MG9001'));
    const unknown = comparable(await register('nobody@mogra.demo', 'MG1001'));
    expect(active).toEqual(unknown);
    expect(pending).toEqual(unknown);
    // The new account gets its code; the active one is told it exists (below).
    expect(subjectOfMail(await smtp.waitForMessage('new.parent@mogra.demo'))).toContain('Confirm');
  });

  it('mails an active account that it exists, with the sign-in and forgot-password links, in Arabic', async () => {
    const answer = await register('parent@mogra.demo', 'MG1002', 'ar-AE,ar;q=0.9');
    expect(answer.json()).toEqual({ success: true, messageId: 'L007' });
    const raw = await smtp.waitForMessage('parent@mogra.demo');
    const text = textOfMail(raw);
    expect(subjectOfMail(raw)).toContain('لديك حساب');
    expect(subjectOfMail(raw)).toContain('مدرسة موغرا التجريبية');
    expect(text).toContain('https://mogra.portal.example/sign-in');
    expect(text).toContain('https://mogra.portal.example/forgot-password');
    expect(text, 'a code in the message').not.toMatch(/(^|\s)\d{6}(\s|$)/m);
    const codes = await t.database.db
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.schoolId, 'mogra'), eq(oneTimeCodes.parentId, 'MG-P001')));
    expect(codes).toEqual([]);
    // The password is the one it was.
    expect(
      (await postAuth(t.app, 'mogra', 'login', { username: 'parent@mogra.demo', password: DEMO_PASSWORD }))
        .statusCode,
    ).toBe(200);
  });

  it('mails it in English with the English school name', async () => {
    const raw = await smtp.waitForMessage('family.haddad@mogra.demo');
    expect(subjectOfMail(raw)).toBe('You already have a Mogra Demo School parent portal account');
    expect(textOfMail(raw)).toContain('https://mogra.portal.example/forgot-password');
  });

  it('does not let a registration code change the password of an account that has one', async () => {
    const code = await issueCode(
      t.database.db,
      'mogra',
      'MG-P001',
      'register',
      await hashPassword('a garden full of lemons'),
    );
    const answer = await postAuth(t.app, 'mogra', 'verify-otp', { username: 'parent@mogra.demo', otp: code });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().messageId).toBe('L008');
    const login = await postAuth(t.app, 'mogra', 'login', {
      username: 'parent@mogra.demo',
      password: DEMO_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
  });
});
