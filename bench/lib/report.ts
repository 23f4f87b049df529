import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Output of a benchmark: a small fixed-width table on stdout and the full result as
 * `bench/results/<name>.json` (git-ignored) so runs can be compared by a script later.
 */
export type Cell = string | number;

export const RESULTS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'results');

export function formatNumber(n: number, digits = 2): string {
  if (!Number.isFinite(n)) return '∞';
  return n >= 1000 ? Math.round(n).toLocaleString('en-US') : n.toFixed(digits);
}

export function printTable(title: string, header: readonly string[], rows: readonly (readonly Cell[])[]): void {
  const text = rows.map((r) => r.map((c) => (typeof c === 'number' ? formatNumber(c) : c)));
  const widths = header.map((h, i) => Math.max(h.length, ...text.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
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
