import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MSG_CONFIG_MANAGED_ELSEWHERE,
  MSG_CONFIG_NAMESPACE_REQUIRED,
  MSG_INVALID_CONFIG_VAR_NAME,
  MSG_INVALID_ENV_VAR_NAME,
  MSG_NAME_REQUIRED,
  MSG_RESERVED_NAME,
  MSG_RESERVED_NAMESPACE,
  MSG_POLL_INTERVAL,
  MSG_VALUE_LINE_BREAK,
  isDuplicateNameError,
} from '@flotilla/core/variable-names';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { dynamicDb } from '../db/database.ts';
import { fresh, makeWorld, type World } from '../model/access/test-world.ts';
import { VARIABLE_KINDS, type VariableKind } from './variable-kinds.ts';

/**
 * Fleets spec §5 "Variable names" through the API, for every variable kind (compat §6.2), on
 * create and on update: each rule answers 400 with its message (codes `mandatory_name`,
 * `invalid_name`) and writes nothing; a name the same owner already uses answers 409 with
 * "unique" (the SDK's upsert and the dashboard's fields_errors.already_exist), another owner
 * may use it.
 */
let ctx: TestContext;
let w: World;
beforeAll(async () => {
  ctx = await createTestApp();
  w = await makeWorld(ctx, 'names');
}, 120_000);
afterAll(async () => ctx?.close());

