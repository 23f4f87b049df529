/**
 * The dashboard's first-load size budget (issue 16 W10): for each route in
 * apps/web/bundle-budget.json, the gzip bytes of JavaScript a browser downloads before the
 * route's first render, against the route's limit.
 *
 * What counts as loaded: every script index.html names (the entry, its modulepreloads and the
 * `<link rel="preload" as="script">` the build adds: downloaded on every first load, whichever
 * the route), plus each of the route's modules (`modules` in the budget file: manifest keys of
 * the code the router imports before it renders, e.g. the app, the shell, the page) and
 * everything those import statically, walked through the build's `.vite/manifest.json`.
 * Sizes are gzip level 9 of the emitted files, the same bytes the API serves precompressed.
 * kB = 1000 bytes, like Vite's build report.
 *
 *   tsx scripts/bundle-budget.ts [--dist <dir>] [--write]
 *
 * `--write` rewrites each route's breakdown (`totalKB`, `byOwnerKB`: its bytes by package or
 * source folder, `chunks`: size and what the chunk holds,
 * from `.vite/chunk-contents.json`, which apps/web/vite.config.ts writes) and the stack floor
 * (`floor`, scripts/bundle-floor.ts) so the budget file says where the bytes go and how low
 * they can go; limits, targets and route modules are never rewritten. Exits 1 when
 * a route is over its limit (`limitKB`); `targetKB` is only reported.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync, constants } from 'node:zlib';
import { z } from 'zod';
import { ownerShares } from './bundle-owners.ts';
import { measureFloor } from './bundle-floor.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const BUDGET_FILE = join(ROOT, 'apps/web/bundle-budget.json');

const manifestSchema = z.record(
  z.string(),
  z.object({ file: z.string(), name: z.string().optional(), imports: z.array(z.string()).optional() }),
);
type Manifest = z.infer<typeof manifestSchema>;

/** Per emitted chunk (file name under dist): its modules and their rendered length in bytes. */
const chunkContentsSchema = z.record(z.string(), z.record(z.string(), z.number()));
type ChunkContents = z.infer<typeof chunkContentsSchema>;

const chunkSchema = z.object({ chunk: z.string(), gzipKB: z.number(), note: z.string() });
const routeSchema = z.object({
  limitKB: z.number().positive(),
  /** Where the route should be (issue 16 W10: 170 kB); `limitKB` is what CI holds it to today. */
  targetKB: z.number().positive().optional(),
  modules: z.array(z.string()).min(1),
  totalKB: z.number().optional(),
  /** The route's bytes by package or source folder (each chunk's gzip size shared out by its modules' minified lengths). */
  byOwnerKB: z.record(z.string(), z.number()).optional(),
  chunks: z.array(chunkSchema).optional(),
});
/** The stack floor (scripts/bundle-floor.ts) as last written: what no route can go below without changing libraries. */
const floorSchema = z.object({ totalKB: z.number(), byOwnerKB: z.record(z.string(), z.number()) });
const budgetSchema = z.object({ $comment: z.string().optional(), floor: floorSchema.optional(), routes: z.record(z.string(), routeSchema) });
export type Budget = z.infer<typeof budgetSchema>;

export interface RouteReport {
  route: string;
  limitKB: number;
  targetKB: number | undefined;
  totalKB: number;
  /** The files counted (paths under dist, e.g. assets/main-…js). */
  files: string[];
  byOwnerKB: Record<string, number>;
  chunks: z.infer<typeof chunkSchema>[];
}

export function readBudget(file = BUDGET_FILE): Budget {
  return budgetSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

/** The scripts index.html makes the browser download: its module script and (module)preload links. */
function htmlScripts(html: string): string[] {
  const files: string[] = [];
  for (const tag of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const text = tag[0];
    const isScript = tag[1] === 'script' || /rel="modulepreload"/.test(text) || (/rel="preload"/.test(text) && /as="script"/.test(text));
    const url = /(?:src|href)="\/?([^"]+\.js)"/.exec(text)?.[1];
    if (isScript && url) files.push(url);
  }
  return files;
}

/** The files a manifest key loads: its own and, transitively, those of its static imports. */
function staticClosure(manifest: Manifest, key: string, into: Set<string>): void {
  const entry = manifest[key];
  if (!entry) throw new Error(`bundle-budget: ${key} is not in the build's manifest (a route module renamed? update apps/web/bundle-budget.json)`);
  if (into.has(entry.file)) return;
  into.add(entry.file);
  for (const dep of entry.imports ?? []) staticClosure(manifest, dep, into);
}

/** "what the chunk holds": its largest owners by rendered (minified, uncompressed) share. */
function noteFor(contents: ChunkContents | undefined, file: string): string {
  const modules = contents?.[file];
  if (!modules) return '(contents unknown: no .vite/chunk-contents.json)';
  const top = ownerShares(modules);
  if (top.length === 0) return '(empty)';
  const shown = top.slice(0, 4).map(([owner, share]) => `${owner} ${Math.round(100 * share)}%`);
  if (top.length > 4) shown.push(`${top.length - 4} more`);
  return shown.join(', ');
}

