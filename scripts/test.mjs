// `npm test`: installs what is missing, then lint + typecheck, unit, integration (PGlite, and
// PostgreSQL again when DATABASE_URL is set), balena-sdk compatibility, and browser tests.
// Ends with one summary line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, run, ensureDependencies, ensureWebBuild, ensureChromium } from './ensure.mjs';

ensureDependencies();
ensureChromium();
ensureWebBuild();
run('npm run check');

const resultsDir = join(ROOT, '.tmp/test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const totals = { passed: 0, failed: 0 };
let failedSteps = [];

function vitest(label, project, env) {
  const out = join(resultsDir, `${label}.json`);
  console.log(`\n=== ${label} ===`);
  const r = spawnSync('npx', ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile=${out}`], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (existsSync(out)) {
    const json = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += json.numPassedTests;
    totals.failed += json.numFailedTests;
    if (json.numTotalTests === 0) failedSteps.push(`${label}: ran no test`);
  }
  if (r.status !== 0) failedSteps.push(label);
}

const pgUrl = process.env.DATABASE_URL;
vitest('unit', 'unit', {});
vitest('integration (PGlite)', 'int', { DATABASE_URL: '' });
if (pgUrl) vitest('integration (PostgreSQL)', 'int', { DATABASE_URL: pgUrl });
vitest('compatibility (balena-sdk)', 'compat', { DATABASE_URL: '' });
vitest('browser (Chromium)', 'e2e', { DATABASE_URL: '' });

console.log('');
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(failedSteps.length ? 1 : 0);
