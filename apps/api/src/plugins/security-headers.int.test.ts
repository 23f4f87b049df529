// Security headers on the dashboard, its assets and the API (helmet), with CORS for
// balena-sdk unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { createTestWebDist, type TestWebDist } from '../web/test-web-dist.ts';

let dist: TestWebDist;
beforeAll(() => {
  dist = createTestWebDist();
});
afterAll(() => dist.remove());

function cspOf(res: LightMyRequestResponse): Map<string, string> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return new Map(header.split(';').map((d) => {
    const [name = '', ...values] = d.trim().split(/\s+/);
    return [name, values.join(' ')] as const;
  }));
}

function expectHardened(res: LightMyRequestResponse): void {
  const csp = cspOf(res);
  expect(csp.get('frame-ancestors')).toBe("'none'");
  expect(csp.get('script-src')).toBe("'self'");
  expect(csp.get('object-src')).toBe("'none'");
  expect(csp.get('form-action')).toBe("'self' http://127.0.0.1:* http://localhost:*");
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
}

describe('on a plain-http deployment', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ webDist: dist.dir, publicUrl: 'http://localhost:8080' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it.each(['/', '/fleets/12/devices', '/login?redirect=%2Ffleets'])('hardens the dashboard page %s, without HSTS', async (url) => {
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expectHardened(res);
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(cspOf(res).has('upgrade-insecure-requests')).toBe(false);
  });

  it('hardens assets, API replies and 404s alike', async () => {
    for (const url of [dist.bundlePath, '/config', '/v7/application', '/v7/no_such_resource', '/assets/missing-000.js']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expectHardened(res);
    }
  });

  it('keeps API replies usable by balena-sdk from another origin (CORS unchanged)', async () => {
    const origin = 'https://dashboard.example.com';
    const preflight = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/v7/application',
      headers: { origin, 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'authorization,content-type,x-balena-client' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(origin);
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('x-balena-client');

    const res = await ctx.app.inject({ method: 'GET', url: '/config', headers: { origin } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(origin);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toHaveProperty('deviceUrlsBase');
  });
});

describe('behind https, with an avatar service', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({
      webDist: dist.dir,
      publicUrl: 'https://fleet.example.com',
      avatarUrl: 'https://avatars.example.com/avatar/{hash}?d=404',
      codeHostApiUrl: 'https://git.example.com/api/v3',
      mapTileUrl: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png',
    });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('sends HSTS, upgrades insecure requests and allows the configured origins', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/fleets' });
    expectHardened(res);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    const csp = cspOf(res);
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
    expect(csp.get('img-src')).toBe("'self' data: blob: https://avatars.example.com https://*.tiles.example.com");
    expect(csp.get('connect-src')).toBe("'self' https://git.example.com");
  });
});
