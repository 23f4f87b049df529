import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INT32_MAX } from '@flotilla/core/schemas/primitives';
import { INVALID_INVITATION } from '@flotilla/core/schemas/invitations';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { bearer, createBoundaryWorld, type BoundaryWorld } from '../test/boundary-fixtures.ts';

/**
 * Every non-OData route refuses bad input at the boundary with 400 `{"error": "<path>: …"}`:
 * NUL and unpaired surrogates, over-long strings, wrong types, out-of-range numbers and
 * dates. Before the route schemas several of these reached PostgreSQL and came back as 500
 * (22021 for NUL, 22003 for int4 overflow). Callers are real (a signed-in user, a device),
 * so the same requests with good values would reach the handlers.
 */
let ctx: TestContext;
let world: BoundaryWorld;

beforeAll(async () => {
  ctx = await createTestApp();
  world = await createBoundaryWorld(ctx.app, ctx.database.db);
});
afterAll(async () => {
  await ctx?.close();
});

type Caller = 'anonymous' | 'user' | 'device' | 'provisioning';
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

interface Case {
  name: string;
  method: Method;
  url: string;
  caller: Caller;
  payload?: unknown;
  /** The `<path>` the error must start with. */
  path: string;
}

const NUL = 'a\u0000b';
const LONE = 'a\uD800b';

/** For one body field: NUL, an unpaired surrogate, one character too many, a number, an object. */
function textCases(method: Method, url: string, caller: Caller, base: Record<string, unknown>, field: string, max: number): Case[] {
  return [
    ['NUL', NUL],
    ['unpaired surrogate', LONE],
    [`${max + 1} characters`, 'x'.repeat(max + 1)],
    ['a number', 12345],
    ['an object', { nested: true }],
  ].map(([what, value]) => ({ name: `${method} ${url} ${field}: ${what as string}`, method, url, caller, payload: { ...base, [field]: value }, path: field }));
}

function idCases(method: Method, url: string, caller: Caller, base: Record<string, unknown>, field: string): Case[] {
  return [
    ['past int4', INT32_MAX + 1],
    ['far past int4', 1e20],
    ['negative', -1],
    ['fractional', 1.5],
    ['a word', 'many'],
    ['a boolean', true],
  ].map(([what, value]) => ({ name: `${method} ${url} ${field}: ${what as string}`, method, url, caller, payload: { ...base, [field]: value }, path: field }));
}

function dateCases(method: Method, url: string, caller: Caller, base: Record<string, unknown>, field: string): Case[] {
  return [
    ['before 1970', '1969-12-31T23:59:59Z'],
    ['after 9999', '+275760-09-13T00:00:00.000Z'],
    ['not a date', 'next tuesday'],
    ['impossible', '2030-13-45'],
    ['a number', 1_900_000_000_000],
  ].map(([what, value]) => ({ name: `${method} ${url} ${field}: ${what as string}`, method, url, caller, payload: { ...base, [field]: value }, path: field }));
}

