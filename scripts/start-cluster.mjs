// `npm run start:cluster`: several API processes on one machine, sharing one port through Node's
// cluster module, against PostgreSQL and Redis (docs/scaling.md). Each worker is the plain
// server entry (apps/api/src/server.ts: migrations, jobs, graceful shutdown); this primary
// only forks, restarts a worker that crashes, and passes SIGINT/SIGTERM on.
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { ROOT, ensureDependencies, ensureWebBuild } from './ensure.mjs';
import { ensureSupportedNode } from './node-runtime.mjs';

/** A worker that dies sooner than this after starting counts as failing to start, not crashing. */
const MIN_UPTIME_MS = 10_000;
/** Restarts in a row of workers that die at start before the cluster gives up. */
const MAX_QUICK_DEATHS = 5;

function fail(message) {
  console.error(`Flotilla cannot start the cluster. ${message}`);
  process.exit(1);
}

/** API_PROCESSES: a whole number ≥ 1, default the CPU count; null when it is something else. */
function processCount(value, cpus = availableParallelism()) {
  if (value === undefined || value === '') return cpus;
  if (!/^[1-9]\d{0,2}$/.test(value)) return null;
  return Number(value);
}

await ensureSupportedNode();

// One process keeps device links and live events in memory and its jobs to itself; several
// need a shared database and Redis (DESIGN.md "Live data and scale-out"). The embedded PGlite
// is a file one process opens.
const missing = ['DATABASE_URL', 'REDIS_URL'].filter((name) => !process.env[name]);
if (missing.length > 0) {
  fail(`${missing.join(' and ')} must be set: every API process uses the same PostgreSQL (DATABASE_URL=postgres://…) and reaches the others' device links and live events through Redis (REDIS_URL=redis://…). For one process on the embedded database, use \`npm start\`.`);
}
const count = processCount(process.env.API_PROCESSES);
if (count === null) fail(`API_PROCESSES is "${process.env.API_PROCESSES}": a whole number from 1 to 999 (default: the CPU count, ${availableParallelism()}).`);

ensureDependencies();
// An operator who points WEB_DIST at their own build (the Dockerfile) needs no build here.
if (!process.env.WEB_DIST) ensureWebBuild();

// Workers run the server entry under tsx, as `npm start` does (scripts/start.mjs).
cluster.setupPrimary({ exec: join(ROOT, 'apps/api/src/server.ts'), execArgv: ['--import', 'tsx'], cwd: ROOT });

let stopping = false;
let exitCode = 0;
let quickDeaths = 0;
const startedAt = new Map();

function fork() {
  const worker = cluster.fork();
  startedAt.set(worker.id, Date.now());
  return worker;
}

let allForked = false;
cluster.on('listening', (worker, address) => {
  // The first worker starts alone: it applies migrations, publishes the OS release catalog and
  // writes the generated secrets (DATA_DIR/jwt-secret, registry-token-key.pem) that the others
  // then read, so no two processes race to create them with different values.
  if (!allForked && !stopping) {
    allForked = true;
    for (let i = 1; i < count; i++) fork();
  }
  console.log(`Flotilla API process ${worker.process.pid} listening on port ${address.port}`);
});

cluster.on('exit', (worker, code, signal) => {
  const uptime = Date.now() - (startedAt.get(worker.id) ?? 0);
  startedAt.delete(worker.id);
  if (stopping) {
    // Each worker shuts down on its own within SHUTDOWN_TIMEOUT_MS and exits non-zero if cut
    // short (server.ts exitOnSignals); the cluster exits once all have, with 1 if any did.
    if (code !== 0) exitCode = 1;
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
    return;
  }
  // A worker stopped by anything but us crashed (or was killed): another takes its place, so
  // the cluster keeps its size. One that keeps dying at start (a bad environment, the database
  // unreachable) would loop for ever: give up with its exit code instead.
  quickDeaths = uptime < MIN_UPTIME_MS ? quickDeaths + 1 : 0;
  console.error(`Flotilla API process ${worker.process.pid} exited (${signal ?? `code ${code}`}) after ${Math.round(uptime / 1000)} s`);
  if (quickDeaths >= MAX_QUICK_DEATHS) {
    console.error(`${quickDeaths} API processes in a row died within ${MIN_UPTIME_MS / 1000} s of starting; stopping the cluster.`);
    exitCode = 1;
    stopAll('SIGTERM');
    return;
  }
  console.error('Starting another API process in its place.');
  fork();
});

function stopAll(signal) {
  stopping = true;
  const workers = Object.values(cluster.workers ?? {});
  if (workers.length === 0) process.exit(exitCode);
  for (const worker of workers) worker.process.kill(signal);
}

// Ctrl-C in a terminal reaches every worker from the process group already, and a second
// signal makes a worker exit at once: SIGINT is passed on only when no terminal sent it to all.
let signalled = false;
process.on('SIGINT', () => {
  if (signalled) return;
  signalled = true;
  stopping = true;
  if (!process.stdin.isTTY) stopAll('SIGINT');
});
process.on('SIGTERM', () => {
  if (signalled) return;
  signalled = true;
  stopAll('SIGTERM');
});

fork();
