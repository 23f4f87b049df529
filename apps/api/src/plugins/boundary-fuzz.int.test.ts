import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { bearer, createBoundaryWorld, type BoundaryWorld } from '../test/boundary-fixtures.ts';

/**
 * Fuzzing the routes anyone can reach with a key they can get (issue 8, "input at the
 * boundary"): the device protocol, sign-in, sign-up and API-key minting, driven with
 * arbitrary JSON and with bodies of the right shape whose values are hostile (NUL, unpaired
 * surrogates, strings around every length limit, numbers past int4 and double range, odd
 * dates). Callers hold real credentials, so what passes validation reaches the handlers and
 * the database. The property: never a 5xx. Runs are bounded to keep the file fast.
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

/** UTF-16 units with NUL, both surrogate halves and JSON's special characters well represented. */
const unit = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('\u0000', '\uD800', '\uDBFF', '\uDC00', '\uDFFF', '"', '\\', '\n', 'é', '🚀', '%', '/', '.', ' ') },
  { weight: 5, arbitrary: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) },
  { weight: 5, arbitrary: fc.constantFrom('a', 'b', '0', '1', 'f') },
);
const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit, maxLength: 40 }) },
  // One on either side of every limit the schemas use, and far past them.
  { weight: 1, arbitrary: fc.constantFrom(8, 32, 62, 63, 64, 65, 200, 201, 254, 255, 256, 257, 1000, 1001, 1024, 4096, 4097, 10_001, 100_000).map((n) => 'x'.repeat(n)) },
  { weight: 1, arbitrary: fc.constantFrom('1970-01-01', '1969-12-31T23:59:59Z', '9999-12-31T23:59:59.999Z', '+275760-09-13T00:00:00Z', '-271821-04-20T00:00:00Z', '2030-02-31', '0000-00-00') },
  { weight: 1, arbitrary: fc.constantFrom('2147483648', '-2147483649', '9007199254740993', '1e400', 'NaN', '0x10', '') },
);
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1, 2 ** 53, 2 ** 63, 1e20, -1e20, 8.64e15, -8.64e15, 0, -1, 0.5),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2, stringUnit: unit }) },
);

/** An object with some of `fields` (hostile or good values) and maybe a stray key. */
function shaped(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.fromEntries(Object.entries(fields).map(([k, good]) => [k, fc.oneof(good, hostileValue)]));
  return fc.tuple(fc.record(entries, { requiredKeys: [] }), fc.dictionary(fc.string({ unit, maxLength: 8 }), hostileValue, { maxKeys: 2 })).map(([known, extra]) => ({ ...extra, ...known }));
}

/** A body: hostile JSON, a well-shaped one, or raw text that may not even be JSON. */
type Body = { json: unknown } | { raw: string };
function bodies(shape: fc.Arbitrary<unknown>): fc.Arbitrary<Body> {
  return fc.oneof(
    { weight: 5, arbitrary: shape.map((json) => ({ json })) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3, stringUnit: unit }).map((json) => ({ json })) },
    { weight: 1, arbitrary: fc.string({ unit, maxLength: 60 }).map((raw) => ({ raw })) },
    { weight: 1, arbitrary: fc.constantFrom('{"a":1e400}', '[1e400]', '{"__proto__":{"x":1}}', 'null', '""', '{}', '[]').map((raw) => ({ raw })) },
  );
}

/** Percent-encodes a path segment; unpaired surrogates become bytes that are not UTF-8. */
function pathSegment(s: string): string {
  return [...s].map((ch) => (/^[\uD800-\uDFFF]$/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch))).join('');
}

let address = 0;
/** A fresh client address per request: sign-in and sign-up limits are per address, and are not under test here. */
const nextAddress = () => `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address++ & 255}`;

