import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness.ts';
import type { Database } from './database.ts';
import { SCHEMA_TYPES_PATH, generateSchemaTypes } from './schema-codegen.ts';

/**
 * `Db` is typed by db/schema.generated.ts. A migration that changes the schema without
 * regenerating it leaves repositories compiled against tables and columns that no longer
 * exist (or miss new ones): this test generates the file from a freshly migrated database
 * (PGlite, or PostgreSQL with DATABASE_URL — both give the same text) and compares.
 */
describe('db/schema.generated.ts', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let generated: string;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    generated = await generateSchemaTypes(database.db);
  });
  afterAll(async () => drop?.());

  it('matches the migrated schema', () => {
    const checkedIn = readFileSync(SCHEMA_TYPES_PATH, 'utf8').replace(/\r\n/g, '\n');
    expect(checkedIn, 'apps/api/src/db/schema.generated.ts is stale: run npm run db:types').toBe(generated);
  });

  it('is deterministic and describes tables and the access views', async () => {
    expect(await generateSchemaTypes(database.db)).toBe(generated);
    expect(generated).toMatch(/^\/\*\*\n \* GENERATED FILE — do not edit\./);
    expect(generated).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/); // no generation timestamp
    // Tables keep their SQL names (camelCase: false); views are part of `DB` (repositories read them).
    expect(generated).toMatch(/export interface DB \{[^}]*\n {2}device: Device;/);
    expect(generated).toMatch(/export interface DB \{[^}]*\n {2}user_application_role: UserApplicationRole;/);
    expect(generated).toMatch(/export interface Device \{[^}]*\n {2}belongs_to__application: number \| null;/);
  });
});
