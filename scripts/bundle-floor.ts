/**
 * The stack floor of issue 16 W10: builds apps/web/floor (a sign-in page made of the design's
 * libraries alone, no Flotilla code) with Vite and weighs its JavaScript the way
 * scripts/bundle-budget.ts weighs a route: gzip level 9 of every script the page loads, kB =
 * 1000 bytes. A route's first load can go no lower than this without changing the stack, so
 * the bench reports each route against it (bench/bundle-size.bench.ts) and the budget file
 * says how far the 170 kB target is below it.
 *
 * `--page fleets` builds apps/web/floor/fleets instead: the /fleets floor, the signed-in shell
 * and the fleet list made of the same libraries and exactly the MUI components and icons that
 * /fleets' first load imports (docs/performance.md, W10).
 *
 *   tsx scripts/bundle-floor.ts [--page login|fleets] [--out <dir>]
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { ownerShares } from './bundle-owners.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** Each floor page's folder (its index.html and main.tsx): the sign-in floor and the /fleets floor. */
const FLOOR_PAGES = { login: join(ROOT, 'apps/web/floor'), fleets: join(ROOT, 'apps/web/floor/fleets') } as const;
export type FloorPage = keyof typeof FLOOR_PAGES;
const isFloorPage = (page: string): page is FloorPage => Object.hasOwn(FLOOR_PAGES, page);

export interface FloorReport {
  totalKB: number;
  files: { file: string; gzipKB: number }[];
  /** The floor's bytes by package, largest first (gzip shared out by minified length, as in the budget file). */
  byOwnerKB: Record<string, number>;
}

const kB = (bytes: number) => Math.round(bytes / 10) / 100;

/** Builds a floor page (the sign-in floor by default) into `outDir` (a fresh temporary folder by default) and weighs it. */
export async function measureFloor(outDir?: string, page: FloorPage = 'login'): Promise<FloorReport> {
  const out = outDir ?? mkdtempSync(join(tmpdir(), 'flotilla-floor-'));
  // Per emitted chunk, its modules' minified lengths: where the floor's bytes go.
  const modules = new Map<string, Record<string, number>>();
  const contents: Plugin = {
    name: 'floor-contents',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk') modules.set(chunk.fileName, Object.fromEntries(Object.entries(chunk.modules).map(([id, m]) => [id, m.renderedLength])));
      }
    },
  };
  try {
    await build({
      configFile: false,
      root: FLOOR_PAGES[page],
      logLevel: 'silent',
      // Production React and MUI even when the caller's NODE_ENV says otherwise (vitest sets "test").
      mode: 'production',
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      plugins: [react(), contents],
      build: { outDir: out, emptyOutDir: true, sourcemap: false },
    });
    // No dynamic imports in the floor: every emitted script is on the first load.
    const assets = join(out, 'assets');
    const files = readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .map((f) => ({ file: `assets/${f}`, gzipKB: kB(gzipSync(readFileSync(join(assets, f)), { level: constants.Z_BEST_COMPRESSION }).length) }));
    const byOwner = new Map<string, number>();
    for (const { file, gzipKB } of files) {
      for (const [owner, share] of ownerShares(modules.get(file) ?? {})) byOwner.set(owner, (byOwner.get(owner) ?? 0) + share * gzipKB);
    }
    const byOwnerKB = Object.fromEntries([...byOwner].sort((a, b) => b[1] - a[1]).map(([owner, size]) => [owner, Math.round(size * 100) / 100]));
    return { totalKB: Math.round(files.reduce((s, f) => s + f.gzipKB, 0) * 100) / 100, files, byOwnerKB };
  } finally {
    if (!outDir) rmSync(out, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' }, page: { type: 'string', default: 'login' } } });
  const page = values.page;
  if (!isFloorPage(page)) throw new Error(`bundle-floor: --page is one of ${Object.keys(FLOOR_PAGES).join(', ')}, not ${page}`);
  const report = await measureFloor(values.out ? resolve(values.out) : undefined, page);
  console.log(`stack floor (${relative(ROOT, FLOOR_PAGES[page])}): ${report.totalKB} kB gzip in ${report.files.length} file(s)`);
  console.log(`  by package: ${Object.entries(report.byOwnerKB).map(([owner, size]) => `${owner} ${size}`).join(', ')}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