const call = (method: 'POST' | 'PATCH', url: string, payload: unknown) =>
  ctx.app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${w.token}` } });

const ownerOf = (k: VariableKind): number =>
  ({ application: w.fleetId, device: w.deviceId, service: w.serviceId, service_install: w.serviceInstallId })[k.owner];

const rows = (k: VariableKind, where: Record<string, unknown>) =>
  dynamicDb(ctx.database.db).selectFrom(k.resource).select(['id', 'name', 'value']).where(k.owner, '=', ownerOf(k)).where((eb) => eb.and(where)).execute();

async function created(k: VariableKind, name: string): Promise<number> {
  const res = await call('POST', `/v7/${k.resource}`, { [k.owner]: ownerOf(k), name, value: 'v' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

const ENV_RULES: ReadonlyArray<readonly [string, string]> = [
  ['1FOO', MSG_INVALID_ENV_VAR_NAME],
  ['_FOO', MSG_INVALID_ENV_VAR_NAME],
  ['FOO-BAR', MSG_INVALID_ENV_VAR_NAME],
  ['FOO:BAR', MSG_INVALID_ENV_VAR_NAME],
  ['USER', MSG_RESERVED_NAME],
  ['RESIN', MSG_RESERVED_NAME],
  ['BALENA_API_KEY', MSG_RESERVED_NAME],
  ['BALENA_SUPERVISOR_POLL_INTERVAL', MSG_CONFIG_MANAGED_ELSEWHERE],
  ['RESIN_HOST_CONFIG_gpu_mem', MSG_CONFIG_MANAGED_ELSEWHERE],
  ['BALENA_CUSTOM', MSG_RESERVED_NAMESPACE],
];
const CONFIG_RULES: ReadonlyArray<readonly [string, string]> = [
  ['1BALENA_X', MSG_INVALID_CONFIG_VAR_NAME],
  [':BALENA_X', MSG_INVALID_CONFIG_VAR_NAME],
  ['BALENA_X-Y', MSG_INVALID_CONFIG_VAR_NAME],
  ['RESIN_DEVICE_UUID', MSG_RESERVED_NAME],
  ['CUSTOM', MSG_CONFIG_NAMESPACE_REQUIRED],
  ['BALENA', MSG_CONFIG_NAMESPACE_REQUIRED],
];

describe.each(VARIABLE_KINDS)('$resource', (k) => {
  const rules = k.names === 'config' ? CONFIG_RULES : ENV_RULES;

  it('accepts a valid name (a colon too for configuration variables)', async () => {
    const name = k.names === 'config' ? `BALENA_HOST_CONFIG_dtoverlay:${fresh()}` : k.name(fresh());
    await created(k, name);
    expect(await rows(k, { name })).toHaveLength(1);
  });

  it.each(rules)('refuses %s on create: %s', async (name, message) => {
    const res = await call('POST', `/v7/${k.resource}`, { [k.owner]: ownerOf(k), name, value: 'v' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ error: message, code: 'invalid_name' });
    expect(await rows(k, { name })).toHaveLength(0);
  });

  it.each(rules)('refuses renaming to %s: %s', async (name, message) => {
    const id = await created(k, k.name(fresh()));
    const res = await call('PATCH', `/v7/${k.resource}(${id})`, { name });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ error: message, code: 'invalid_name' });
    expect(await rows(k, { name })).toHaveLength(0);
  });

  it('gives the mandatory-name error for an empty or missing name, on create and on update', async () => {
    for (const body of [{ name: '' }, {}, { name: null }]) {
      const res = await call('POST', `/v7/${k.resource}`, { [k.owner]: ownerOf(k), value: 'v', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ code: 'mandatory_name' });
    }
    const id = await created(k, k.name(fresh()));
    const res = await call('PATCH', `/v7/${k.resource}(${id})`, { name: '' });
    expect(res.json()).toEqual({ error: MSG_NAME_REQUIRED, code: 'mandatory_name' });
    expect(await rows(k, { id })).toEqual([expect.objectContaining({ name: expect.any(String) })]);
  });

  it('refuses a line break in the value, on create and on update', async () => {
    const name = k.name(fresh());
    const res = await call('POST', `/v7/${k.resource}`, { [k.owner]: ownerOf(k), name, value: 'a\nb' });
    expect(res.json()).toEqual({ error: MSG_VALUE_LINE_BREAK, code: 'invalid_value' });
    const id = await created(k, name);
    expect((await call('PATCH', `/v7/${k.resource}(${id})`, { value: 'a\r\nb' })).json()).toEqual({ error: MSG_VALUE_LINE_BREAK, code: 'invalid_value' });
    expect(await rows(k, { id, value: 'v' })).toHaveLength(1);
  });

  it('answers a duplicate name for the same owner 409 "unique", on create and on rename', async () => {
    const name = k.name(fresh());
    await created(k, name);
    const dup = await call('POST', `/v7/${k.resource}`, { [k.owner]: ownerOf(k), name, value: 'other' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ error: `"${k.owner}, name" must be unique.`, code: 'unique' });
    expect(isDuplicateNameError(dup.statusCode, dup.json())).toBe(true);
    const other = await created(k, k.name(fresh()));
    const renamed = await call('PATCH', `/v7/${k.resource}(${other})`, { name });
    expect(renamed.statusCode).toBe(409);
    expect(isDuplicateNameError(renamed.statusCode, renamed.body)).toBe(true);
    expect(await rows(k, { name })).toEqual([expect.objectContaining({ value: 'v' })]);
  });

  it('lets another owner of the same kind use the same name', async () => {
    const name = k.name(fresh());
    await created(k, name);
    const other = await secondOwner(k);
    const res = await call('POST', `/v7/${k.resource}`, { [k.owner]: other, name, value: 'v' });
    expect(res.statusCode, res.body).toBe(201);
  });
});

/** A second fleet, service, device or service install beside the world's (the owner administers it). */
async function secondOwner(k: VariableKind): Promise<number> {
  const db = ctx.database.db;
  const s = fresh();
  const actor = async () => (await db.insertInto('actor').defaultValues().returning('id').executeTakeFirstOrThrow()).id as number;
  if (k.owner === 'application') {
    const { application_type } = await db.selectFrom('application').select('application_type').where('id', '=', w.fleetId).executeTakeFirstOrThrow();
    const fleet = await db
      .insertInto('application')
      .values({ actor: await actor(), app_name: `second${s}`, slug: `second${s}`, uuid: s + s + s + s, organization: w.orgId, is_for__device_type: w.deviceTypeId, application_type })
      .returning('id')
      .executeTakeFirstOrThrow();
    return fleet.id as number;
  }
  if (k.owner === 'device') {
    const device = await db
      .insertInto('device')
      .values({ actor: await actor(), uuid: s + s + s + s, device_name: `second${s}`, belongs_to__application: w.fleetId, is_of__device_type: w.deviceTypeId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return device.id as number;
  }
  // A new service is installed on the fleet's devices by a trigger: its install is the world device's second.
  const service = await db.insertInto('service').values({ application: w.fleetId, service_name: `second${s}` }).returning('id').executeTakeFirstOrThrow();
  if (k.owner === 'service') return service.id as number;
  const install = await db.selectFrom('service_install').select('id').where('device', '=', w.deviceId).where('installs__service', '=', service.id).executeTakeFirstOrThrow();
  return install.id as number;
}

// The supervisor's poll interval is a configuration variable only: its rule is tested on those kinds.
describe.each(VARIABLE_KINDS.filter((k) => k.names === 'config'))('$resource poll interval', (k) => {
  it('refuses a poll interval that is not a whole number of ms ≥ 10000, on create, on a value patch and on a rename', async () => {
    const devicePoll = (suffix: string) => `${suffix}_SUPERVISOR_POLL_INTERVAL`;
    for (const value of ['1000', 'soon', '60000.5', '-60000', '']) {
      const res = await call('POST', `/v7/${k.resource}`, { [k.owner]: ownerOf(k), name: devicePoll('BALENA'), value });
      expect(res.statusCode, value).toBe(400);
      expect(res.json(), value).toEqual({ error: MSG_POLL_INTERVAL, code: 'invalid_value' });
    }
    const ok = await call('POST', `/v7/${k.resource}`, { [k.owner]: ownerOf(k), name: devicePoll('RESIN'), value: '60000' });
    expect(ok.statusCode, ok.body).toBe(201);
    const id = ok.json().id as number;
    expect((await call('PATCH', `/v7/${k.resource}(${id})`, { value: 'newval' })).json()).toEqual({ error: MSG_POLL_INTERVAL, code: 'invalid_value' });
    expect(await rows(k, { id, value: '60000' })).toHaveLength(1);
    // Another setting with a value that is no interval, renamed to the interval: refused too.
    const other = await created(k, `BALENA_HOST_CONFIG_gpu_mem_${fresh()}`);
    expect((await call('PATCH', `/v7/${k.resource}(${other})`, { name: devicePoll('BALENA') })).json()).toEqual({ error: MSG_POLL_INTERVAL, code: 'invalid_value' });
    expect((await call('PATCH', `/v7/${k.resource}(${id})`, { value: '10000' })).statusCode).toBe(200);
  });
});
