import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { startTwoProcesses, type TwoProcesses } from '../test/two-processes.ts';
import { createFleetWithProvisioningKey, createUserWithKey, type TestFleetWithKey } from '../devices/device-test-factories.ts';
import { registerTestDevice, TestLink, until, type TestDevice } from '../device-link/device-link-test-device.ts';
import { DEVICE_ANSWER_TOO_DEEP } from '../device-link/link-connection.ts';
import { JSON_TOO_DEEP_MESSAGE, MAX_JSON_NESTING } from '../lib/json-nesting.ts';

/**
 * JSON nested thousands of levels deep (found by an attacker's probe, 2026-11-29): JSON.parse
 * reads it, but writing it again overflowed the stack — a 500 for a JSON field of an OData write
 * or a `/supervisor` call's `data`, a 500 for every fleet-wide call answered by one device
 * sending such a body, and in a scale-out process an unhandled rejection. Bodies are refused
 * with a 400 before anything reads them; a device's answer is passed on as a 502 with a note.
 * The text is built by hand: JSON.stringify itself cannot write it.
 */
const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const TOO_DEEP = 10_000;

let ctx: TestContext;
let db: Db;
let baseUrl: string;
const links: TestLink[] = [];

beforeAll(async () => {
  ctx = await createTestApp({ supervisorDeadlineMs: 2000 });
  db = ctx.database.db;
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await Promise.all(links.map((l) => l.close()));
  await ctx?.close();
});

function send(app: FastifyInstance, method: 'POST' | 'PATCH', url: string, key: string, text: string) {
  return app.inject({ method, url, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, payload: text });
}

const linked = (id: number) => db.selectFrom('device').select('is_connected_to_vpn').where('id', '=', id).executeTakeFirstOrThrow();

/** A linked device that answers every call with a body nested `depth` deep. */
async function deepAnsweringDevice(app: FastifyInstance, url: string, fleet: TestFleetWithKey, depth: number): Promise<TestDevice> {
  const device = await registerTestDevice(app, fleet);
  const link = await TestLink.open(url, device.apiKey, () => null);
  links.push(link);
  link.socket.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as { type: string; id: string };
    if (frame.type === 'request') link.socket.send(`{"type":"response","id":"${frame.id}","status":200,"body":${deepArray(depth)}}`);
  });
  await until(async () => (await linked(device.id)).is_connected_to_vpn);
  return device;
}

describe('request bodies nested too deep', () => {
  it('an OData write of a JSON field: 400 naming the bound, nothing written; nesting at the bound is stored', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const { apiKey } = await createUserWithKey(db, fleet.applicationId, 'developer');
    const release = (commit: string, contract: string) =>
      `{"belongs_to__application":${fleet.applicationId},"commit":"${commit}","status":"running","composition":{},"contract":{"a":${contract}}}`;
    const res = await send(ctx.app, 'POST', '/v7/release', apiKey, release('dee9dee9', deepArray(TOO_DEEP)));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ error: JSON_TOO_DEEP_MESSAGE, code: 'json_too_deep' });
    // Exactly MAX_JSON_NESTING levels (body, contract, its "a", then the arrays); a string full of brackets is not nesting.
    const atBound = await send(ctx.app, 'POST', '/v7/release', apiKey, release('b0b0b0b0', `{"s":"${'['.repeat(500)}","n":${deepArray(MAX_JSON_NESTING - 3)}}`));
    expect(atBound.statusCode, atBound.body).toBe(201);
    const commits = await db.selectFrom('release').select('commit').where('belongs_to__application', '=', fleet.applicationId).execute();
    expect(commits.map((r) => r.commit)).toEqual(['b0b0b0b0']);
  });

  it('any other route: a supervisor call’s data and a device’s state report are 400, never sent on', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const device = await registerTestDevice(ctx.app, fleet);
    const link = await TestLink.open(baseUrl, device.apiKey);
    links.push(link);
    await until(async () => (await linked(device.id)).is_connected_to_vpn);
    const { apiKey } = await createUserWithKey(db, fleet.applicationId, 'administrator');
    const blink = await send(ctx.app, 'POST', '/supervisor/v1/blink', apiKey, `{"uuid":"${device.uuid}","data":${deepArray(TOO_DEEP)}}`);
    expect(blink.statusCode, blink.body).toBe(400);
    expect(blink.json()).toEqual({ error: JSON_TOO_DEEP_MESSAGE, code: 'json_too_deep' });
    expect(link.requests).toHaveLength(0);
    const state = await send(ctx.app, 'PATCH', '/device/v3/state', device.apiKey, `{"${device.uuid}":{"status":"Idle","apps":${deepArray(TOO_DEEP)}}}`);
    expect(state.statusCode, state.body).toBe(400);
    // Fastify's own refusals stand: prototype keys and broken JSON.
    expect((await send(ctx.app, 'PATCH', '/device/v3/state', device.apiKey, `{"${device.uuid}":{"__proto__":{"x":1}}}`)).statusCode).toBe(400);
    expect((await send(ctx.app, 'PATCH', '/device/v3/state', device.apiKey, '{"a":')).statusCode).toBe(400);
    expect((await send(ctx.app, 'PATCH', '/device/v3/state', device.apiKey, `{"${device.uuid}":{"status":"Idle"}}`)).statusCode).toBe(200);
  });
});

