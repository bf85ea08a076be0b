import { PerformanceObserver } from 'node:perf_hooks';
import http from 'node:http';
import os from 'node:os';
import { crc32 } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZChild } from '@portal/contracts/auth';
import { buildTestApp, signIn, type TTestApp } from './helper.ts';
import { multipart } from './abuse/multipart.ts';
import { studentPhotos, students } from '../src/db/schema/index.ts';
import { noisyPhoto } from './abuse/noisy-photo.ts';

// OWASP API Security Top 10 (API4 unrestricted resource consumption) for a child's photo: a
// 10 MB image is decoded and re-encoded off the event loop, only a bounded rendition is
// stored (one per child), uploads are limited per parent, and what is not an image, or
// decodes to too many pixels, is refused with nothing stored changed.

const RENDITION_MAX_BYTES = 200 * 1024;
const RENDITION_MAX_SIDE = 512;

/** A small real image. */
const smallPhoto = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#7c3aed' } })
    .png()
    .toBuffer();

/** A valid PNG whose header claims `side` x `side` pixels: a decompression bomb as the decoder sees it. */
async function pixelBomb(side: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
    .png()
    .toBuffer();
  // IHDR: length (4) at 8, type (4) at 12, width at 16, height at 20, CRC over type and data at 29.
  png.writeUInt32BE(side, 16);
  png.writeUInt32BE(side, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/**
 * POSTs the body in one write through node:http, as a browser sends a file: the client's own
 * work stays off this process's event loop, which the server shares.
 */
function post(url: string, { headers, body }: { headers: Record<string, string>; body: Buffer }) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(url, { method: 'POST', headers }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

const asFile = (content: Buffer, filename = 'photo.png', type = 'image/png') =>
  multipart([{ name: 'photo', filename, type, content }]);

type TUploader = (enrollNumber: string, content: Buffer) => Promise<LightMyRequestResponse>;

function uploader(t: TTestApp, token: string): TUploader {
  return (enrollNumber, content) => {
    const body = asFile(content);
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/ppn/parent/children/${enrollNumber}/photo`,
      headers: { 'client-id': 'mogra', authorization: `Bearer ${token}`, 'content-type': body.contentType },
      payload: body.payload,
    });
  };
}

/** What is stored for a child: how many photos, their bytes, and the addresses the child carries. */
async function storedFor(t: TTestApp, enrollNumber: string) {
  const [photos] = await t.database.db
    .select({ photos: sql<number>`count(*)::int`, bytes: sql<number | null>`sum(octet_length(bytes))::int` })
    .from(studentPhotos)
    .where(and(eq(studentPhotos.schoolId, 'mogra'), eq(studentPhotos.enrollNumber, enrollNumber)));
  const [student] = await t.database.db
    .select({ imageUrl: students.imageUrl, imageLowresUrl: students.imageLowresUrl })
    .from(students)
    .where(and(eq(students.schoolId, 'mogra'), eq(students.enrollNumber, enrollNumber)));
  return { ...photos, ...student };
}

/** The on-disk size of the photo table with its TOAST data and indexes. */
async function photoTableBytes(t: TTestApp): Promise<number> {
  const [table] = await t.database.db
    .select({ size: sql<string>`pg_total_relation_size('student_photos')::text` })
    .from(sql`(select 1) as one`);
  return Number(table?.size);
}

describe("a child's photo costs the server a bounded amount (API4)", () => {
  let t: TTestApp;
  let upload: TUploader;
  let photo: Buffer;
  beforeAll(async () => {
    t = await buildTestApp();
    upload = uploader(t, await signIn(t.app, 'mogra', 'parent@mogra.demo'));
    photo = await noisyPhoto();
  });
  afterAll(() => t.close());

  it('answers /api/health in under 100 ms while a 10 MB photo is uploaded and converted', async () => {
    expect(photo.length).toBeGreaterThan(9 * 1024 * 1024);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const token = await signIn(t.app, 'mogra', 'parent@mogra.demo');
    const body = asFile(photo);
    // A first answer opens the connections (HTTP and database) that the probes then reuse.
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    let uploading = true;
    const uploaded = post(`${base}/api/v1/ppn/parent/children/MG1001/photo`, {
      headers: { 'client-id': 'mogra', authorization: `Bearer ${token}`, 'content-type': body.contentType },
      body: body.payload,
    }).finally(() => (uploading = false));
    // Probes back to back, so that one is always waiting: each one's wall-clock time, and the CPU
    // time this thread (the server's event loop) spent meanwhile. Blocking shows in both, a machine
    // short of cores only in the first.
    // Pauses of the garbage collector are left out of the loop's time: the suites share one
    // large heap (isolate: false), whose collection says nothing of the server's work.
    const collections: { start: number; end: number }[] = [];
    const gc = new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        collections.push({ start: entry.startTime, end: entry.startTime + entry.duration });
    });
    gc.observe({ entryTypes: ['gc'] });
    const collectedBetween = (from: number, to: number) =>
      collections
        .filter((pause) => pause.end > from && pause.start < to)
        .reduce((sum, pause) => sum + Math.min(pause.end, to) - Math.max(pause.start, from), 0);
    const probes: { wall: number; loop: number }[] = [];
    while (uploading) {
      const started = performance.now();
      const cpu = process.threadCpuUsage();
      const health = await fetch(`${base}/api/health`);
      await health.arrayBuffer();
      const used = process.threadCpuUsage(cpu);
      const ended = performance.now();
      if (uploading)
        probes.push({
          wall: ended - started,
          loop: Math.max(0, (used.user + used.system) / 1000 - collectedBetween(started, ended)),
        });
    }
    gc.disconnect();
    const answer = await uploaded;
    expect(answer.status, answer.body).toBe(200);
    expect(probes.length).toBeGreaterThan(0);
    const shown = probes.map((probe) => `${Math.round(probe.wall)} (${Math.round(probe.loop)})`).join(', ');
    const worst = (of: 'wall' | 'loop') => Math.max(...probes.map((probe) => probe[of]));
    const message = `health answered in ${shown} ms (in brackets: the event loop's CPU time, collections left out)`;
    expect(worst('loop'), message).toBeLessThan(100);
    // Wall-clock time is checked too when the machine has a core free (other work shares it in CI).
    const [load = 0] = os.loadavg();
    if (load < os.availableParallelism()) expect(worst('wall'), message).toBeLessThan(100);
    // The photo was decoded and converted meanwhile: what is served is the small rendition.
    const served = await fetch(`${base}${ZChild.parse(JSON.parse(answer.body)).sims_student_img}`);
    expect((await served.arrayBuffer()).byteLength).toBeLessThanOrEqual(RENDITION_MAX_BYTES);
  });

  it('keeps one rendition of at most 512 px and 200 KB per child after 13 large uploads', async () => {
    const tableBefore = await photoTableBytes(t);
    const addresses = new Set<string>();
    for (let upload_ = 0; upload_ < 13; upload_++) {
      const answer = await upload('MG1002', photo);
      expect(answer.statusCode, answer.body).toBe(200);
      const child = ZChild.parse(answer.json());
      expect(child.sims_student_img_lowres).toBe(child.sims_student_img);
      addresses.add(child.sims_student_img);
    }
    // A new address each time, so the immutable cache header stays right; old ones are gone.
    expect(addresses.size).toBe(13);
    const stored = await storedFor(t, 'MG1002');
    expect(stored.photos).toBe(1);
    expect(stored.bytes).toBeLessThanOrEqual(RENDITION_MAX_BYTES);
    expect(stored.imageLowresUrl).toBe(stored.imageUrl);
    const [latest, ...earlier] = [...addresses].reverse();
    for (const address of earlier)
      expect((await t.app.inject({ method: 'GET', url: address })).statusCode).toBe(404);

    const served = await t.app.inject({ method: 'GET', url: latest });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^image\/(webp|jpeg)$/);
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.length).toBeLessThanOrEqual(RENDITION_MAX_BYTES);
    const rendition = await sharp(served.rawPayload).metadata();
    expect(Math.max(rendition.width, rendition.height)).toBeLessThanOrEqual(RENDITION_MAX_SIDE);
    // The table grows by a few renditions, not by 13 originals (9.4 MB each), nor by 13 renditions:
    // the space of replaced photos is reused.
    expect(await photoTableBytes(t)).toBeLessThan(tableBefore + 5 * RENDITION_MAX_BYTES);
  });

  it('turns the photo upright by its EXIF orientation and strips its metadata', async () => {
    const sideways = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#0ea5e9' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(sideways).metadata()).orientation).toBe(6);
    const answer = await upload('MG1003', sideways);
    expect(answer.statusCode, answer.body).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: ZChild.parse(answer.json()).sims_student_img });
    const rendition = await sharp(served.rawPayload).metadata();
    expect([rendition.width, rendition.height]).toEqual([256, 512]);
    expect(rendition.orientation).toBeUndefined();
    expect(rendition.exif).toBeUndefined();
  });

  it('refuses what is not an image, or decodes to too many pixels, changing nothing stored', async () => {
    await upload('MG1003', await smallPhoto());
    const before = await storedFor(t, 'MG1003');
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const cases: [string, Buffer, number, string][] = [
      ['text', Buffer.from('just some words, not a picture'), 415, 'V004'],
      ['a PNG signature over noise', Buffer.concat([png, Buffer.alloc(5000, 0x5a)]), 415, 'V010'],
      ['a PNG cut short', (await smallPhoto()).subarray(0, 60), 415, 'V010'],
      ['a 30,000 x 30,000 pixel bomb', await pixelBomb(30_000), 400, 'V011'],
    ];
    for (const [label, content, status, messageId] of cases) {
      const answer = await upload('MG1003', content);
      expect(answer.statusCode, `${label}: ${answer.body}`).toBe(status);
      expect(answer.json().messageId, label).toBe(messageId);
    }
    expect(await storedFor(t, 'MG1003')).toEqual(before);
  });
});

