// Makes, lists and revokes a school's API keys for the sync, staff and gate APIs
// (docs/school-data.md):
//   npm run api-key -- --school <id> --scope sis,staff,gate [--label L]   a new key, printed once
//   npm run api-key -- --school <id> --list
//   npm run api-key -- --school <id> --revoke <keyId>
// It opens the portal's database itself, as the configuration names it (DATABASE_URL, else
// PGlite in DATA_DIR). A running portal holds a PGlite data directory: stop it first there.
import { parseArgs } from 'node:util';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { readConfig } from '../src/config.ts';
import { openDatabase, type TDatabase } from '../src/db/client.ts';
import { DataDirInUseError } from '../src/db/data-dir-lock.ts';
import { API_KEY_SCOPES, apiKeys, schools, type TApiKeyScope } from '../src/db/schema/index.ts';
import { hashApiKey, newApiKey } from '../src/plugins/api-key.ts';

const USAGE = [
  'usage: npm run api-key -- --school <id> --scope sis,staff,gate [--label L]',
  '       npm run api-key -- --school <id> --list',
  '       npm run api-key -- --school <id> --revoke <keyId>',
].join('\n');

/** A problem the person running the command can fix, told in one line. */
class KeyError extends Error {}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function readArguments() {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        school: { type: 'string' },
        scope: { type: 'string' },
        label: { type: 'string' },
        list: { type: 'boolean', default: false },
        revoke: { type: 'string' },
      },
    }).values;
  } catch (error) {
    throw new KeyError(`${(error as Error).message}\n${USAGE}`);
  }
  const actions = [parsed.scope !== undefined, parsed.list, parsed.revoke !== undefined].filter(
    Boolean,
  ).length;
  if (!parsed.school || actions !== 1) throw new KeyError(USAGE);
  if (parsed.revoke !== undefined && !UUID.test(parsed.revoke))
    throw new KeyError(`${parsed.revoke} is not a key id`);
  const scopes = (parsed.scope ?? '')
    .split(',')
    .map((scope) => scope.trim())
    .filter((scope) => scope !== '');
  const unknown = scopes.filter((scope) => !(API_KEY_SCOPES as readonly string[]).includes(scope));
  if (parsed.scope !== undefined && (scopes.length === 0 || unknown.length > 0)) {
    throw new KeyError(`--scope takes one or more of ${API_KEY_SCOPES.join(', ')}, separated by commas`);
  }
  return { ...parsed, school: parsed.school, scopes: [...new Set(scopes)] as TApiKeyScope[] };
}

const print = (line = '') => process.stdout.write(`${line}\n`);
const when = (at: Date | null) => (at ? at.toISOString().slice(0, 16).replace('T', ' ') : '-');

async function makeKey(db: TDatabase, schoolId: string, scopes: TApiKeyScope[], label: string | undefined) {
  const key = newApiKey();
  const [made] = await db
    .insert(apiKeys)
    .values({ schoolId, label: label ?? `${scopes.join(', ')} key`, keyHash: hashApiKey(key), scopes })
    .returning({ keyId: apiKeys.keyId });
  print(`Key ${made?.keyId} of ${schoolId}, for ${scopes.join(', ')}:`);
  print();
  print(`  ${key}`);
  print();
  print('Keep it now: the portal keeps only its hash and cannot show it again.');
}

async function listKeys(db: TDatabase, schoolId: string) {
  const keys = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.schoolId, schoolId))
    .orderBy(asc(apiKeys.createdAt));
  if (keys.length === 0) return print(`${schoolId} has no API key.`);
  for (const key of keys) {
    const state = key.revokedAt ? `revoked ${when(key.revokedAt)}` : 'live';
    print(
      `${key.keyId}  ${key.scopes.join(',')}  ${state}  made ${when(key.createdAt)}  last used ${when(key.lastUsedAt)}  ${key.label}`,
    );
  }
}

async function revokeKey(db: TDatabase, schoolId: string, keyId: string) {
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.keyId, keyId), eq(apiKeys.schoolId, schoolId), isNull(apiKeys.revokedAt)))
    .returning({ keyId: apiKeys.keyId });
  if (revoked.length === 0) throw new KeyError(`${schoolId} has no live key ${keyId}`);
  print(`Key ${keyId} of ${schoolId} is revoked: calls with it now answer 401.`);
}

async function main(): Promise<void> {
  const options = readArguments();
  const config = readConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch(
    (error: unknown) => {
      if (error instanceof DataDirInUseError) {
        throw new KeyError(
          `the portal is running on ${config.dataDir} and holds its PGlite database (one process at a time): stop it, run this again, then start it`,
        );
      }
      throw error;
    },
  );
  try {
    const [school] = await database.db
      .select({ id: schools.schoolId })
      .from(schools)
      .where(eq(schools.schoolId, options.school));
    if (!school) throw new KeyError(`no school ${options.school} in this database`);
    if (options.list) await listKeys(database.db, options.school);
    else if (options.revoke) await revokeKey(database.db, options.school, options.revoke);
    else await makeKey(database.db, options.school, options.scopes, options.label);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`api-key: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
