import { z } from 'zod';

/**
 * Building blocks of the OData row schemas the dashboard parses answers with. Each resource's
 * file states the full row as the API serves it; a query `.pick()`s what it `$select`s.
 *
 * Every file here exports `resource` (the canonical name) and `row` (a `z.object`); the test
 * apps/api/src/model/odata-row-schemas.test.ts checks each key against the resource model, so
 * the two cannot drift apart. Import as `import * as apiKey from '@flotilla/core/schemas/odata/api-key'`.
 */

/** An integer id. */
export const id = z.number().int();

/** A timestamp as the API serialises it (ISO 8601 text). */
export const timestamp = z.string();

/** A navigation that was not expanded: `{"__id": n}` (compat §2), or null when unset. */
export const deferredLink = z.object({ __id: id }).nullable();

/** An expanded single-valued navigation: balena's OData always serialises it as an array. */
export function expanded<S extends z.ZodType>(row: S) {
  return z.array(row);
}
