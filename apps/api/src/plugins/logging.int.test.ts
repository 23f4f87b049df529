// Structured logs (pino through Fastify): one line per request with its id, secrets redacted,
// 5xx with their cause, the level honoured, and the client address behind a trusted proxy.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { defaultConfig, type AppConfig } from '../lib/config.ts';
import type { LogLevel } from '../lib/env.ts';
import { openTestDatabase } from '../test/harness.ts';
import type { Database } from '../db/database.ts';
import { AppError } from '../lib/errors.ts';
import { signUp } from '../auth/test-helpers.ts';

type Line = Record<string, unknown> & { level: number; msg: string; reqId?: string };

let database: Database;
let drop: () => Promise<void>;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await drop();
});

/** The real app with its log lines collected, plus routes that fail and report request.ip. */
async function appWith(logLevel: LogLevel, config: Partial<AppConfig> = {}) {
  const lines: Line[] = [];
  const app = await buildApp({
    db: database.db,
    config: defaultConfig({ jwtSecret: randomBytes(16).toString('hex'), ...config }),
    logLevel,
    logStream: { write: (line: string) => void lines.push(JSON.parse(line) as Line) },
  });
  app.get('/test/boom', { config: { public: true } }, async () => {
    throw new Error('query failed', { cause: new Error('connection terminated unexpectedly') });
  });
  app.get('/test/unavailable', { config: { public: true } }, async () => {
    throw new AppError(503, 'Try again later');
  });
  app.get('/test/ip', { config: { public: true } }, async (request) => ({ ip: request.ip }));
  await app.ready();
  apps.push(app);
  return { app, lines };
}

const completed = (lines: Line[]) => lines.filter((l) => l.msg === 'request completed');

describe('request ids', () => {
  let app: FastifyInstance;
  let lines: Line[];
  beforeAll(async () => {
    ({ app, lines } = await appWith('info'));
  });

  it('generates an id, echoes it in X-Request-Id and logs one line under it', async () => {
    const res = await app.inject({ method: 'GET', url: '/ping' });
    const id = res.headers['x-request-id'] as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const mine = lines.filter((l) => l.reqId === id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ level: 30, msg: 'request completed', req: { method: 'GET', url: '/ping' }, res: { statusCode: 200 } });
    expect(typeof mine[0]?.responseTime).toBe('number');
  });

  it("keeps a caller's sane X-Request-Id so a proxy's logs join ours", async () => {
    const res = await app.inject({ method: 'GET', url: '/ping', headers: { 'x-request-id': 'edge-7f3a:42' } });
    expect(res.headers['x-request-id']).toBe('edge-7f3a:42');
    expect(completed(lines).some((l) => l.reqId === 'edge-7f3a:42')).toBe(true);
  });

  it.each([['x'.repeat(129)], ['two words'], ['<script>'], ['']])('replaces the unusable incoming id %j with its own', async (incoming) => {
    const res = await app.inject({ method: 'GET', url: '/ping', headers: { 'x-request-id': incoming } });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('what is logged', () => {
  let app: FastifyInstance;
  let lines: Line[];
  beforeAll(async () => {
    ({ app, lines } = await appWith('info'));
  });

  it('never writes credentials: not the Authorization header, not ?apikey=', async () => {
    const user = await signUp(app);
    const key = `k${randomBytes(12).toString('hex')}`;
    await app.inject({ method: 'GET', url: '/actor/v1/whoami', headers: { authorization: `Bearer ${user.token}` } });
    const res = await app.inject({ method: 'GET', url: `/v7/application?$select=id&apikey=${key}` });
    const line = lines.find((l) => l.reqId === res.headers['x-request-id']);
    expect(line).toMatchObject({ req: { url: '/v7/application?$select=id&apikey=[REDACTED]' } });
    const all = JSON.stringify(lines);
    expect(all).not.toContain(key);
    expect(all).not.toContain(user.token);
    expect(all).not.toContain(user.password);
  });

  it('logs a 5xx at error with the cause, and answers without the details', async () => {
    const res = await app.inject({ method: 'GET', url: '/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Internal server error' });
    const id = res.headers['x-request-id'];
    const error = lines.find((l) => l.reqId === id && l.level === 50);
    expect(error?.msg).toBe('unhandled error');
    const err = error?.err as { message: string; stack: string };
    expect(err.message).toContain('query failed');
    expect(`${err.message}\n${err.stack}`).toContain('connection terminated unexpectedly');
    expect(completed(lines).find((l) => l.reqId === id)).toMatchObject({ res: { statusCode: 500 } });
  });

  it('logs an AppError of 5xx too, keeping its message for the client', async () => {
    const res = await app.inject({ method: 'GET', url: '/test/unavailable' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: 'Try again later' });
    expect(lines.find((l) => l.reqId === res.headers['x-request-id'] && l.level === 50)).toMatchObject({ msg: 'request failed' });
  });

  it('does not log a 4xx as an error', async () => {
    const res = await app.inject({ method: 'GET', url: '/actor/v1/whoami', headers: { authorization: 'Bearer nonsense' } });
    expect(res.statusCode).toBe(401);
    expect(lines.filter((l) => l.reqId === res.headers['x-request-id']).map((l) => l.level)).toEqual([30]);
  });
});

describe('LOG_LEVEL', () => {
  it('at warn, drops the request lines and keeps the errors', async () => {
    const { app, lines } = await appWith('warn');
    await app.inject({ method: 'GET', url: '/ping' });
    await app.inject({ method: 'GET', url: '/test/boom' });
    expect(completed(lines)).toHaveLength(0);
    expect(lines.map((l) => l.msg)).toContain('unhandled error');
  });

  it('silent writes nothing (the test default)', async () => {
    const { app, lines } = await appWith('silent');
    await app.inject({ method: 'GET', url: '/test/boom' });
    expect(lines).toHaveLength(0);
  });
});

describe('TRUST_PROXY', () => {
  const ipFor = async (app: FastifyInstance, forwardedFor?: string) =>
    (await app.inject({ method: 'GET', url: '/test/ip', remoteAddress: '10.0.0.2', headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} })).json<{ ip: string }>().ip;

  it('ignores X-Forwarded-For by default: a client cannot pick its own address', async () => {
    const { app } = await appWith('silent');
    expect(await ipFor(app, '203.0.113.7')).toBe('10.0.0.2');
  });

  it('believes a listed proxy, and logs the client address it names', async () => {
    const { app, lines } = await appWith('info', { trustProxy: ['10.0.0.0/8'] });
    expect(await ipFor(app, '203.0.113.7')).toBe('203.0.113.7');
    // An address the client forged in front is not believed: the first untrusted hop is the answer.
    expect(await ipFor(app, '198.51.100.9, 203.0.113.7')).toBe('203.0.113.7');
    expect(completed(lines).at(-1)).toMatchObject({ req: { remoteAddress: '203.0.113.7' } });
  });

  it('with a hop count, takes the address that many proxies back', async () => {
    const { app } = await appWith('silent', { trustProxy: 1 });
    expect(await ipFor(app, '198.51.100.9, 203.0.113.7')).toBe('203.0.113.7');
  });

  it('with true, takes the first address', async () => {
    const { app } = await appWith('silent', { trustProxy: true });
    expect(await ipFor(app, '198.51.100.9, 203.0.113.7')).toBe('198.51.100.9');
  });
});
