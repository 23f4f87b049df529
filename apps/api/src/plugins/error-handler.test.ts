import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors.ts';
import { registerErrorHandler } from './error-handler.ts';

/** A driver error as pg and PGlite raise it: an Error carrying the SQLSTATE as `code`. */
function pgError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

async function appThrowing(err: unknown) {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.get('/boom', async () => {
    throw err;
  });
  await app.ready();
  return app;
}

describe('shared error handler', () => {
  it('answers a statement cancelled by statement_timeout with 503 query_timeout on any route, not only OData', async () => {
    const app = await appThrowing(pgError('57014', 'canceling statement due to statement timeout'));
    const res = await app.inject('/boom');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'query_timeout', error: expect.stringMatching(/took too long/) });
  });

  it('answers a statement too complex for the database with 400', async () => {
    const app = await appThrowing(pgError('54001', 'stack depth limit exceeded'));
    const res = await app.inject('/boom');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'query_too_complex' });
  });

  it('keeps other database errors as a 500 that hides the cause', async () => {
    const app = await appThrowing(pgError('XX000', 'internal detail'));
    const res = await app.inject('/boom');
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('internal detail');
  });

  it('still answers AppErrors with their status and code', async () => {
    const app = await appThrowing(new AppError(409, 'taken', 'unique'));
    const res = await app.inject('/boom');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'taken', code: 'unique' });
  });
});
