import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../lib/config.ts';
import { registerErrorHandler } from '../plugins/error-handler.ts';
import { webRoutes } from './web.routes.ts';

// No database is involved: the plugin only reads app.config, so a bare Fastify instance with
// the shared error handler (which owns the JSON 404) is the whole system under test.
async function buildWith(webDist: string | undefined): Promise<FastifyInstance> {
  const app = Fastify();
  app.decorate('config', defaultConfig({ webDist }));
  registerErrorHandler(app);
  app.get('/v7/application', async () => ({ d: [] }));
  await app.register(webRoutes);
  await app.ready();
  return app;
}

describe('webRoutes', () => {
  let dist: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'flotilla-web-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
    writeFileSync(join(dist, 'buildtime.txt'), '2026-11-25T07:00:00.000Z\n');
    writeFileSync(join(dist, 'CHANGELOG.md'), '# Changelog\n\n## 1.0.0\n');
    app = await buildWith(dist);
  });

  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html at the root without long caching', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets with immutable caching', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(1)');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['content-type']).toContain('javascript');
  });

  it('serves unhashed files with revalidation', async () => {
    const res = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  // The dashboard polls /buildtime.txt to learn about a new build and reads /CHANGELOG.md (accounts §7):
  // both must be revalidated on every read, never cached forever.
  it.each([
    ['/buildtime.txt', 'text/plain', '2026-11-25T07:00:00.000Z\n'],
    ['/CHANGELOG.md', 'text/markdown', '# Changelog\n\n## 1.0.0\n'],
  ])('serves the build file %s with revalidation', async (url, type, body) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(body);
    expect(res.headers['content-type']).toContain(type);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/fleets', '/fleets/12/devices?filter=x', '/devices/abcdef', '/login?redirect=%2Ffleets', '/no/such/page'])(
    'answers the dashboard route %s with index.html',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    },
  );

  it.each(['/v7/nothing', '/actor/v1/nope', '/login_/x', '/device/v9/x', '/user/v1/missing', '/auth/x'])(
    'keeps the JSON 404 for the unknown API path %s',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: expect.stringContaining('Not found') });
    },
  );

  it('keeps API routes working', async () => {
    const res = await app.inject({ method: 'GET', url: '/v7/application' });
    expect(res.json()).toEqual({ d: [] });
  });

  it('gives a 404 for a missing asset instead of the app', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/missing-000.js' });
    expect(res.statusCode).toBe(404);
  });

  // Hashed bundles are read once and then answered from memory (hashed-assets.ts): a bundle a
  // newer build adds while the server runs is served all the same, and what was read is kept.
  it('serves a hashed asset added after start, and keeps serving one it has read', async () => {
    writeFileSync(join(dist, 'assets', 'late-def456.js'), 'console.log(2)');
    const late = await app.inject({ method: 'GET', url: '/assets/late-def456.js' });
    expect(late.statusCode).toBe(200);
    expect(late.body).toBe('console.log(2)');
    rmSync(join(dist, 'assets', 'late-def456.js'));
    const again = await app.inject({ method: 'GET', url: '/assets/late-def456.js' });
    expect(again.body).toBe('console.log(2)');
  });

  it('serves a missing asset once it appears (a miss is not remembered)', async () => {
    expect((await app.inject({ method: 'GET', url: '/assets/soon-789.js' })).statusCode).toBe(404);
    writeFileSync(join(dist, 'assets', 'soon-789.js'), 'console.log(3)');
    expect((await app.inject({ method: 'GET', url: '/assets/soon-789.js' })).body).toBe('console.log(3)');
  });

  // A client may normalise `..` away itself (then it asks for another URL, answered as such);
  // whatever reaches the asset route names one file directly in assets/ or is a 404.
  it.each(['/assets/../buildtime.txt', '/assets/%2e%2e/buildtime.txt', '/assets/..%2fbuildtime.txt', '/assets/sub/index-abc123.js', '/assets/index-abc123.js.br', '/assets/'])(
    'never answers %s with a file from outside assets/ as an immutable asset',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['cache-control'] ?? '').not.toContain('immutable');
    },
  );

  it('answers HEAD for a hashed asset with its headers and no body', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.body).toBe('');
  });

  it('does not answer other methods with the app', async () => {
    const res = await app.inject({ method: 'POST', url: '/fleets' });
    expect(res.statusCode).toBe(404);
  });
});

describe('webRoutes without webDist', () => {
  it('registers nothing', async () => {
    const app = await buildWith(undefined);
    const res = await app.inject({ method: 'GET', url: '/fleets' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: expect.stringContaining('Not found') });
    await app.close();
  });
});
