import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { kyselyOver } from './database.ts';
import { migrationsFingerprint, runMigrations } from './migrate.ts';
import { createPglitePool, openPglite } from './pool.ts';

/**
 * A freshly migrated PGlite data directory, dumped once and loaded by every scratch database
 * (tests, benches, the browser suite's stacks): starting PGlite from it takes ~1.1 s, against
 * ~3 s for initdb and ~100 migrations, and a test run opens hundreds of databases. It is held
 * as a plain tar (47 MB): PGlite would otherwise unpack the gzip again for every database
 * (~0.4 s each).
 *
 * Kept in memory for the process and on disk for the next ones (vitest's workers, the next
 * run), under node_modules/.cache/flotilla, named by the PGlite version and a hash of every
 * migration (migrate.ts): a changed or added migration, or another PGlite, makes a new one. A
 * dump is written to a temporary name and renamed, so parallel workers never read half a file;
 * if the cache cannot be written, the dump is only kept in memory. openDatabase still runs the
 * migrations over it (each one recorded is skipped), so a template can never be behind.
 */
const CACHE_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../../node_modules/.cache/flotilla');

let memo: Promise<Blob> | undefined;

export function migratedPgliteTemplate(): Promise<Blob> {
  memo ??= loadOrMake().catch((error: unknown) => {
    memo = undefined;
    throw error;
  });
  return memo;
}

function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  let dir = dirname(require.resolve('@electric-sql/pglite'));
  // The package's exports do not include package.json: walk up from its entry point.
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@electric-sql/pglite' && pkg.version) return pkg.version;
    } catch {
      // no package.json at this level
    }
    const up = dirname(dir);
    if (up === dir) return 'unknown';
    dir = up;
  }
}

/** Where this PGlite's template for these migrations is kept. */
export function pgliteTemplateFile(): string {
  return join(CACHE_DIR, `pglite-${pgliteVersion()}-${migrationsFingerprint().slice(0, 16)}.tar.gz`);
}

async function loadOrMake(): Promise<Blob> {
  const file = pgliteTemplateFile();
  try {
    return tarBlob(gunzipSync(readFileSync(file)));
  } catch {
    // not made yet
  }
  const pglite = await openPglite(undefined);
  const db = kyselyOver(createPglitePool(pglite));
  try {
    await runMigrations(db);
    const dump = Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer());
    try {
      mkdirSync(CACHE_DIR, { recursive: true });
      const partial = `${file}.${process.pid}.${Date.now()}.partial`;
      writeFileSync(partial, gzipSync(dump, { level: 1 }));
      renameSync(partial, file);
    } catch {
      // A read-only checkout: the dump serves this process only.
    }
    return tarBlob(dump);
  } finally {
    await db.destroy();
  }
}

/** A tar PGlite takes as it is (its type says it is no gzip). */
function tarBlob(tar: Uint8Array): Blob {
  return new Blob([tar], { type: 'application/x-tar' });
}
