import type { z } from 'zod';
import { ResponseShapeError } from './odata.ts';

/**
 * Checks a non-OData answer (`apiRequest` returns `unknown`) against its response schema from
 * `@flotilla/core/schemas/*`, the one the server route validates with. A mismatch is a
 * ResponseShapeError naming the route, as for OData reads (lib/odata.ts).
 */
export function parseResponse<S extends z.ZodType>(schema: S, route: string, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ResponseShapeError(route, result.error.issues);
  return result.data;
}
