import { defineConfig } from 'vitest/config';

// Server tests share one database per worker (PGlite takes ~3 s to open), so files in a worker
// are not isolated and each test resets the data instead. On a PostgreSQL server
// (TEST_DATABASE_URL) there is one database, so one worker.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contracts',
          root: 'packages/contracts',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          isolate: false,
          maxWorkers: onPostgres ? 1 : 2,
          // a group of its own: its worker count differs from the other projects'
          sequence: { groupOrder: 1 },
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.{ts,mts}',
    ],
  },
});
