import { ConfigError, readConfig, type TConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { demoAccounts, seedDemoData } from './db/seed/seed.ts';
import { buildApp } from './app.ts';

/** Starts the portal: configuration, database (migrated, seeded when empty), HTTP server. */
async function main(): Promise<void> {
  let config: TConfig;
  try {
    config = readConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`portal: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onPoolError: (error) => app.log.error({ err: error }, 'database connection lost'),
  });
  // Instances sharing one database migrate and seed one after the other.
  const seeded = await database.withStartLock(async () => {
    await database.migrate();
    return config.seedDemo ? seedDemoData(database.db) : false;
  });

  const app = await buildApp({ config, database });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      const holding = { database: database.usage(), background: app.backgroundTasks() };
      app.log.error(holding, 'shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    // The database closes last: the app's own closing (background tasks finishing, the cache
    // bus letting go of its connection) still uses it. Fastify runs a hook added here first.
    app
      .close()
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  printBanner(config, port, database.kind, seeded);
}

function printBanner(config: TConfig, port: number, databaseKind: string, seeded: boolean): void {
  const where = databaseKind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  const lines = [
    '',
    `Parent portal: http://localhost:${port}/  (a school directly: http://<school-id>.localhost:${port}/)`,
    `Database: ${where}${seeded ? ', demo schools seeded now' : ''}`,
  ];
  if (config.seedDemo) {
    lines.push('Demo accounts (school, username, password):');
    for (const account of demoAccounts()) {
      lines.push(
        `  ${account.schoolId.padEnd(6)} ${account.username.padEnd(28)} ${account.password}  (${account.children} ${account.children === 1 ? 'child' : 'children'})`,
      );
    }
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `portal: failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
