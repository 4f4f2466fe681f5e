#!/usr/bin/env node
// `npm test`: lint, typecheck, unit and API tests (on PGlite, then again on the PostgreSQL
// server of TEST_DATABASE_URL when set), then browser journeys. Ends with one summary line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, '.test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

function run(name, command, args, env = {}) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  console.log(`${ok ? '✔' : '✘'} ${name} (${seconds} s)`);
  if (!ok) failedSteps.push(name);
  return ok;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += (report.numFailedTests ?? 0) + (report.numFailedTestSuites && !report.numFailedTests ? 1 : 0);
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

const flakyJourneys = [];

/** Titles of the journeys that failed once and passed on their retry. */
function collectFlaky(suites = [], trail = []) {
  for (const suite of suites) {
    const here = suite.title ? [...trail, suite.title] : trail;
    for (const spec of suite.specs ?? []) {
      if (spec.tests?.some((t) => t.status === 'flaky')) flakyJourneys.push([...here, spec.title].join(' › '));
    }
    collectFlaky(suite.suites, here);
  }
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats, suites } = JSON.parse(readFileSync(file, 'utf8'));
  collectFlaky(suites);
  totals.passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  totals.failed += stats?.unexpected ?? 0;
  totals.skipped += stats?.skipped ?? 0;
}

const npx = (args) => ['npx', args];
const { TEST_DATABASE_URL, ...envWithoutPg } = process.env;

run('lint', ...npx(['biome', 'check', '--error-on-warnings', '.']));
run('typecheck', 'npm', ['run', 'typecheck', '--silent']);

// Unit, component and API tests, the API ones on embedded PGlite.
const pgliteReport = path.join(out, 'vitest-pglite.json');
const vitestArgs = (report) => [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
];
{
  const started = Date.now();
  console.log('\n▶ unit, component and API tests (PGlite)');
  const result = spawnSync('npx', vitestArgs(pgliteReport), { cwd: root, stdio: 'inherit', env: envWithoutPg });
  console.log(`${result.status === 0 ? '✔' : '✘'} vitest on PGlite (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (result.status !== 0) failedSteps.push('vitest (PGlite)');
  countVitest(pgliteReport);
}

// The second pass may run on another Node (TEST_NODE_BINARY: .ci/run gives it the current LTS, 24),
// so the API is proven on the production runtime too without a third pass. Vitest's workers run
// on the Node that started it.
const secondNode = process.env.TEST_NODE_BINARY;
if (TEST_DATABASE_URL) {
  const pgReport = path.join(out, 'vitest-postgres.json');
  const version = secondNode ? spawnSync(secondNode, ['--version'], { encoding: 'utf8' }).stdout.trim() : '';
  const args = [...vitestArgs(pgReport), '--project', 'server'];
  const [command, commandArgs] = secondNode
    ? [secondNode, [path.join(root, 'node_modules/vitest/vitest.mjs'), ...args.slice(1)]]
    : ['npx', args];
  run(`API tests (PostgreSQL server${version ? `, Node ${version}` : ''})`, command, commandArgs, {
    TEST_DATABASE_URL,
  });
  countVitest(pgReport);
} else {
  console.log('\n(TEST_DATABASE_URL unset: API tests ran on PGlite only)');
}

const e2eReport = path.join(out, 'playwright.json');
run('browser journeys (Playwright, Chromium)', 'npm', ['run', 'test:e2e', '--silent', '--', '--reporter=list,json'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
});
countPlaywright(e2eReport);

if (flakyJourneys.length) {
  console.log(`\nFlaky (failed once, passed on the retry): ${flakyJourneys.length}`);
  for (const title of flakyJourneys) console.log(`  ${title}`);
}
if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
if (failedSteps.length && totals.failed === 0) totals.failed = failedSteps.length;
console.log(
  `\ntests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}${flakyJourneys.length ? ` (${flakyJourneys.length} flaky)` : ''}`,
);
process.exit(failedSteps.length ? 1 : 0);