describe('a device answering with JSON nested too deep', () => {
  it('is a 502 with a note for a one-device call, and one 502 entry of a fleet-wide call the others still answer', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const deep = await deepAnsweringDevice(ctx.app, baseUrl, fleet, TOO_DEEP);
    const good = await registerTestDevice(ctx.app, fleet);
    const goodLink = await TestLink.open(baseUrl, good.apiKey, () => ({ status: 200, body: { ok: true } }));
    links.push(goodLink);
    await until(async () => (await linked(good.id)).is_connected_to_vpn);
    const { apiKey } = await createUserWithKey(db, fleet.applicationId, 'administrator');

    const one = await send(ctx.app, 'POST', '/supervisor/v1/device', apiKey, `{"uuid":"${deep.uuid}","method":"GET"}`);
    expect(one.statusCode, one.body).toBe(502);
    expect(one.json()).toEqual({ message: DEVICE_ANSWER_TOO_DEEP });

    const restart = await send(ctx.app, 'POST', `/application/${fleet.applicationId}/restart`, apiKey, '{}');
    expect(restart.statusCode, restart.body).toBe(207);
    expect(restart.json()).toEqual(expect.arrayContaining([{ statusCode: 502, body: { message: DEVICE_ANSWER_TOO_DEEP } }, { statusCode: 200, body: { ok: true } }]));
  });
});

/** Runs where REDIS_URL names a Redis (as device-link-redis.int.test.ts). */
const redisUrl = process.env.REDIS_URL;

describe.runIf(redisUrl)('across API processes (Redis)', () => {
  let processes: TwoProcesses;
  beforeAll(async () => {
    processes = await startTwoProcesses(redisUrl!);
  });
  afterAll(async () => {
    await processes?.close();
  });

  it('the process holding the link passes the note on instead of failing (an unhandled rejection ended it)', async () => {
    const { first, firstUrl, second } = processes;
    const fleet = await createFleetWithProvisioningKey(first.database.db);
    const device = await registerTestDevice(first.app, fleet);
    const link = await TestLink.open(firstUrl, device.apiKey, () => null);
    links.push(link);
    link.socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as { type: string; id: string };
      if (frame.type === 'request') link.socket.send(`{"type":"response","id":"${frame.id}","status":200,"body":${deepArray(TOO_DEEP)}}`);
    });
    await until(async () => (await first.database.db.selectFrom('device').select('is_connected_to_vpn').where('id', '=', device.id).executeTakeFirstOrThrow()).is_connected_to_vpn);
    const { apiKey } = await createUserWithKey(first.database.db, fleet.applicationId, 'administrator');
    const res = await send(second, 'POST', '/supervisor/v1/device', apiKey, `{"uuid":"${device.uuid}","method":"GET"}`);
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json()).toEqual({ message: DEVICE_ANSWER_TOO_DEEP });
  });
});
