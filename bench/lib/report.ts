import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Output of a benchmark: a small fixed-width table on stdout and the full result as
 * `bench/results/<name>.json` (git-ignored) so runs can be compared by a script later.
 */
export type Cell = string | number;

// BENCH_RESULTS_DIR: elsewhere (the test command's smoke run writes into its own results folder).
export const RESULTS_DIR = process.env.BENCH_RESULTS_DIR || join(dirname(fileURLToPath(import.meta.url)), '..', 'results');

export function formatNumber(n: number, digits = 2): string {
  if (!Number.isFinite(n)) return '∞';
  return n >= 1000 ? Math.round(n).toLocaleString('en-US') : n.toFixed(digits);
}

/** Columns are right-aligned (numbers) after the first; `leftAligned` = how many columns from the left read as text. */
export function printTable(title: string, header: readonly string[], rows: readonly (readonly Cell[])[], leftAligned = 1): void {
  const text = rows.map((r) => r.map((c) => (typeof c === 'number' ? formatNumber(c) : c)));
  const widths = header.map((h, i) => Math.max(h.length, ...text.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => (i < leftAligned ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of text) console.log(line(r));
}

export function writeResult(name: string, result: unknown): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `${name}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  return file;
}

/** Machine facts stored with every result: ratios are only comparable on like hardware. */
export async function environmentInfo(databaseKind: string): Promise<Record<string, unknown>> {
  const os = await import('node:os');
  return {
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    database: databaseKind,
    at: new Date().toISOString(),
  };
}

/**
 * The common row of `npm run bench` (issue 16): one measured figure, the ceiling it is held
 * against (or why there is none), their ratio, the target and whether it holds, and how the
 * cost grew with the size of the workload. Every workload turns its own result into rows
 * (bench/workloads.ts), so one table and one report cover them all.
 */
export interface Target {
  /** What the target bounds: the ratio to the ceiling, or the figure itself. */
  on: 'ratio' | 'figure';
  op: '<' | '<=' | '>=';
  value: number;
  /** As printed, e.g. "≥ 0.20× bare Fastify". */
  text: string;
}

export interface GrowthPoint {
  /** Devices, lines, links, fleets… (the row's `sizeUnit`). */
  size: number;
  /** The row's growth measure at that size (`growthUnit`, usually a latency in ms). */
  value: number;
}

export interface BenchRow {
  /** Issue 16's workload number (W1…W12) or the bench's name when it has none. */
  workload: string;
  name: string;
  figure: number;
  /** "req/s", "ms p95", "KB/link"… */
  unit: string;
  /** The same measure of the ceiling, in `unit`; null when there is none (`ceilingNote` says why). */
  ceiling: number | null;
  /** What the ceiling is, or why the row has none. */
  ceilingNote: string;
  /** As the target reads it (e.g. app ÷ ceiling req/s); null without a ceiling. */
  ratio: number | null;
  target: Target | null;
  /** The size the figure was measured at, e.g. "1 000 devices". */
  size: string;
  sizeUnit: string;
  /** Time (or the row's cost) at 1×, 10×, 100× the size; `none` says why it was not recorded. */
  growth: { unit: string; points: GrowthPoint[] } | { none: string };
  /** Further facts a reader needs next to the figure (statements per request, losses…). */
  notes: string[];
}

export type Verdict = 'PASS' | 'MISS' | 'n/a';

export function verdict(row: BenchRow): Verdict {
  const t = row.target;
  if (!t) return 'n/a';
  const v = t.on === 'ratio' ? row.ratio : row.figure;
  if (v === null || !Number.isFinite(v)) return 'MISS';
  return t.op === '<' ? (v < t.value ? 'PASS' : 'MISS') : t.op === '<=' ? (v <= t.value ? 'PASS' : 'MISS') : v >= t.value ? 'PASS' : 'MISS';
}

/**
 * How the cost grows from the smallest to the largest size, as the exponent k of cost ∝ size^k
 * (0 flat, 1 linear, 2 quadratic). Null when fewer than two positive points.
 */
export function growthExponent(points: readonly GrowthPoint[]): number | null {
  const usable = points.filter((p) => p.size > 0 && p.value > 0);
  if (usable.length < 2) return null;
  const a = usable[0]!;
  const b = usable[usable.length - 1]!;
  if (a.size === b.size) return null;
  return Math.round((Math.log(b.value / a.value) / Math.log(b.size / a.size)) * 100) / 100;
}

function growthText(row: BenchRow): string {
  if ('none' in row.growth) return `— (${row.growth.none})`;
  const { unit, points } = row.growth;
  const k = growthExponent(points);
  return `${points.map((p) => `${formatNumber(p.size, 0)}: ${formatNumber(p.value)}`).join(' · ')} ${unit}${k === null ? '' : ` (k=${k})`}`;
}

/** The row as table cells (stdout and markdown share them). */
function rowCells(row: BenchRow): string[] {
  return [
    row.workload,
    row.name,
    row.size,
    `${formatNumber(row.figure)} ${row.unit}`,
    row.ceiling === null ? `none: ${row.ceilingNote}` : `${formatNumber(row.ceiling)} ${row.unit}`,
    row.ratio === null ? '—' : `${row.ratio}×`,
    row.target?.text ?? '—',
    verdict(row),
    growthText(row),
    row.notes.join('; '),
  ];
}

const ROW_HEADER = ['W', 'row', 'size', 'figure', 'ceiling', 'ratio', 'target', 'verdict', 'growth 1× · 10× · 100×', 'notes'] as const;

export function printRows(title: string, rows: readonly BenchRow[]): void {
  printTable(title, ROW_HEADER, rows.map(rowCells), ROW_HEADER.length);
  const pass = rows.filter((r) => verdict(r) === 'PASS').length;
  const miss = rows.filter((r) => verdict(r) === 'MISS').length;
  console.log(`\n${pass} PASS, ${miss} MISS, ${rows.length - pass - miss} without a target`);
}

export function rowsMarkdown(rows: readonly BenchRow[]): string {
  const esc = (s: string) => s.replace(/\|/g, '\\|');
  return [`| ${ROW_HEADER.join(' | ')} |`, `| ${ROW_HEADER.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${rowCells(r).map(esc).join(' | ')} |`)].join('\n');
}

export interface BenchReport {
  command: string;
  profile: 'small' | 'full' | 'smoke';
  environment: Record<string, unknown>;
  startedAt: string;
  seconds: number;
  /** Each workload's share of `seconds`, at all its sizes (what makes a run long). */
  workloadSeconds: Record<string, number>;
  rows: BenchRow[];
  /** Workloads not run, and why (e.g. failover without DATABASE_URL and REDIS_URL). */
  skipped: Array<{ workload: string; reason: string }>;
  /** Each workload's own result object at every size, for comparing runs later. */
  raw: Record<string, unknown>;
}

/** Writes `bench/results/report-<date>.json` and `.md`; returns both paths. */
export function writeReport(report: BenchReport): { json: string; md: string } {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const stamp = report.startedAt.replace(/:/g, '-').replace(/\.\d+Z$/, 'Z');
  const json = join(RESULTS_DIR, `report-${stamp}.json`);
  const md = join(RESULTS_DIR, `report-${stamp}.md`);
  writeFileSync(json, `${JSON.stringify(report, null, 2)}\n`);
  const env = Object.entries(report.environment).map(([k, v]) => `${k} ${String(v)}`).join(', ');
  const skipped = report.skipped.map((s) => `- ${s.workload}: not run — ${s.reason}`).join('\n');
  writeFileSync(
    md,
    `# Bench report ${report.startedAt}\n\nCommand: \`${report.command}\` (${report.profile} sizes), ${report.seconds} s (${Object.entries(report.workloadSeconds).map(([k, v]) => `${k} ${v} s`).join(', ')}).\n\nMachine: ${env}.\n\n${rowsMarkdown(report.rows)}\n${skipped ? `\n${skipped}\n` : ''}`,
  );
  return { json, md };
}
