import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';

/**
 * Maps AppError to its status and message; Fastify's own 4xx (bad JSON, body too large)
 * keep their status; anything else is a 500 whose details go to the log only.
 * Bodies are `{"error": "...", "code"?}`: balena-request reads `body.error` as the message.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err, request, reply) => {
    if (err instanceof AppError) {
      if (err.headers) void reply.headers(err.headers);
      return reply.status(err.status).send({ error: err.message, ...(err.code ? { code: err.code } : {}) });
    }
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send({ error: (err as Error).message });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: 'Internal server error' });
  });
  app.setNotFoundHandler((request, reply) => reply.status(404).send({ error: `Not found: ${request.method} ${request.url.split('?')[0]}` }));
}
