import type { z } from 'zod';
import { badRequest } from '../lib/errors.ts';

/** Validates a request body at the boundary; the first issue becomes a 400 message. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    const path = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    throw badRequest(`${path}${issue?.message ?? 'Invalid request body'}`);
  }
  return result.data;
}
