// `npm test`: installs what is missing, then lint + typecheck, unit, integration (PGlite, and
// PostgreSQL again when DATABASE_URL is set), balena-sdk compatibility, and browser tests.
// Lint + typecheck is one of the jobs, not a step before them: it keeps one core busy for
// minutes, and the other lane starts the longest suite meanwhile.
// The machine has two cores and each suite is mostly one busy process, so two lanes take jobs
// from one queue, longest first (the integration suites, compatibility, unit, then the browser
// spec files in batches): the longest job starts at once and the lanes end within about one
// browser batch of each other. Output lines carry their suite's name. Ends with one summary line
// "N passed, N failed".
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ROOT, ensureDependencies, ensureWebBuild, ensureChromium } from './ensure.mjs';
import { ensureSupportedNode } from './node-runtime.mjs';

await ensureSupportedNode();
ensureDependencies();
ensureChromium();
ensureWebBuild();

const resultsDir = join(ROOT, '.tmp/test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const totals = { passed: 0, failed: 0 };
const failedSteps = [];
const failedTests = [];
const retriedTests = [];

/**
 * The failed tests (or, with status passed, those that failed a try) of one JSON report, each with
 * the first lines of its error: the run's last lines are often all a reader of CI gets, so they
 * must say what failed, not only where.
 */
function failuresOf(json, label, status = 'failed') {
  return json.testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === status && (status === 'failed' || test.failureMessages?.length))
      .map((test) => {
        const message = (test.failureMessages?.[0] ?? file.message ?? '').split('\n').filter((line) => !line.includes('node_modules')).slice(0, 6).join('\n    ');
        return `[${label}] ${file.name.replace(`${ROOT}/`, '')} › ${test.fullName}\n    ${message}`;
      }),
  );
}

/**
 * Runs `file args` as the job `label`: its output lines carry the label, a non-zero exit is a
 * failed step, `collect` (if given) reads its results once it ends.
 */
function job(label, file, args, { env = {}, shell = false, collect = () => {} } = {}) {
  const started = Date.now();
  console.log(`=== ${label}: started`);
  const child = spawn(file, args, { cwd: ROOT, shell, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => console.log(`[${label}] ${line}`));
  }
  return new Promise((resolve) => {
    child.on('close', (status) => {
      collect();
      if (status !== 0) failedSteps.push(label);
      console.log(`=== ${label}: ${status === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`);
      resolve();
    });
  });
}

/** Runs vitest projects; resolves when they end, with their counts added to the totals. */
function vitest(label, projects, env, files = []) {
  const out = join(resultsDir, `${label.replace(/\W+/g, '-')}.json`);
  const args = ['vitest', 'run', ...[projects].flat().flatMap((project) => ['--project', project]), '--reporter=default', '--reporter=json', `--outputFile=${out}`, ...files];
  return job(label, 'npx', args, {
    env,
    collect() {
      if (!existsSync(out)) return void failedSteps.push(`${label}: no results`);
      const json = JSON.parse(readFileSync(out, 'utf8'));
      totals.passed += json.numPassedTests;
      totals.failed += json.numFailedTests;
      failedTests.push(...failuresOf(json, label));
      retriedTests.push(...retriesOf(json, label));
      if (json.numTotalTests === 0) failedSteps.push(`${label}: ran no test`);
    },
  });
}

/** Every browser spec file under e2e/, relative to the root. */
function browserSpecs(dir = 'e2e') {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : browserSpecs(path);
    return entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

/**
 * The browser specs in `count` batches of about equal size (a file's length stands in for its
 * running time; each file is placed, largest first, in the lightest batch), so the two lanes
 * end within about one batch of each other.
 */
function browserBatches(count) {
  const files = browserSpecs().sort((a, b) => statSync(join(ROOT, b)).size - statSync(join(ROOT, a)).size);
  const batches = Array.from({ length: count }, () => ({ size: 0, files: [] }));
  for (const file of files) {
    const lightest = batches.reduce((min, batch) => (batch.size < min.size ? batch : min));
    lightest.files.push(file);
    lightest.size += statSync(join(ROOT, file)).size;
  }
  return batches.filter((batch) => batch.files.length > 0).map((batch) => batch.files);
}

/** Tests that passed only on a retry (a passed test keeps the errors of its failed tries). */
function retriesOf(json, label) {
  return failuresOf(json, label, 'passed');
}

const pgUrl = process.env.DATABASE_URL;
// The embedded default runs without Redis; the PostgreSQL run is the scale-out one, where
// REDIS_URL (when set) also runs the tests of several API processes sharing device links.
const embedded = { DATABASE_URL: '', REDIS_URL: '' };
// Browser tests run their stacks on PostgreSQL when it is there: PGlite runs each query on the
// test's own thread, next to the API and Playwright, while PostgreSQL's backends take the other
// core (one device-list spec: 30 s of the test process's CPU on PGlite, 18 s + 8 s of
// PostgreSQL's). The integration suite still runs every API test on both; npm-start.spec.ts
// starts the product itself on the embedded default.
const browserDatabase = pgUrl ? { DATABASE_URL: pgUrl, REDIS_URL: '' } : embedded;
// Longest first (their lengths in one run on this machine kind, 2026-11-30, both lanes busy:
// PGlite integration 657 s, PostgreSQL integration 514 s, compatibility 498 s, lint + typecheck
// 256 s, unit 139 s; a browser batch 180–390 s, but the batches are many and short enough to
// even the lanes out).
const jobs = [
  () => vitest('integration (PGlite)', 'int', embedded),
  ...(pgUrl ? [() => vitest('integration (PostgreSQL)', 'int', { DATABASE_URL: pgUrl })] : []),
  () => vitest('compatibility (balena-sdk)', 'compat', embedded),
  () => job('lint + typecheck', 'npm run check', [], { shell: true }),
  () => vitest('unit', ['unit', 'unit-web'], {}),
  // Every bench workload at its tiny size, on the embedded default: no figure is judged here (speed
  // is measured by `npm run bench`), but a workload whose set-up or path the product has moved
  // away from fails the run, as three did unnoticed for two days (frozen devices, 2026-11-29).
  () => job('bench (smoke)', 'npm', ['run', 'bench', '--', '--smoke'], { env: { ...embedded, BENCH_RESULTS_DIR: join(resultsDir, 'bench') } }),
  ...browserBatches(10).map((batch, index, all) => () => vitest(`browser (Chromium) ${index + 1}/${all.length}`, 'e2e', browserDatabase, batch)),
];

/** One lane: takes the next job from the queue until none is left. */
async function lane() {
  for (let job = jobs.shift(); job; job = jobs.shift()) await job();
}
// TEST_LANES: how many jobs run at once (2 unless set; measured in docs/performance.md "CI").
const lanes = Math.max(1, Number(process.env.TEST_LANES) || 2);
await Promise.all(Array.from({ length: lanes }, () => lane()));

console.log('');
if (retriedTests.length) console.log(`Passed only on a retry (flaky):\n${retriedTests.join('\n')}\n`);
if (failedTests.length) console.log(`Failed tests:\n${failedTests.join('\n')}\n`);
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(failedSteps.length ? 1 : 0);
