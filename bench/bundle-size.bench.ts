import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { measure, readBudget, type RouteReport } from '../scripts/bundle-budget.ts';
import { measureFloor, type FloorReport } from '../scripts/bundle-floor.ts';
import type { BenchRow } from './lib/report.ts';

/**
 * W10, dashboard first load (issue 16): builds the dashboard from source into a temporary
 * folder and weighs each route of apps/web/bundle-budget.json (scripts/bundle-budget.ts), against
 * the stack floor built in the same run (scripts/bundle-floor.ts: the design's libraries making
 * a sign-in page, no Flotilla code). Deterministic: CI holds the same figures to the budget's
 * limits (scripts/bundle-budget.test.ts); here they sit in the report with the others.
 */
const WEB = join(dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'web');
export const W10_TARGET_KB = 170;

export interface BundleSizeResult {
  routes: RouteReport[];
  floor: FloorReport;
}

export async function runBundleSizeBench(): Promise<BundleSizeResult> {
  const out = mkdtempSync(join(tmpdir(), 'flotilla-bench-web-'));
  try {
    await build({ root: WEB, logLevel: 'silent', build: { outDir: out, emptyOutDir: true } });
    return { routes: measure(out, readBudget()), floor: await measureFloor() };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

export function bundleSizeRows(r: BundleSizeResult): BenchRow[] {
  const floorTop = Object.entries(r.floor.byOwnerKB)
    .slice(0, 4)
    .map(([owner, size]) => `${owner} ${size}`)
    .join(', ');
  return r.routes.map((route) => ({
    workload: 'W10',
    name: `first-load JavaScript of ${route.route}`,
    figure: route.totalKB,
    unit: 'kB gzip',
    ceiling: r.floor.totalKB,
    ceilingNote: 'the stack floor: a sign-in page of the design’s libraries alone (apps/web/floor)',
    ratio: Math.round((route.totalKB / r.floor.totalKB) * 100) / 100,
    target: { on: 'figure', op: '<=', value: W10_TARGET_KB, text: `≤ ${W10_TARGET_KB} kB` },
    size: `${route.chunks.length} chunks`,
    sizeUnit: 'chunks',
    growth: { none: 'a size in bytes, not a fleet-sized input' },
    notes: [
      `CI limit ${route.limitKB} kB`,
      `floor ${r.floor.totalKB} kB: ${floorTop}`,
      `largest: ${Object.entries(route.byOwnerKB).slice(0, 4).map(([owner, size]) => `${owner} ${size}`).join(', ')}`,
    ],
  }));
}
