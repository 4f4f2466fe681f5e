import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const repoRoot = path.resolve(import.meta.dirname, '..');
// Configurable so two suites (this one and a helper's) can run at once on one machine.
const port = Number(process.env.E2E_PORT ?? 8181);
const baseURL = `http://127.0.0.1:${port}`;
const testData = path.join(repoRoot, '.test-data');

// A fresh embedded database per run, so journeys start from the seed and never from a previous run's
// leftovers. Workers load this file again: the variable makes them agree with the main process.
process.env.E2E_DATA_DIR ??= path.join(testData, `e2e-${Date.now()}`);
const dataDir = process.env.E2E_DATA_DIR;

// Each run leaves ~40 MB behind. Another suite may be running right now on another port with its
// own folder, so only folders of runs older than an hour are removed; recent ones stay for a post-mortem.
const HOUR = 60 * 60 * 1000;
for (const entry of existsSync(testData) ? readdirSync(testData) : []) {
  const dir = path.join(testData, entry);
  if (!entry.startsWith('e2e-') || dir === dataDir) continue;
  if (Date.now() - statSync(dir).mtimeMs > HOUR) rmSync(dir, { recursive: true, force: true });
}

export default defineConfig({
  testDir: 'tests',
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // One retry: a journey that fails once and then passes is reported as flaky by name (npm test's
  // summary counts them), rather than failing a whole run on a two-core machine's hiccup.
  retries: 1,
  reporter: 'list',
  // Journeys take 5–25 s alone; on two cores shared with other suites they have taken three times that.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Per port: a suite running alongside must not clean this one's traces away.
  outputDir: path.join(repoRoot, 'test-results', `e2e-${port}`),
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
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      // No MQTT port: a parallel suite's server would want the same one.
      MQTT_PORT: '0',
      // The demo's 30 days of history take tens of seconds at a first start on PGlite; no journey reads them.
      SEED_HISTORY: 'false',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Journeys that fail sign-ins on purpose send an X-Forwarded-For of their own (tests/support.ts),
      // so the captcha the server asks of an address after failures stays within that journey.
      TRUST_PROXY: 'true',
      // Lockout takes five bad passwords in a row; with a captcha after three, no journey could reach
      // the fifth (a test cannot read the captcha image). Five for both here; the thresholds at their
      // defaults (5 and 3) are proven by the server tests.
      CAPTCHA_AFTER_FAILURES: '5',
      // The captcha journey needs an address that every sign-in there must answer a captcha for: the
      // address gate (20 wrong passwords by default, for credential stuffing) at five here too.
      CAPTCHA_AFTER_IP_FAILURES: '5',
      // Every journey's browser calls from 127.0.0.1: the per-address API limit (1,200 a minute) is
      // for one operator, not for a suite of them; journeys back to back passed it and got 429s.
      API_RATE_LIMIT: '100000',
      // The notification journey's mailbox (tests/support.ts smtpPort): an SMTP server it runs itself.
      SMTP_URL: `smtp://127.0.0.1:${port + 2}`,
    },
  },
});
