import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { measure, readBudget } from './bundle-budget.ts';
import { measureFloor } from './bundle-floor.ts';

/**
 * The dashboard's first-load budget (issue 16 W10) on the built dashboard: `npm test` builds
 * apps/web/dist before the suites run (scripts/ensure.mjs), E2E_WEB_DIST points at another
 * build. Sizes come from the build's own files, so the result is the same on every machine.
 */
const dist = resolve(process.env.E2E_WEB_DIST ?? join(import.meta.dirname, '../apps/web/dist'));

/** How far the recorded breakdown may drift before it must be rewritten (kB gzip). */
const BREAKDOWN_TOLERANCE_KB = 10;

describe('dashboard first-load JavaScript budget', () => {
  const budget = readBudget();
  const reports = existsSync(join(dist, '.vite/manifest.json')) ? measure(dist, budget) : null;

  it('has a build with a manifest to measure', () => {
    expect(reports, `no ${dist}/.vite/manifest.json: build the dashboard (npm run build -w @flotilla/web)`).not.toBeNull();
  });

  // The floor the budget file quotes (the design's libraries alone, apps/web/floor) is the one
  // they build to today: a library upgrade that moves it shows here, not only in the bench.
  it('records the current stack floor', async () => {
    const floor = await measureFloor();
    expect(floor.byOwnerKB).toHaveProperty('react-dom');
    expect(budget.floor, 'no floor: run npx tsx scripts/bundle-budget.ts --dist <build> --write').toBeDefined();
    expect(Math.abs((budget.floor?.totalKB ?? 0) - floor.totalKB), `recorded ${budget.floor?.totalKB} kB, built ${floor.totalKB} kB`).toBeLessThanOrEqual(BREAKDOWN_TOLERANCE_KB);
  }, 60_000);

  it('budgets /login and /fleets', () => {
    expect(Object.keys(budget.routes)).toEqual(expect.arrayContaining(['/login', '/fleets']));
  });

  for (const route of Object.keys(budget.routes)) {
    it(`${route} loads no more JavaScript than its limit`, () => {
      const report = reports?.find((r) => r.route === route);
      expect(report).toBeDefined();
      if (!report) return;
      const top = report.chunks
        .slice(0, 5)
        .map((c) => `${c.chunk} ${c.gzipKB} kB (${c.note})`)
        .join('; ');
      expect(report.totalKB, `${route}: ${report.totalKB} kB gzip, limit ${report.limitKB} kB. Largest: ${top}`).toBeLessThanOrEqual(report.limitKB);
    });

    it(`${route}'s breakdown in apps/web/bundle-budget.json is current`, () => {
      const report = reports?.find((r) => r.route === route);
      const recorded = budget.routes[route]?.totalKB;
      expect(recorded, 'no breakdown: run npx tsx scripts/bundle-budget.ts --write').toBeDefined();
      expect(
        Math.abs((recorded ?? 0) - (report?.totalKB ?? 0)),
        `recorded ${recorded} kB, built ${report?.totalKB} kB: run npx tsx scripts/bundle-budget.ts --dist <build> --write`,
      ).toBeLessThanOrEqual(BREAKDOWN_TOLERANCE_KB);
    });
  }
});