describe('photo uploads per parent', () => {
  let t: TTestApp;
  beforeAll(async () => {
    // The default limit (the test helper lifts it elsewhere).
    t = await buildTestApp({ env: { PHOTO_UPLOADS_PER_HOUR: '' } });
  });
  afterAll(() => t.close());

  it('refuses the 11th upload in an hour with 429 L006 and Retry-After, for that parent only', async () => {
    const upload = uploader(t, await signIn(t.app, 'mogra', 'parent@mogra.demo'));
    const photo = await smallPhoto();
    for (let attempt = 0; attempt < 10; attempt++) {
      const answer = await upload('MG1001', photo);
      expect(answer.statusCode, answer.body).toBe(200);
    }
    const before = await storedFor(t, 'MG1001');
    const refused = await upload('MG1002', photo);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().messageId).toBe('L006');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await storedFor(t, 'MG1001')).toEqual(before);

    const otherParent = uploader(t, await signIn(t.app, 'mogra', 'family.haddad@mogra.demo'));
    expect((await otherParent('MG2001', photo)).statusCode).toBe(200);
  });
});

describe('photo conversions at once', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      env: { PHOTO_CONVERSIONS_AT_ONCE: '1', PHOTO_CONVERSIONS_WAITING: '0' },
    });
  });
  afterAll(() => t.close());

  it('answers 503 V012 with Retry-After when the conversions are full, storing nothing for it', async () => {
    const upload = uploader(t, await signIn(t.app, 'mogra', 'parent@mogra.demo'));
    const photo = await noisyPhoto();
    const answers = await Promise.all(['MG1001', 'MG1002', 'MG1003'].map((child) => upload(child, photo)));
    const busy = answers.filter((answer) => answer.statusCode === 503);
    expect(answers.filter((answer) => answer.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    for (const answer of busy) {
      expect(answer.json().messageId).toBe('V012');
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
    const [stored] = await t.database.db.select({ photos: sql<number>`count(*)::int` }).from(studentPhotos);
    expect(stored?.photos).toBe(answers.length - busy.length);
  });
});
