import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { validationErrorBody } from './zod-validation.ts';

/**
 * Maps AppError to its status and message; Fastify's own 4xx (bad JSON, body too large)
 * keep their status; anything else is a 500 whose details go to the log only.
 * Every 5xx is logged at `error` with the error and its `cause` chain (pino's serializer),
 * under the request's id, so an operator can find why a user saw "Internal server error".
 * Bodies are `{"error": "...", "code"?}`: balena-request reads `body.error` as the message.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err, request, reply) => {
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
