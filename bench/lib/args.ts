import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

/**
 * `--name value` integer options for the bench entry points. Unknown flags are an error so a
 * typo (`--device 10`) does not silently run the default size.
 */
export function readIntOptions<K extends string>(argv: readonly string[], defaults: Record<K, number>): Record<K, number> {
  const options = Object.fromEntries(Object.keys(defaults).map((k) => [k, { type: 'string' as const }]));
  const { values } = parseArgs({ args: [...argv], options, strict: true, allowPositionals: false });
  const out = { ...defaults };
  for (const key of Object.keys(defaults) as K[]) {
    const raw = (values as Record<string, string | undefined>)[key];
    if (raw === undefined) continue;
    const n = Number(raw.replace(/_/g, ''));
    if (!Number.isSafeInteger(n) || n < 0) throw new Error(`--${key} must be a non-negative integer, got "${raw}"`);
    out[key] = n;
  }
  return out;
}

/** True when the module is the process entry point (run alone rather than imported by run.ts). */
export function isMain(moduleUrl: string): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  return moduleUrl === pathToFileURL(resolve(entry)).href;
}
