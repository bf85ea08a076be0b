import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../src/config.ts';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = readConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(readConfig({ INIT_CWD: '/srv/portal' }).dataDir).toBe('/srv/portal/data');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.isProduction).toBe(false);
    expect(config.seedDemo).toBe(true);
  });

  it('never seeds demo data in production unless asked', () => {
    expect(readConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(readConfig({ PORTAL_ENV: 'production' }).seedDemo).toBe(false);
    expect(readConfig({ PORTAL_ENV: 'production', SEED_DEMO: '1' }).seedDemo).toBe(true);
  });

  it('lists every problem of a bad configuration', () => {
    try {
      readConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', NODE_ENV: 'prod' });
      expect.unreachable('readConfig accepted a bad configuration');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toMatch(/PORT/);
      expect(problems).toMatch(/DATABASE_URL/);
      expect(problems).toMatch(/NODE_ENV/);
    }
  });

  it('stops the server with one clear line and exit code 1 on bad configuration', () => {
    const result = spawnSync(process.execPath, ['src/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, PORT: '70000' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^portal: invalid configuration: PORT/);
  });
});
