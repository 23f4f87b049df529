// Shared by start.mjs and test.mjs: install what a fresh clone lacks, using only Node built-ins
// (this runs before node_modules exists).
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export function run(cmd, opts = {}) {
  console.log(`\n$ ${cmd}`);
  execSync(cmd, { stdio: 'inherit', cwd: ROOT, ...opts });
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** npm install when node_modules is missing or older than the lock file. */
export function ensureDependencies() {
  const marker = join(ROOT, 'node_modules/.package-lock.json');
  const lock = join(ROOT, 'package-lock.json');
  if (!existsSync(marker) || statSync(lock).mtimeMs > statSync(marker).mtimeMs) {
    run('npm install --no-audit --no-fund');
  }
}

/** Builds the dashboard when dist is missing or older than its sources or its build config. */
export function ensureWebBuild() {
  const index = join(ROOT, 'apps/web/dist/index.html');
  const srcNewest = Math.max(
    newestMtime(join(ROOT, 'apps/web/src')),
    newestMtime(join(ROOT, 'packages/core/src')),
    // The build config decides what dist holds (e.g. its precompressed .br/.gz files).
    statSync(join(ROOT, 'apps/web/vite.config.ts')).mtimeMs,
  );
  if (!existsSync(index) || statSync(index).mtimeMs < srcNewest) {
    run('npm run build -w @flotilla/web');
  }
}

/**
 * Debian's Chromium for the browser tests, and the Docker distribution registry and skopeo for
 * the registry tests (root on this machine kind; never a downloaded browser or binary).
 */
export function ensureChromium() {
  const packages = { chromium: '/usr/bin/chromium', 'docker-registry': '/usr/bin/docker-registry', skopeo: '/usr/bin/skopeo' };
  const missing = Object.keys(packages).filter((p) => !existsSync(packages[p]));
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`The tests need ${missing.map((p) => packages[p]).join(', ')}: run \`sudo apt-get install -y ${missing.join(' ')}\`.`);
  }
  run(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`);
}

/**
 * Installs what scripts/<name>'s package.json and lock file pin, with `npm ci --ignore-scripts`,
 * into a cache outside the checkout keyed by those two files' hash, so later runs on the same
 * machine reuse it (FLOTILLA_CACHE_DIR, else ~/.cache/flotilla). Returns the path of `file`
 * (relative to the install) in the cache.
 */
export function ensureCachedInstall(name, file) {
  const source = join(ROOT, 'scripts', name);
  const lock = readFileSync(join(source, 'package-lock.json'));
  const key = createHash('sha256').update(readFileSync(join(source, 'package.json'))).update(lock).digest('hex').slice(0, 12);
  const cacheRoot = process.env.FLOTILLA_CACHE_DIR || join(homedir(), '.cache/flotilla');
  const dir = join(cacheRoot, `${name}-${key}`);
  const entry = join(dir, file);
  if (existsSync(entry)) return entry;
  // Installed beside, then renamed into place: a run stopped half-way never leaves a cache that
  // looks complete, and two runs at once each finish their own copy.
  const staging = `${dir}.${process.pid}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  for (const manifest of ['package.json', 'package-lock.json']) copyFileSync(join(source, manifest), join(staging, manifest));
  run('npm ci --ignore-scripts --no-audit --no-fund --loglevel=error', { cwd: staging });
  try {
    renameSync(staging, dir);
  } catch (error) {
    // Another run put its copy in place first: use that one.
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(entry)) throw error;
  }
  return entry;
}

/**
 * The published balena-cli the compatibility suite drives, pinned by scripts/balena-cli's lock
 * file (install scripts ignored: its native add-ons' scripts would fetch prebuilt binaries from
 * outside the npm registry; the commands tested never load them). Returns the CLI's entry script.
 */
export function ensureBalenaCli() {
  return ensureCachedInstall('balena-cli', 'node_modules/balena-cli/bin/run.js');
}
