import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { ensureSupportedNode } from '../scripts/node-runtime.mjs';
import type { Profile, Workload } from './workloads.ts';
import { environmentInfo, printRows, writeReport, type BenchReport, type BenchRow } from './lib/report.ts';

/**
 * `npm run bench`: every workload (bench/workloads.ts), each at 1×, 10× and 100× its size where
 * that fits, then one table of all rows (figure, ceiling, ratio, target, PASS/MISS, growth) and
 * the report in `bench/results/report-<date>.json` and `.md`. docs/performance.md explains the
 * rows.
 *
 *   npm run bench                       # small sizes: about 5 minutes on 2 cores (the report says per workload)
 *   npm run bench -- --full             # the issue's sizes (100 000 devices…): long
 *   npm run bench -- --smoke            # tiny sizes: proves every workload runs (~2 min)
 *   npm run bench -- --only W3,device-list   # some workloads (by key or by a row's W number)
 */
// On the Node.js the product runs on (npm start's: the pinned Node 24 when the machine's is
// older), so that the figures are the product's, not an unsupported runtime's.
await ensureSupportedNode();
// The workloads load only now, on that Node.js: imported statically they were evaluated before the
// switch, and on the Node 20 of a fresh Debian machine one of their modules crashed the process
// (exit 139: argon2's native addon) before a line was printed.
const { WORKLOADS } = await import('./workloads.ts');

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: { full: { type: 'boolean' }, smoke: { type: 'boolean' }, only: { type: 'string' } },
  strict: true,
  allowPositionals: false,
});
if (values.full && values.smoke) throw new Error('--full and --smoke exclude each other');
const profile: Profile = values.full ? 'full' : values.smoke ? 'smoke' : 'small';
const only = values.only?.split(',').map((s) => s.trim().toLowerCase());

const selected = (w: Workload) => !only || only.includes(w.key) || w.numbers.some((n) => only.includes(n.toLowerCase()));

/** Rows of one workload at every size, joined by name: the largest size's figures, every size's growth point. */
function joinSizes(w: Workload, perSize: BenchRow[][]): BenchRow[] {
  const last = perSize[perSize.length - 1] ?? [];
  return last.map((row) => {
    if (w.single || perSize.length < 2) return { ...row, growth: { none: w.single ?? 'one size in this profile' } };
    const points = perSize.flatMap((rows) => {
      const same = rows.find((r) => r.name === row.name && r.workload === row.workload);
      return same && !('none' in same.growth) ? same.growth.points : [];
    });
    const unit = 'none' in row.growth ? '' : row.growth.unit;
    return { ...row, growth: { unit, points } };
  });
}

const started = new Date();
// The machine's 1-minute load average at start and end: a busy shared machine moves the absolute figures.
const loadAtStart = loadavg()[0]!;
const rows: BenchRow[] = [];
const skipped: BenchReport['skipped'] = [];
const raw: Record<string, unknown> = {};
const workloadSeconds: Record<string, number> = {};
for (const w of WORKLOADS.filter(selected)) {
  const workloadStarted = Date.now();
  const why = w.unavailable?.();
  if (why) {
    skipped.push({ workload: w.key, reason: why });
    console.log(`\n${w.key}: skipped — ${why}`);
    continue;
  }
  const perSize: BenchRow[][] = [];
  const results: unknown[] = [];
  try {
    for (const size of w.sizes[profile]) {
      console.log(`\n== ${w.key}: ${size.toLocaleString('en-US')} ${w.sizeUnit}`);
      const result = await w.run(size, profile);
      results.push(result);
      perSize.push(w.rows(result as never, size));
    }
  } catch (err) {
    // One workload failing must not lose the others' figures: the report says what failed.
    const message = err instanceof Error ? (err.stack ?? err.message) : String(err);
    console.error(`\n${w.key} failed: ${message}`);
    skipped.push({ workload: w.key, reason: `failed: ${err instanceof Error ? err.message : String(err)}` });
  }
  raw[w.key] = results;
  workloadSeconds[w.key] = Math.round((Date.now() - workloadStarted) / 1000);
  if (perSize.length) rows.push(...joinSizes(w, perSize));
}

const seconds = Math.round((Date.now() - started.getTime()) / 1000);
const report: BenchReport = {
  command: `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
  profile,
  environment: { ...(await environmentInfo(process.env.DATABASE_URL ? 'postgres' : 'pglite')), loadAverage: `${loadAtStart.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}` },
  startedAt: started.toISOString(),
  seconds,
  workloadSeconds,
  rows,
  skipped,
  raw,
};
printRows(`All workloads — ${profile} sizes, ${report.environment.database}, ${seconds} s`, rows);
for (const s of skipped) console.log(`${s.workload}: not run — ${s.reason}`);
console.log(`\ntime per workload: ${Object.entries(workloadSeconds).map(([k, v]) => `${k} ${v} s`).join(', ')}`);
const files = writeReport(report);
console.log(`\nreport: ${files.json}\n        ${files.md}`);
if (skipped.some((s) => s.reason.startsWith('failed'))) process.exitCode = 1;
