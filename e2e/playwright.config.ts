import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const repoRoot = path.resolve(import.meta.dirname, '..');
const port = 8181;
const baseURL = `http://127.0.0.1:${port}`;
const testData = path.join(repoRoot, '.test-data');

// A fresh embedded database per run, so journeys start from the seed and never from a previous run's
// leftovers. Workers load this file again: the variable makes them agree with the main process.
process.env.E2E_DATA_DIR ??= path.join(testData, `e2e-${Date.now()}`);
const dataDir = process.env.E2E_DATA_DIR;

// Each run leaves ~40 MB behind; keep only the latest for a post-mortem (port 8181 rules out two runs at once).
for (const entry of existsSync(testData) ? readdirSync(testData) : []) {
  const dir = path.join(testData, entry);
  if (entry.startsWith('e2e-') && dir !== dataDir) rmSync(dir, { recursive: true, force: true });
}

export default defineConfig({
  testDir: 'tests',
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  outputDir: path.join(repoRoot, 'test-results'),
  use: {
    baseURL,
    browserName: 'chromium',
    // Debian's chromium: Playwright cannot download its own browsers here.
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'node --import tsx apps/server/src/server.ts',
    cwd: repoRoot,
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { PORT: String(port), HOST: '127.0.0.1', MQTT_PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  },
});
