// A big school's bundle through the sync API (README, Performance): how long the portal takes
// to read and apply it, and the read p99 of another school's parent meanwhile. The bundle is
// read on the import thread and applied in one transaction; on PostgreSQL the reads go on
// beside it, while PGlite's one connection makes them wait for the transaction.
import { zipBundle } from '../src/modules/school-data/bundle-zip.ts';
import type { TDatabaseKind } from './bench-database.ts';
import { BIG_SCHOOL, BIG_SCHOOL_KEY, bigSchoolBundle, FULL_SIZE, type TBigSchoolSize } from './big-school.ts';
import { parentHeaders } from './load.ts';
import { options } from './options.ts';
import { READ_CONNECTIONS, readUntil } from './neighbour-reads.ts';
import type { TReport } from './report.ts';
import type { TPortal } from './servers.ts';

const SMOKE_SIZE: TBigSchoolSize = { students: 30, guardians: 50, teachers: 5, results: 1000 };
const APPLY_BUDGET_S = 60;
const READ_P99_BUDGET_MS = 100;
const NAMES: Record<TDatabaseKind, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };

export async function measureBigImport(report: TReport, portal: TPortal, kind: TDatabaseKind): Promise<void> {
  const size = options.smoke ? SMOKE_SIZE : FULL_SIZE;
  const zip = zipBundle(bigSchoolBundle(size));
  const neighbour = await portal.signIn('bcad', 'parent@bcad.demo');
  const url = new URL('/api/v1/ppn/parent/profile', portal.baseUrl);
  const headers = parentHeaders('bcad', neighbour.token);
  const warmUpEnd = performance.now() + options.warmupS * 1000;
  const alone = await readUntil(url, headers, () => performance.now() > warmUpEnd);

  let done = false;
  const started = performance.now();
  const importing = fetch(`${portal.baseUrl}/api/v1/sis/bundles`, {
    method: 'POST',
    headers: {
      'client-id': BIG_SCHOOL,
      authorization: `Bearer ${BIG_SCHOOL_KEY}`,
      'content-type': 'application/zip',
    },
    body: zip as Uint8Array<ArrayBuffer>,
  })
    .then(async (response) => ({
      status: response.status,
      body: (await response.json()) as { applied?: boolean },
    }))
    .finally(() => (done = true));
  const during = await readUntil(url, headers, () => done);
  const answer = await importing;
  const seconds = (performance.now() - started) / 1000;
  const applied = answer.status === 200 && answer.body.applied === true;

  const section = `Big school import (${NAMES[kind]}; ${size.students} students, ${size.guardians} guardians, ${size.results} results; bcad profile over ${READ_CONNECTIONS} connections)`;
  const id = `bigImport.${kind}`;
  report.add({
    id: `${id}.seconds`,
    section,
    name: 'bundle read and applied',
    value: seconds,
    unit: 's',
    budget: { text: `< ${APPLY_BUDGET_S} s`, pass: applied && seconds < APPLY_BUDGET_S },
    ...(applied ? {} : { note: `the portal answered ${answer.status}` }),
  });
  report.add({ id: `${id}.alone.p99`, section, name: 'read p99 alone', value: alone.p99Ms, unit: 'ms' });
  report.add({
    id: `${id}.during.p99`,
    section,
    name: 'read p99 while it is imported',
    value: during.p99Ms,
    unit: 'ms',
    budget: {
      text: `< ${READ_P99_BUDGET_MS} ms`,
      pass: during.p99Ms < READ_P99_BUDGET_MS && during.failures === 0,
    },
    // PGlite runs one query at a time: reads wait while the import's transaction holds it.
    ...(kind === 'pglite' ? { note: 'reads wait while the transaction holds PGlite’s one connection' } : {}),
  });
  report.add({
    id: `${id}.during.reads`,
    section,
    name: '  reads while it is imported',
    value: during.requests,
    unit: 'requests',
    note: `p50 ${during.p50Ms.toFixed(1)} ms${during.failures ? `, ${during.failures} failed` : ''}`,
  });
}