/** A chunk's name without its content hash (assets/mui-DCrl0lbg.js → mui), stable across builds. */
function chunkName(file: string): string {
  return file.replace(/^assets\//, '').replace(/-[\w-]{8}\.js$/, '');
}

const kB = (bytes: number) => Math.round(bytes / 10) / 100;

/** Each budgeted route's first-load JavaScript in `dist`, largest chunk first. */
export function measure(dist: string, budget: Budget): RouteReport[] {
  const manifest = manifestSchema.parse(JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')));
  let contents: ChunkContents | undefined;
  try {
    contents = chunkContentsSchema.parse(JSON.parse(readFileSync(join(dist, '.vite/chunk-contents.json'), 'utf8')));
  } catch {
    contents = undefined;
  }
  const fromHtml = htmlScripts(readFileSync(join(dist, 'index.html'), 'utf8'));
  const sizes = new Map<string, number>();
  const gzipSize = (file: string) => {
    let size = sizes.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(dist, file)), { level: constants.Z_BEST_COMPRESSION }).length;
      sizes.set(file, size);
    }
    return size;
  };
  return Object.entries(budget.routes).map(([route, { limitKB, targetKB, modules }]) => {
    const files = new Set<string>();
    for (const file of fromHtml) files.add(file);
    for (const key of modules) staticClosure(manifest, key, files);
    const chunks = [...files]
      .map((file) => ({ file, bytes: gzipSize(file) }))
      .sort((a, b) => b.bytes - a.bytes || a.file.localeCompare(b.file))
      .map(({ file, bytes }) => ({ chunk: chunkName(file), gzipKB: kB(bytes), note: noteFor(contents, file) }));
    const total = [...files].reduce((sum, file) => sum + gzipSize(file), 0);
    // Estimated: gzip does not split by module, so each chunk's size is shared out by minified length.
    const byOwner = new Map<string, number>();
    for (const file of files) {
      for (const [owner, share] of ownerShares(contents?.[file] ?? {})) byOwner.set(owner, (byOwner.get(owner) ?? 0) + share * gzipSize(file));
    }
    const byOwnerKB = Object.fromEntries(
      [...byOwner]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 20)
        .map(([owner, bytes]) => [owner, kB(bytes)]),
    );
    return { route, limitKB, targetKB, totalKB: kB(total), files: [...files].sort(), byOwnerKB, chunks };
  });
}

/** The budget file with each route's breakdown and the floor replaced by the measured ones. */
export function withBreakdown(budget: Budget, reports: RouteReport[], floor: Budget['floor']): Budget {
  const routes = Object.fromEntries(
    Object.entries(budget.routes).map(([route, entry]) => {
      const report = reports.find((r) => r.route === route);
      return [route, { limitKB: entry.limitKB, targetKB: entry.targetKB, modules: entry.modules, totalKB: report?.totalKB, byOwnerKB: report?.byOwnerKB, chunks: report?.chunks }];
    }),
  );
  return { ...budget, floor, routes };
}

async function main(): Promise<void> {
  const { values: args } = parseArgs({ options: { dist: { type: 'string' }, write: { type: 'boolean', default: false } } });
  const dist = resolve(args.dist ?? process.env.E2E_WEB_DIST ?? join(ROOT, 'apps/web/dist'));
  const budget = readBudget();
  const reports = measure(dist, budget);
  let over = false;
  for (const { route, limitKB, targetKB, totalKB, byOwnerKB, chunks } of reports) {
    const fits = totalKB <= limitKB;
    over ||= !fits;
    const target = targetKB === undefined ? '' : `, target ${targetKB} kB${totalKB > targetKB ? ` (${Math.round((totalKB - targetKB) * 100) / 100} kB to go)` : ' met'}`;
    console.log(`${fits ? 'ok  ' : 'OVER'} ${route}: ${totalKB} kB gzip, limit ${limitKB} kB${target} (${chunks.length} chunks)`);
    console.log(`       by package: ${Object.entries(byOwnerKB).slice(0, 10).map(([owner, size]) => `${owner} ${size}`).join(', ')}`);
    for (const chunk of chunks.slice(0, 8)) console.log(`       ${chunk.gzipKB.toFixed(2).padStart(7)} kB  ${chunk.chunk}: ${chunk.note}`);
  }
  if (args.write) {
    const { totalKB, byOwnerKB } = await measureFloor();
    const floor = { totalKB, byOwnerKB: Object.fromEntries(Object.entries(byOwnerKB).slice(0, 12)) };
    writeFileSync(BUDGET_FILE, `${JSON.stringify(withBreakdown(budget, reports, floor), null, 2)}\n`);
    console.log(`wrote ${BUDGET_FILE}`);
  }
  if (over) process.exitCode = 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
