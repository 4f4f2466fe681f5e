import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, describeSettings, loadConfig } from './config.ts';

describe('settings', () => {
  it('has defaults for everything: port 8080, embedded database in ./data, demo data on', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.SEED_DEMO).toBe(true);
    expect(config.SESSION_SINGLE).toBe(false);
  });

  it.each([
    [{ PORT: 'eighty' }, 'Invalid setting PORT (got "eighty"): expected a whole number from 1 to 65535'],
    [{ PORT: '70000' }, 'Invalid setting PORT (got "70000"): expected a whole number from 1 to 65535'],
    [{ SEED_DEMO: 'maybe' }, 'Invalid setting SEED_DEMO (got "maybe"): expected true or false'],
    [
      { DATABASE_URL: 'mysql://x' },
      'Invalid setting DATABASE_URL (got "mysql://x"): expected a postgres:// connection URL',
    ],
    [{ LOG_LEVEL: 'loud' }, 'Invalid setting LOG_LEVEL (got "loud"): expected one of fatal, error, warn, info'],
    [{ SESSION_TTL_MINUTES: '-5' }, 'Invalid setting SESSION_TTL_MINUTES'],
  ])('refuses %o with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrowError(ConfigError);
    try {
      loadConfig(env);
    } catch (err) {
      expect((err as Error).message).toContain(message);
      expect((err as Error).message).not.toContain('\n');
    }
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).PORT).toBe(8080);
  });

  it('describes every setting for the README', () => {
    const rows = describeSettings();
    expect(rows.find((r) => r.name === 'PORT')).toMatchObject({ default: '8080' });
    for (const row of rows) expect(row.meaning, row.name).not.toBe('');
  });

  it('is listed, every setting of it, in the README', () => {
    const readme = readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');
    for (const row of describeSettings()) expect(readme, row.name).toContain(`| \`${row.name}\` |`);
  });

  it('stops the real server on a bad setting: exit code 1, one line, no stack trace', () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: root,
      env: { ...process.env, PORT: 'abc', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe('Invalid setting PORT (got "abc"): expected a whole number from 1 to 65535');
    expect(result.stdout.trim()).toBe('');
  });
});
