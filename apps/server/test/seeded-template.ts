// Global setup of the server's suites: one migrated database holding the demo seed, made once
// per run, that every test app starts as a copy of (decision 022). Migrating and seeding takes
// seconds on PGlite; copying its files, or cloning a PostgreSQL template, takes a tenth of one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, pgliteDir } from '../src/db/client.ts';
import { seedDemoData } from '../src/db/seed/seed.ts';

/** Where the seeded database of a run is: a PGlite data folder, or a PostgreSQL template's name. */
export type TSeededTemplate = { kind: 'pglite'; pgliteDir: string } | { kind: 'postgres'; database: string };

declare module 'vitest' {
  export interface ProvidedContext {
    seededTemplate: TSeededTemplate;
  }
}

async function seedInto(databaseUrl: string | undefined, dataDir: string): Promise<void> {
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    await database.migrate();
    await seedDemoData(database.db);
  } finally {
    await database.close();
  }
}

async function onAdmin(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-seeded-'));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (project.config.env?.TEST_DB_KIND !== 'postgres') {
    await seedInto(undefined, dataDir);
    project.provide('seededTemplate', { kind: 'pglite', pgliteDir: pgliteDir(dataDir) });
    return async () => removeDir();
  }
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set for the PostgreSQL suite');
  const name = `portal_template_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onAdmin(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await seedInto(url.toString(), dataDir);
  project.provide('seededTemplate', { kind: 'postgres', database: name });
  return async () => {
    await onAdmin(adminUrl, `drop database if exists ${name} with (force)`);
    removeDir();
  };
}
