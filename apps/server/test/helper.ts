import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase, pgliteDir, type TDatabase, type TDatabaseHandle } from '../src/db/client.ts';
import { ConfigError, readConfig } from '../src/config.ts';
import { parentStudents, parents, schoolDataSources, schools, students } from '../src/db/schema/index.ts';
import { schoolToday } from '../src/access/school.ts';

export const DEMO_PASSWORD = 'Demo-Parent-2026';
export const TEST_DB_KIND = process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';

export type TTestApp = {
  app: FastifyInstance;
  database: TDatabaseHandle;
  /** The PostgreSQL database's URL; undefined on PGlite. */
  databaseUrl: string | undefined;
  dataDir: string;
  close: () => Promise<void>;
};

/**
 * A fresh PostgreSQL database on the TEST_DATABASE_URL server, empty or a copy of a template
 * database; dropped by the returned function.
 */
export async function createPostgresDatabase(
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set for the PostgreSQL suite');
  const name = `portal_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** A temporary directory, removed by the returned function. */
export function createTempDir(prefix: string): { dir: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A new data folder whose PGlite files are a copy of the run's migrated, seeded database
 * (test/seeded-template.ts); removed by the returned function.
 */
export function createSeededDataDir(prefix: string): { dir: string; remove: () => void } {
  const template = inject('seededTemplate');
  if (template.kind !== 'pglite') throw new Error('the seeded data folder is a PGlite copy');
  const temp = createTempDir(prefix);
  fs.cpSync(template.pgliteDir, pgliteDir(temp.dir), { recursive: true });
  return temp;
}

/**
 * Builds the app on a new, migrated and seeded database of the suite's kind (PGlite or
 * PostgreSQL): a copy of the run's seeded database.
 */
export async function buildTestApp(
  options: {
    isProduction?: boolean;
    webDistDir?: string;
    env?: Record<string, string>;
    logStream?: { write: (line: string) => void };
    /** Another instance on that app's PostgreSQL database (which it drops), as in a deployment of two. */
    sameDatabaseAs?: TTestApp;
  } = {},
): Promise<TTestApp> {
  const template = inject('seededTemplate');
  const shared = options.sameDatabaseAs?.databaseUrl;
  if (options.sameDatabaseAs && !shared)
    throw new Error('only a PostgreSQL database is shared by two instances');
  const postgres =
    template.kind === 'postgres' && !shared ? await createPostgresDatabase(template.database) : null;
  const databaseUrl = shared ?? postgres?.url;
  const temp = databaseUrl ? createTempDir('portal-test-') : createSeededDataDir('portal-test-');
  const database = await openDatabase({ databaseUrl, dataDir: temp.dir });
  const app = await buildApp({
    config: readConfig({
      DATA_DIR: temp.dir,
      PORTAL_ENV: options.isProduction ? 'production' : 'test',
      WEB_DIST_DIR: options.webDistDir ?? path.join(temp.dir, 'no-web-app'),
      LOG_LEVEL: 'silent',
      // Tests exercise the limits where they mean to; elsewhere they must not interfere.
      AUTH_RATE_LIMIT_PER_IP: '100000',
      AUTH_RATE_LIMIT_PER_ACCOUNT: '100000',
      PHOTO_UPLOADS_PER_HOUR: '100000',
      PAYMENT_CREATE_PER_MINUTE: '100000',
      PAYMENT_OPEN_CHECKOUTS_PER_PARENT: '1000',
      // Fixtures write the database directly and read at once (docs/decisions/029-read-cache.md).
      READ_CACHE_AWAITS_NOTICES: '1',
      ...options.env,
    }),
    database,
    logStream: options.logStream,
  });
  await app.ready();
  return {
    app,
    database,
    databaseUrl,
    dataDir: temp.dir,
    close: async () => {
      await app.close();
      await database.close();
      await postgres?.drop();
      temp.remove();
    },
  };
}

/**
 * The school day the demo seed took as today: its files are dated from it. The seeded template is
 * made once per run, so near the school's midnight a test's own today may be the next day.
 */
export async function seededDay(db: TDatabase, schoolId: string): Promise<string> {
  const [school] = await db
    .select({ timeZone: schools.timeZone, boundAt: schoolDataSources.boundAt })
    .from(schools)
    .innerJoin(schoolDataSources, eq(schoolDataSources.schoolId, schools.schoolId))
    .where(eq(schools.schoolId, schoolId));
  if (!school) throw new Error(`${schoolId} was not seeded through the import`);
  return schoolToday(school.timeZone, school.boundAt);
}

/** Signs in through the API and returns the bearer token. */
export async function signIn(app: FastifyInstance, schoolId: string, username: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/ppn/auth/login',
    headers: { 'client-id': schoolId },
    payload: { username, password: DEMO_PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { token: string }).token;
}

/** Adds a parent the school created, linked to a new student; without a password unless given. */
export async function addParent(
  database: TDatabaseHandle,
  schoolId: string,
  parent: { parentId: string; username: string; enrollNumber: string; passwordHash?: string },
): Promise<void> {
  await database.db.insert(parents).values({
    schoolId,
    parentId: parent.parentId,
    username: parent.username,
    nameEn: 'Test Parent',
    nameAr: 'ولي أمر',
    email: parent.username,
    passwordHash: parent.passwordHash ?? null,
  });
  await database.db.insert(students).values({
    schoolId,
    enrollNumber: parent.enrollNumber,
    academicStatus: 'Active',
    fullName: 'Test Child',
    academicYear: '2026',
    curriculumCode: 'CBSE',
    gradeCode: '01',
    sectionCode: 'A',
    gradeNameEn: 'Grade 1',
    sectionNameEn: 'A',
  });
  await database.db
    .insert(parentStudents)
    .values({ schoolId, parentId: parent.parentId, enrollNumber: parent.enrollNumber });
}

/** POSTs to an /auth route of a school. */
export function postAuth(
  app: FastifyInstance,
  schoolId: string,
  route: string,
  payload: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/ppn/auth/${route}`,
    headers: { 'client-id': schoolId, ...headers },
    payload,
  });
}

/** The problems `readConfig` finds in an environment (none: an empty list). */
export function configProblems(env: Record<string, string>): string[] {
  try {
    readConfig(env);
    return [];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.problems;
  }
}
