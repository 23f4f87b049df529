import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { validationErrorBody } from './zod-validation.ts';
import { mapDbError } from '../odata/write-errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route is a download clients stream (balena-sdk `downloadInvoice`, `release.asset.download`):
     * its errors answer the message alone as `text/plain`. balena-request's stream path makes the
     * whole body the error's message, so a JSON body read "Request error: {"error":"…"}" there; a
     * text body reads the same on its other path (and in the dashboard's download, which takes either).
     */
    errorsAsText?: boolean;
  }
}

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
 * Bodies are `{"error": "...", "code"?}`: balena-request reads `body.error` as the message;
 * on an `errorsAsText` route (a streamed download) the message alone, as text.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  const answer = (request: FastifyRequest, reply: FastifyReply, status: number, body: { error: string; code?: string }) =>
    request.routeOptions.config?.errorsAsText === true ? reply.status(status).type('text/plain; charset=utf-8').send(body.error) : reply.status(status).send(body);
  app.setErrorHandler((err, request, reply) => {
    // A statement cancelled by statement_timeout is a 503 "took too long", never a bare 500.
    const limited = queryLimitError(err);
    if (limited) {
      request.log.warn({ err }, 'query cancelled by a database limit');
      return answer(request, reply, limited.status, { error: limited.message, ...(limited.code ? { code: limited.code } : {}) });
    }
    if (err instanceof AppError) {
      if (err.status >= 500) request.log.error({ err }, 'request failed');
      if (err.headers) void reply.headers(err.headers);
      return answer(request, reply, err.status, { error: err.message, ...(err.code ? { code: err.code } : {}) });
    }
    // A route schema refused the request: `{"error": "<path>: <message>"}` (zod-validation.ts).
    const invalid = validationErrorBody(err as FastifyError);
    if (invalid) return answer(request, reply, 400, invalid);
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return answer(request, reply, status, { error: (err as Error).message });
    }
    request.log.error({ err }, 'unhandled error');
    return answer(request, reply, 500, { error: 'Internal server error' });
  });
  app.setNotFoundHandler((request, reply) => reply.status(404).send({ error: `Not found: ${request.method} ${request.url.split('?')[0]}` }));
}
