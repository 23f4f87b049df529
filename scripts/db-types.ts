/**
 * `npm run db:types` (`tsx scripts/db-types.ts`): regenerates apps/api/src/db/schema.generated.ts,
 * the Kysely `DB` interface of the migrated schema, after a migration changed it. Migrates a
 * scratch database with the server's own code — in-memory PGlite, or with DATABASE_URL a fresh
 * PostgreSQL database created and dropped next to it, as the integration tests do — and
 * introspects it with kysely-codegen (apps/api/src/db/schema-codegen.ts).
 * `--check`: writes nothing, exits 1 when the file is stale (what db/schema-types.int.test.ts asserts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { ensureSupportedNode } from './node-runtime.mjs';

// The server's modules load only once on a supported Node.js (as npm start's): imported
// statically they were evaluated first, and on Node 20 a native addon of theirs (argon2) crashes
// the process with no message.
await ensureSupportedNode();
const { SCHEMA_TYPES_PATH, generateSchemaTypes } = await import('../apps/api/src/db/schema-codegen.ts');
const { openTestDatabase } = await import('../apps/api/src/test/harness.ts');

const check = process.argv.includes('--check');
const file = relative(process.cwd(), SCHEMA_TYPES_PATH);
const { database, drop } = await openTestDatabase();
let text: string;
try {
  text = await generateSchemaTypes(database.db);
} finally {
  await drop();
}
let current: string | undefined;
try {
  current = readFileSync(SCHEMA_TYPES_PATH, 'utf8');
} catch {
  current = undefined;
}
if (current === text) {
  console.log(`${file} is up to date (${database.kind}).`);
} else if (check) {
  console.error(`${file} is stale: run npm run db:types`);
  process.exitCode = 1;
} else {
  writeFileSync(SCHEMA_TYPES_PATH, text);
  console.log(`Wrote ${file} (${database.kind}).`);
}
