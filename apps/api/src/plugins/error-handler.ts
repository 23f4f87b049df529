import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { validationErrorBody } from './zod-validation.ts';
import { mapDbError } from '../odata/write-errors.ts';

/** SQLSTATEs that describe the query, not a bug: answered the same on every route (OData or not). */
const QUERY_LIMIT_CODES = new Set(['57014', '54000', '54001']);

function queryLimitError(err: unknown): AppError | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && QUERY_LIMIT_CODES.has(code) ? mapDbError(err, undefined, 'read') : undefined;
}

/**
 * Maps AppError to its status and message; Fastify's own 4xx (bad JSON, body too large)
 * keep their status; anything else is a 500 whose details go to the log only.
 * Every 5xx is logged at `error` with the error and its `cause` chain (pino's serializer),
 * under the request's id, so an operator can find why a user saw "Internal server error".
 * Bodies are `{"error": "...", "code"?}`: balena-request reads `body.error` as the message.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err, request, reply) => {
    // A statement cancelled by statement_timeout is a 503 "took too long", never a bare 500.
    const limited = queryLimitError(err);
    if (limited) {
      request.log.warn({ err }, 'query cancelled by a database limit');
      return reply.status(limited.status).send({ error: limited.message, code: limited.code });
    }
    if (err instanceof AppError) {
      if (err.status >= 500) request.log.error({ err }, 'request failed');
      if (err.headers) void reply.headers(err.headers);
      return reply.status(err.status).send({ error: err.message, ...(err.code ? { code: err.code } : {}) });
    }
    // A route schema refused the request: `{"error": "<path>: <message>"}` (zod-validation.ts).
    const invalid = validationErrorBody(err as FastifyError);
    if (invalid) return reply.status(400).send(invalid);
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send({ error: (err as Error).message });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: 'Internal server error' });
  });
  app.setNotFoundHandler((request, reply) => reply.status(404).send({ error: `Not found: ${request.method} ${request.url.split('?')[0]}` }));
}