function cases(): Case[] {
  const uuid = world.device.uuid;
  const deviceId = world.device.id;
  const fleetId = world.fleet.applicationId;
  const key = 'k'.repeat(32);
  return [
    ...textCases('POST', '/login_', 'anonymous', { username: 'someone', password: 'password1' }, 'username', 254),
    ...textCases('POST', '/login_', 'anonymous', { username: 'someone', password: 'password1' }, 'password', 4096),
    ...textCases('POST', '/user/register', 'anonymous', { email: 'new.user@example.com', password: 'password1' }, 'password', 4096),
    ...textCases('POST', '/user/register', 'anonymous', { email: 'new.user@example.com', password: 'password1' }, 'g-recaptcha-response', 4096),
    { name: 'register email with NUL', method: 'POST', url: '/user/register', caller: 'anonymous', payload: { email: `a${NUL}@example.com`, password: 'password1' }, path: 'email' },
    ...textCases('POST', '/user/v1/refresh-token', 'user', {}, 'password', 4096),
    ...textCases('POST', '/user/v1/verify-email', 'anonymous', { email: 'a@example.com' }, 'verificationToken', 512),
    ...textCases('POST', '/user/v1/password-reset/request', 'anonymous', {}, 'email', 254),
    ...textCases('POST', '/user/v1/password-reset', 'anonymous', { resetCode: 'code', password: 'password1' }, 'twoFactorCode', 64),
    ...textCases('PATCH', '/user/password', 'user', { password: 'password2' }, 'currentPassword', 4096),
    ...textCases('PATCH', '/user/email', 'user', { password: 'password1' }, 'email', 254),
    ...textCases('PATCH', '/user/profile', 'user', {}, 'company', 255),
    ...textCases('PATCH', '/user/profile', 'user', {}, 'first_name', 255),
    ...textCases('PATCH', '/login_', 'user', {}, 'username', 254),
    ...textCases('POST', '/auth/totp/verify', 'user', {}, 'code', 64),
    ...textCases('POST', '/auth/v1/2fa-recover/verify', 'user', {}, 'code', 64),
    ...textCases('POST', '/auth/totp/disable', 'user', {}, 'password', 4096),
    ...textCases('DELETE', '/user/v1/account', 'user', {}, 'password', 4096),
    ...textCases('POST', '/api-key/user/full', 'user', { name: 'key' }, 'description', 1000),
    ...textCases('POST', '/api-key/user/full', 'user', {}, 'name', 200),
    ...dateCases('POST', '/api-key/user/full', 'user', { name: 'key' }, 'expiryDate'),
    ...idCases('POST', '/api-key/v2/', 'user', { actorType: 'application', expiryDate: null }, 'actorTypeId'),
    ...dateCases('POST', '/api-key/v2/', 'user', { actorType: 'application', actorTypeId: fleetId }, 'expiryDate'),
    ...textCases('POST', '/api-key/v2/', 'user', { actorType: 'application', actorTypeId: fleetId, expiryDate: null }, 'name', 1000),
    ...textCases('POST', `/api-key/device/${deviceId}/device-key`, 'provisioning', {}, 'apiKey', 256),
    ...dateCases('POST', `/api-key/device/${deviceId}/device-key`, 'provisioning', {}, 'expiryDate'),
    ...textCases('POST', `/api-key/application/${fleetId}/provisioning`, 'user', {}, 'description', 1000),
    ...textCases('POST', '/device/register', 'provisioning', { device_type: 'raspberrypi4-64' }, 'os_version', 255),
    ...textCases('POST', '/device/register', 'provisioning', {}, 'device_type', 255),
    ...textCases('POST', '/device/register', 'provisioning', { device_type: 'raspberrypi4-64' }, 'api_key', 256),
    ...idCases('POST', '/device/register', 'provisioning', { device_type: 'raspberrypi4-64' }, 'application'),
    { name: 'register uuid upper-case', method: 'POST', url: '/device/register', caller: 'provisioning', payload: { device_type: 'raspberrypi4-64', uuid: 'A'.repeat(32) }, path: 'uuid' },
    ...['%00', 'x'.repeat(63), `${uuid.slice(0, 31)}%00`].flatMap((bad): Case[] => [
      { name: `target state v3 uuid ${bad.slice(0, 8)}`, method: 'GET', url: `/device/v3/${bad}/state`, caller: 'device', path: 'uuid' },
      { name: `target state v2 uuid ${bad.slice(0, 8)}`, method: 'GET', url: `/device/v2/${bad}/state`, caller: 'device', path: 'uuid' },
      { name: `logs uuid ${bad.slice(0, 8)}`, method: 'POST', url: `/device/v2/${bad}/logs`, caller: 'device', payload: [], path: 'uuid' },
    ]),
    { name: 'state report as an array', method: 'PATCH', url: '/device/v3/state', caller: 'device', payload: [{}], path: 'body' },
    { name: 'state report as a string', method: 'PATCH', url: '/device/v3/state', caller: 'device', payload: '"text"', path: 'body' },
    { name: 'state report keyed by a NUL uuid', method: 'PATCH', url: '/device/v3/state', caller: 'device', payload: { [`${uuid}\u0000`]: {} }, path: `${uuid}\u0000` },
    { name: 'tags keyed by a non-uuid', method: 'PATCH', url: '/device/v3/tags', caller: 'device', payload: { 'not-a-uuid': { a: 'b' } }, path: 'not-a-uuid' },
    { name: 'logs as an object', method: 'POST', url: `/device/v2/${uuid}/logs`, caller: 'device', payload: { message: 'm' }, path: 'body' },
    { name: 'logs past 1000 lines', method: 'POST', url: `/device/v2/${uuid}/logs`, caller: 'device', payload: Array.from({ length: 1001 }, () => ({ message: 'm' })), path: 'body' },
    { name: 'device-key id past int4', method: 'POST', url: `/api-key/device/${INT32_MAX + 1}/device-key`, caller: 'provisioning', payload: { apiKey: key }, path: 'id' },
    { name: 'device-key id with NUL', method: 'POST', url: '/api-key/device/1%00/device-key', caller: 'provisioning', payload: { apiKey: key }, path: 'id' },
    { name: 'provisioning id zero', method: 'POST', url: '/api-key/application/0/provisioning', caller: 'user', payload: {}, path: 'id' },
    { name: 'device type slug with NUL', method: 'GET', url: '/device-types/v1/rpi%00', caller: 'anonymous', path: 'slug' },
    { name: 'device type slug too long', method: 'GET', url: `/device-types/v1/${'s'.repeat(256)}`, caller: 'anonymous', path: 'slug' },
  ];
}