async function send(options: { method: InjectOptions['method']; url: string; token?: string; body?: Body; headers?: Record<string, string> }): Promise<number> {
  const payload = options.body === undefined ? undefined : 'raw' in options.body ? options.body.raw : JSON.stringify(options.body.json);
  const res = await ctx.app.inject({
    method: options.method,
    url: options.url,
    remoteAddress: nextAddress(),
    headers: { ...(options.token ? bearer(options.token) : {}), ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
    payload,
  });
  expect(res.statusCode, `${options.method} ${options.url} ${String(payload).slice(0, 300)} → ${res.body}`).toBeLessThan(500);
  return res.statusCode;
}

const good = {
  uuid: () => fc.constant(world.device.uuid),
  id: () => fc.constantFrom(world.device.id, world.fleet.applicationId),
  key: fc.string({ unit: fc.constantFrom('a', 'b', '0', '9', 'Z', '-'), minLength: 8, maxLength: 40 }),
  date: fc.constantFrom(null, '2099-01-01', '2099-01-01T00:00:00.000Z', '2020-01-01'),
  text: fc.string({ maxLength: 20 }),
};

/** Statuses one property produced: the runs must reach the handlers (2xx) as well as be refused (400). */
const seen = new Set<number>();
beforeEach(() => seen.clear());
function expectBothOutcomes(): void {
  expect([...seen].some((s) => s >= 200 && s < 300), `statuses seen: ${[...seen].join(', ')}`).toBe(true);
  expect(seen.has(400), `statuses seen: ${[...seen].join(', ')}`).toBe(true);
}

describe('boundary fuzz: never a 5xx', () => {
  it('device register, target state, state report, tags and logs', async () => {
    const report = shaped({
      status: good.text,
      name: good.text,
      os_version: good.text,
      ip_address: good.text,
      memory_usage: fc.integer({ min: 0, max: 10_000 }),
      cpu_temp: fc.integer({ min: 0, max: 100 }),
      is_undervolted: fc.boolean(),
      api_port: fc.integer({ min: 1, max: 65_535 }),
      apps: fc.dictionary(
        fc.oneof(fc.constant(world.fleet.applicationUuid), fc.string({ unit, maxLength: 8 })),
        shaped({ release_uuid: good.text, releases: fc.dictionary(fc.string({ unit, maxLength: 8 }), shaped({ update_status: fc.constantFrom('done', 'downloading'), services: fc.dictionary(fc.string({ unit, maxLength: 6 }), shaped({ image: good.text, status: good.text, download_progress: fc.integer({ min: 0, max: 100 }) }), { maxKeys: 2 }) }), { maxKeys: 2 }) }),
        { maxKeys: 2 },
      ),
    });
    const keyedByUuid = (value: fc.Arbitrary<unknown>) =>
      fc.oneof({ weight: 4, arbitrary: value.map((v) => ({ [world.device.uuid]: v })) }, { weight: 1, arbitrary: fc.dictionary(hostileString, value, { maxKeys: 2 }) });
    const logLine = shaped({ message: good.text, timestamp: fc.oneof(fc.integer({ min: 0, max: 2e12 }), good.date), isSystem: fc.boolean(), isStdErr: fc.boolean(), serviceId: fc.nat(1000) });

    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          bodies(shaped({ uuid: fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 32, maxLength: 32 }), device_type: fc.constant('raspberrypi4-64'), application: good.id(), api_key: good.key, os_version: good.text, mac_address: good.text })).map((body) => ({ method: 'POST' as const, url: '/device/register', token: world.fleet.provisioningKey, body })),
          fc.tuple(fc.constantFrom('v2', 'v3'), fc.oneof(good.uuid(), hostileString), fc.option(hostileString.filter((s) => /^[\x20-\x7e]*$/.test(s)), { nil: undefined })).map(([v, uuid, etag]) => ({ method: 'GET' as const, url: `/device/${v}/${pathSegment(uuid)}/state`, token: world.device.key, headers: etag === undefined ? ({} as Record<string, string>) : { 'if-none-match': etag } })),
          bodies(keyedByUuid(report)).map((body) => ({ method: 'PATCH' as const, url: '/device/v3/state', token: world.device.key, body })),
          bodies(keyedByUuid(fc.dictionary(fc.string({ unit, maxLength: 10 }), fc.oneof(good.text, hostileValue), { maxKeys: 3 }))).map((body) => ({ method: 'PATCH' as const, url: '/device/v3/tags', token: world.device.key, body })),
          fc.tuple(fc.oneof(good.uuid(), hostileString), bodies(fc.array(fc.oneof(logLine, hostileValue), { maxLength: 5 }))).map(([uuid, body]) => ({ method: 'POST' as const, url: `/device/v2/${pathSegment(uuid)}/logs`, token: world.device.key, body })),
        ),
        async (request) => {
          seen.add(await send(request));
        },
      ),
      { numRuns: 250 },
    );
    expectBothOutcomes();
  });

  it('POST /login_ and POST /user/register', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          bodies(shaped({ username: fc.constantFrom(world.user.email, 'nobody'), password: fc.constantFrom(world.user.password, 'wrong password') })).map((body) => ({ url: '/login_', body })),
          bodies(shaped({ email: fc.emailAddress(), password: fc.constant('long enough password'), has_disabled_newsletter: fc.boolean(), invitationType: fc.constantFrom('organization', 'application'), invitationToken: good.text })).map((body) => ({ url: '/user/register', body })),
        ),
        async ({ url, body }) => {
          seen.add(await send({ method: 'POST', url, body }));
        },
      ),
      // One run that must sign in, so "reached the handler" does not hang on the draw of 50.
      { numRuns: 50, examples: [[{ url: '/login_', body: { json: { username: world.user.email, password: world.user.password } } }]] },
    );
    expectBothOutcomes();
  });

  it('API-key routes', async () => {
    const keyFields = { name: good.text, description: good.text, expiryDate: good.date, apiKey: good.key };
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          bodies(shaped(keyFields)).map((body) => ({ url: '/api-key/user/full', token: world.user.token, body })),
          bodies(shaped({ ...keyFields, actorType: fc.constantFrom('application', 'device', 'user'), actorTypeId: good.id(), roles: fc.constant(['provisioning-api-key']) })).map((body) => ({ url: '/api-key/v2/', token: world.adminKey, body })),
          fc.tuple(fc.oneof(good.id().map(String), hostileString), bodies(shaped(keyFields))).map(([id, body]) => ({ url: `/api-key/device/${pathSegment(id)}/device-key`, token: world.fleet.provisioningKey, body })),
          fc.tuple(fc.oneof(good.id().map(String), hostileString), bodies(shaped(keyFields))).map(([id, body]) => ({ url: `/api-key/application/${pathSegment(id)}/provisioning`, token: world.adminKey, body })),
        ),
        async ({ url, token, body }) => {
          seen.add(await send({ method: 'POST', url, token, body }));
        },
      ),
      { numRuns: 200 },
    );
    expectBothOutcomes();
  });

  it('device actions (/supervisor, fleet restart) and /download-config', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          bodies(shaped({ uuid: good.uuid(), deviceId: good.id(), appId: good.id(), method: fc.constantFrom('GET', 'POST'), data: hostileValue })).map((body) => ({ url: '/supervisor/v1/blink', body })),
          fc.oneof(good.id().map(String), hostileString).map((id) => ({ url: `/application/${pathSegment(id)}/restart`, body: undefined })),
          bodies(shaped({ appId: good.id(), version: fc.constant('6.0.13'), network: fc.constantFrom('ethernet', 'wifi'), appUpdatePollInterval: fc.integer({ min: 1, max: 60 }), developmentMode: fc.boolean() })).map((body) => ({ url: '/download-config', body })),
        ),
        async ({ url, body }) => {
          seen.add(await send({ method: 'POST', url, token: world.adminKey, body }));
        },
      ),
      // One run that must answer 200 (a config for the fleet), so "reached the handler" does not hang on the draw.
      { numRuns: 150, examples: [[{ url: '/download-config', body: { json: { appId: world.fleet.applicationId, version: '6.0.13' } } }]] },
    );
    expectBothOutcomes();
  });

  it('read routes outside OData: hostile path segments and query strings', async () => {
    const segment = fc.oneof(hostileString, fc.constantFrom('raspberrypi4-64', '6.0.13', world.device.uuid, String(world.fleet.applicationId)));
    const query = fc.dictionary(fc.constantFrom('count', 'start', 'limit', 'stream', 'service', 'device', 'deviceType', 'version', 'appId', 'network'), hostileString, { maxKeys: 3 });
    const templates = [
      (s: string) => `/device-types/v1/${s}`,
      (s: string) => `/device-types/v1/raspberrypi4-64/images/${s}/download-size`,
      (s: string) => `/device/v2/fleet/${s}/logs`,
      (s: string) => `/device/v2/${s}/logs`,
      (s: string) => `/actions/v1/${s}/checks`,
      (s: string) => `/access/v1/hostos/${s}`,
      (s: string) => `/release-asset/v1/${s}/download`,
      () => '/os/v1/config',
      () => '/download-config',
    ];
    await fc.assert(
      fc.asyncProperty(fc.nat(templates.length - 1), segment, query, async (t, s, q) => {
        const search = new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, v.replace(/[\uD800-\uDFFF]/g, '\uFFFD')])).toString();
        seen.add(await send({ method: 'GET', url: `${templates[t]!(pathSegment(s))}${search ? `?${search}` : ''}`, token: world.adminKey }));
      }),
      { numRuns: 150, examples: [[0, 'raspberrypi4-64', {}]] },
    );
    expectBothOutcomes();
  });

  it('leaves the server answering', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/ping' })).statusCode).toBe(200);
    const state = await ctx.app.inject({ method: 'GET', url: `/device/v3/${world.device.uuid}/state`, headers: bearer(world.device.key) });
    expect(state.statusCode).toBe(200);
  });
});
