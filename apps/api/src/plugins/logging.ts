import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import { LogController, type FastifyLoggerOptions, type FastifyReply, type FastifyRequest } from 'fastify';

/** Where log lines are written (stdout by default; tests pass a collector). */
export type LogStream = NonNullable<FastifyLoggerOptions['stream']>;
import type { LogLevel } from '../lib/env.ts';
import { redactUrl } from './log-redaction.ts';

export const REQUEST_ID_HEADER = 'x-request-id';
/** An incoming id is kept only if it is short and plain: it is echoed in a header and logged. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@-]{1,128}$/;

/** The caller's `X-Request-Id` when it is sane (a proxy's or client's id ties their logs to ours), else a new UUID. */
export function requestIdOf(raw: IncomingMessage): string {
  const incoming = raw.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Fastify's pino options: the given level, and serializers that pick what a line carries —
 * never headers (Authorization, cookies) and never a secret in the URL (log-redaction.ts).
 * `err` is pino's standard serializer, which appends the `cause` chain to message and stack.
 */
export function loggerOptions(level: LogLevel, stream?: LogStream): FastifyLoggerOptions {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (request: FastifyRequest) => ({ method: request.method, url: redactUrl(request.url), remoteAddress: request.ip }),
    },
  };
}

/**
 * One line per request, when the reply is done, carrying the request, the status and the time
 * (Fastify's default is two lines, "incoming" and "completed": with devices polling, that is
 * twice the volume for the same facts). Fastify's own "route not found" line would print the
 * raw URL, so it goes through the redacting serializer too.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const facts = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) reply.log.error({ ...facts, err: error }, 'request errored');
    else reply.log.info(facts, 'request completed');
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.info({ req: request }, 'route not found');
  }
}

/** The request id echoed in every reply, so a user's report can be matched to the log. */
export const requestIdHeader = fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      void reply.header(REQUEST_ID_HEADER, request.id);
    });
  },
  { name: 'flotilla-request-id-header' },
);