function headersOf(caller: Caller): Record<string, string> {
  switch (caller) {
    case 'anonymous':
      return {};
    case 'user':
      return bearer(world.user.token);
    case 'device':
      return bearer(world.device.key);
    case 'provisioning':
      return bearer(world.fleet.provisioningKey);
  }
}

describe('route schemas answer 400 "<path>: <message>", never 500', () => {
  it('for every route and every class of bad value', async () => {
    const all = cases();
    expect(all.length).toBeGreaterThan(150);
    for (const c of all) {
      const payload = typeof c.payload === 'string' ? c.payload : c.payload === undefined ? undefined : JSON.stringify(c.payload);
      const res = await ctx.app.inject({
        method: c.method,
        url: c.url,
        headers: { ...headersOf(c.caller), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
        payload,
      });
      expect(res.statusCode, `${c.name} → ${res.body}`).toBe(400);
      expect((res.json() as { error: string }).error.startsWith(`${c.path}: `), `${c.name} → ${res.body}`).toBe(true);
    }
  });

  it('names the field and the rule in the message', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api-key/v2/', headers: bearer(world.user.token), payload: { actorType: 'application', actorTypeId: 2 ** 31, expiryDate: null } });
    expect(res.json()).toEqual({ error: `actorTypeId: must be an integer between 1 and ${INT32_MAX}` });
    const nul = await ctx.app.inject({ method: 'POST', url: '/login_', payload: { username: NUL, password: 'x' } });
    expect(nul.json()).toEqual({ error: 'username: must not contain NUL characters or unpaired surrogates' });
    const long = await ctx.app.inject({ method: 'POST', url: '/user/register', payload: { email: 'a@example.com', password: 'p'.repeat(4097) } });
    expect(long.json()).toEqual({ error: 'password: must be at most 4096 characters' });
    const missing = await ctx.app.inject({ method: 'POST', url: '/login_' });
    expect(missing.json()).toEqual({ error: 'username: Email and password are required' });
  });

  it('answers a JSON number beyond double range (1e400) with 400', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api-key/v2/',
      headers: { ...bearer(world.user.token), 'content-type': 'application/json' },
      payload: '{"actorType":"application","actorTypeId":1e400,"expiryDate":null}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^actorTypeId: /);
  });

  it('keeps a domain error code where the schema states one (malformed invitation tokens)', async () => {
    for (const method of ['GET', 'POST'] as const) {
      for (const url of ['/org/v1/invitation/garbage', '/user/v1/invitation/a%00.b', `/org/v1/invitation/${'a'.repeat(1024)}.b`]) {
        const res = await ctx.app.inject({ method, url, headers: bearer(world.user.token) });
        expect(res.statusCode, url).toBe(400);
        expect(res.json()).toEqual({ error: INVALID_INVITATION, code: 'invalid_invitation' });
      }
    }
  });

  it('lets through what balena clients send (controls for the cases above)', async () => {
    const provisioning = await ctx.app.inject({
      method: 'POST',
      url: '/api-key/v2/',
      headers: bearer(world.adminKey),
      payload: { actorType: 'application', actorTypeId: String(world.fleet.applicationId), roles: ['provisioning-api-key'], expiryDate: null },
    });
    expect(provisioning.statusCode, provisioning.body).toBe(200);
    const userKey = await ctx.app.inject({ method: 'POST', url: '/api-key/user/full', headers: bearer(world.user.token), payload: { name: 'cli', expiryDate: '2099-10-12' } });
    expect(userKey.statusCode, userKey.body).toBe(200);
    const exchange = await ctx.app.inject({
      method: 'POST',
      url: `/api-key/device/${world.device.id}/device-key`,
      headers: bearer(world.fleet.provisioningKey),
      payload: { apiKey: world.device.key },
    });
    expect(exchange.statusCode, exchange.body).toBe(200);
    const slug = await ctx.app.inject({ method: 'GET', url: '/device-types/v1/raspberrypi4-64' });
    expect(slug.statusCode).toBe(200);
  });
});
