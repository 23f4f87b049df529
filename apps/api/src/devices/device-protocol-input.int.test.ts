import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';
import type { Db } from '../db/database.ts';
import { bearer, createBoundaryWorld, type BoundaryWorld } from '../test/boundary-fixtures.ts';
import {
  MAX_TAGS_PER_DEVICE,
  MAX_VARIABLES_PER_DEVICE,
  MSG_TOO_MANY_DEVICE_CONFIG_VARIABLES,
  MSG_TOO_MANY_DEVICE_ENV_VARIABLES,
  MSG_TOO_MANY_DEVICE_TAGS,
} from '@flotilla/core/device-row-caps';
import { MAX_TAGS_PER_REPORT } from '@flotilla/core/schemas/device-protocol';
import { TEXT_BOUNDS } from '../odata/write-values.ts';
import { createRelease } from './device-test-factories.ts';

/**
 * What the device protocol routes do with odd values (compat §5.4–§5.6). Structure is
 * refused with 400 (route schemas); inside a report, a value that PostgreSQL could not store
 * (NUL, int4 overflow, an over-long key) is dropped and the rest of the report is written, so
 * one odd field never blocks a supervisor's reports. None of these answer 500.
 */
let ctx: TestContext;
let db: Db;
let world: BoundaryWorld;

beforeAll(async () => {
  ctx = await createTestApp();
  db = ctx.database.db;
  world = await createBoundaryWorld(ctx.app, db);
});
afterAll(async () => {
  await ctx?.close();
});

const deviceRow = () => db.selectFrom('device').selectAll().where('id', '=', world.device.id).executeTakeFirstOrThrow();

function patch(url: string, payload: unknown) {
  return ctx.app.inject({ method: 'PATCH', url, headers: bearer(world.device.key), payload: payload as Record<string, unknown> });
}

describe('PATCH /device/v3/state', () => {
  it('writes the good fields and drops NUL text, int4 overflow and wrong types (the stored values stay)', async () => {
    const good = { os_version: 'balenaOS 6.0.0', supervisor_version: '19.0.5', cpu_id: 'c1', memory_usage: 100, storage_total: 500, cpu_usage: 3 };
    expect((await patch('/device/v3/state', { [world.device.uuid]: good })).statusCode).toBe(200);
    // The next report's metrics are due, as a minute later (device-state-metrics.int.test.ts): cpu_temp is stored.
    await db.updateTable('device').set({ metrics_reported_at: null }).where('id', '=', world.device.id).execute();
    const res = await patch('/device/v3/state', {
      [world.device.uuid]: {
        status: 'Idle',
        os_version: 'balenaOS\u0000 6',
        supervisor_version: 'v'.repeat(300),
        cpu_id: 'cpu\uD800',
        memory_usage: 2 ** 31,
        memory_total: 4096,
        storage_total: -1e15,
        cpu_temp: '51.4',
        cpu_usage: { much: true },
        is_undervolted: 'no',
        api_port: 48484,
        name: '',
        some_future_field: { any: 'shape' },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await deviceRow();
    expect(row).toMatchObject({ ...good, status: 'Idle', memory_total: 4096, cpu_temp: 51, api_port: 48484 });
    expect(row.is_undervolted).toBe(false);
    expect(row.device_name).not.toBe('');
  });

  it('reads apps leniently: bad keys and statuses are skipped, good services still install', async () => {
    const release = await createRelease(db, world.fleet.applicationId);
    const res = await patch('/device/v3/state', {
      [world.device.uuid]: {
        apps: {
          [world.fleet.applicationUuid]: {
            release_uuid: release.commit,
            releases: {
              [release.commit]: { update_status: 'done', services: { main: { image: release.imageLocation, status: 'Running\u0000', download_progress: 1e12 } } },
              ['c\u0000']: { update_status: 'rejected' },
            },
          },
          ['app\u0000']: { release_uuid: 'x' },
          ['a'.repeat(300)]: { release_uuid: 'x' },
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await deviceRow();
    expect(row.is_running__release).toBe(release.releaseId);
    expect(row.update_status).toBe('done');
    const install = await db.selectFrom('image_install').selectAll().where('device', '=', world.device.id).executeTakeFirstOrThrow();
    // The unstorable status and the out-of-range progress were dropped, not stored or clamped.
    expect(install).toMatchObject({ installs__image: release.imageId, status: 'Unknown', download_progress: null });
  });

  it('still checks every uuid in the body, even one whose entry is not an object', async () => {
    const res = await patch('/device/v3/state', { [world.device.uuid]: { status: 'Idle' }, ['b'.repeat(32)]: 5 });
    expect(res.statusCode).toBe(403);
  });

  it('refuses bodies that are not keyed by device uuid with 400', async () => {
    for (const body of [[], { 'not-a-uuid': {} }, { [`${world.device.uuid}\u0000`]: {} }]) {
      const res = await patch('/device/v3/state', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('PATCH /device/v3/tags', () => {
  it('upserts string tags with storable keys and drops the rest', async () => {
    const res = await patch('/device/v3/tags', {
      [world.device.uuid]: { location: 'lab', rack: 'r\u0000', ['k\u0000']: 'v', count: 3, [`${'k'.repeat(300)}`]: 'too long a key', note: 'n'.repeat(10_001) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const tags = await db.selectFrom('device_tag').select(['tag_key', 'value']).where('device', '=', world.device.id).execute();
    expect(tags).toEqual([{ tag_key: 'location', value: 'lab' }]);
  });

  it('holds a device to MAX_TAGS_PER_DEVICE tags, by its own reports and by a user\'s POST; updates of keys it has still pass', async () => {
    const tagCount = async () => Number((await db.selectFrom('device_tag').select((eb) => eb.fn.countAll<string>().as('n')).where('device', '=', world.device.id).executeTakeFirstOrThrow()).n);
    await db.deleteFrom('device_tag').where('device', '=', world.device.id).execute();
    const batch = (from: number, n: number, value = 'v') => Object.fromEntries(Array.from({ length: n }, (_, i) => [`t${from + i}`, value]));
    for (let from = 0; from < MAX_TAGS_PER_DEVICE; from += MAX_TAGS_PER_REPORT) {
      expect((await patch('/device/v3/tags', { [world.device.uuid]: batch(from, MAX_TAGS_PER_REPORT) })).statusCode).toBe(200);
    }
    expect(await tagCount()).toBe(MAX_TAGS_PER_DEVICE);
    // One new key more: refused whole, the keys it carried alongside not written either.
    const over = await patch('/device/v3/tags', { [world.device.uuid]: { ...batch(0, 3, 'changed'), extra: 'x' } });
    expect([over.statusCode, over.json().error]).toEqual([400, MSG_TOO_MANY_DEVICE_TAGS]);
    expect(await db.selectFrom('device_tag').select('value').where('device', '=', world.device.id).where('tag_key', '=', 't0').executeTakeFirstOrThrow()).toEqual({ value: 'v' });
    // Keys it already has are updates.
    expect((await patch('/device/v3/tags', { [world.device.uuid]: batch(0, 3, 'changed') })).statusCode).toBe(200);
    const post = await ctx.app.inject({ method: 'POST', url: '/v7/device_tag', headers: bearer(world.adminKey), payload: { device: world.device.id, tag_key: 'one-more', value: '' } });
    expect([post.statusCode, post.json().error]).toEqual([400, MSG_TOO_MANY_DEVICE_TAGS]);
    expect(await tagCount()).toBe(MAX_TAGS_PER_DEVICE);
    await db.deleteFrom('device_tag').where('device', '=', world.device.id).where('tag_key', '=', 't0').execute();
    expect((await ctx.app.inject({ method: 'POST', url: '/v7/device_tag', headers: bearer(world.adminKey), payload: { device: world.device.id, tag_key: 'one-more', value: '' } })).statusCode).toBe(201);
  });
});

describe('OData writes of a device and its users', () => {
  const odata = (method: 'POST' | 'PATCH', url: string, key: string, payload: Record<string, unknown>) => ctx.app.inject({ method, url, headers: bearer(key), payload });

  it('bound every text a write stores: Short Text 255 characters, Text 65,535, whoever writes', async () => {
    const own = `/v7/device(${world.device.id})`;
    expect((await odata('PATCH', own, world.device.key, { status: 's'.repeat(TEXT_BOUNDS['Short Text'] + 1) })).statusCode).toBe(400);
    expect((await odata('PATCH', own, world.device.key, { status: 's'.repeat(TEXT_BOUNDS['Short Text']) })).statusCode).toBe(200);
    const tooLong = await odata('PATCH', own, world.adminKey, { note: 'n'.repeat(TEXT_BOUNDS.Text + 1) });
    expect([tooLong.statusCode, tooLong.json().error]).toEqual([400, `Field "note" must be at most ${TEXT_BOUNDS.Text} characters`]);
    expect((await odata('PATCH', own, world.adminKey, { note: 'n'.repeat(TEXT_BOUNDS.Text) })).statusCode).toBe(200);
    expect((await odata('POST', '/v7/device_tag', world.device.key, { device: world.device.id, tag_key: 'big', value: 'v'.repeat(TEXT_BOUNDS.Text + 1) })).statusCode).toBe(400);
  });

  it('leaves the address a device reports from to the server: a device cannot write its public_address', async () => {
    const before = (await deviceRow()).public_address;
    const res = await odata('PATCH', `/v7/device(${world.device.id})`, world.device.key, { public_address: '203.0.113.9' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect((await deviceRow()).public_address).toBe(before);
    expect((await odata('PATCH', `/v7/device(${world.device.id})`, world.device.key, { latitude: '52.37', longitude: '4.9' })).statusCode).toBe(200);
  });

  it('holds a device to MAX_VARIABLES_PER_DEVICE configuration and environment variables', async () => {
    for (const [table, message, writer, name] of [
      ['device_config_variable', MSG_TOO_MANY_DEVICE_CONFIG_VARIABLES, world.device.key, 'BALENA_EXTRA'],
      ['device_environment_variable', MSG_TOO_MANY_DEVICE_ENV_VARIABLES, world.adminKey, 'EXTRA'],
    ] as const) {
      await db.deleteFrom(table).where('device', '=', world.device.id).execute();
      await db
        .insertInto(table)
        .values(Array.from({ length: MAX_VARIABLES_PER_DEVICE - 1 }, (_, i) => ({ device: world.device.id, name: `BALENA_V${i}`, value: '1' })))
        .execute();
      expect((await odata('POST', `/v7/${table}`, writer, { device: world.device.id, name: `${name}_1`, value: '1' })).statusCode).toBe(201);
      const over = await odata('POST', `/v7/${table}`, writer, { device: world.device.id, name: `${name}_2`, value: '1' });
      expect([over.statusCode, over.json().error], table).toEqual([400, message]);
      await db.deleteFrom(table).where('device', '=', world.device.id).execute();
    }
  });
});

describe('POST /device/v2/:uuid/logs', () => {
  it('stores lines with NUL and broken surrogates cleaned, out-of-range timestamps and service ids replaced', async () => {
    const before = Date.now();
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/device/v2/${world.device.uuid}/logs`,
      headers: bearer(world.device.key),
      payload: [
        { message: 'binary\u0000output\uD800', timestamp: -8.64e15, serviceId: 2 ** 40 },
        { message: 'ok', timestamp: 1_700_000_000_000, isStdErr: true, serviceId: 7 },
        { message: 42 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const lines = await db.selectFrom('device_log').selectAll().where('device', '=', world.device.id).orderBy('id').execute();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ message: 'binary\uFFFDoutput\uFFFD', service_id: null });
    expect(new Date(lines[0]!.timestamp as Date).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(lines[1]).toMatchObject({ message: 'ok', is_stderr: true, service_id: 7 });
  });
});

describe('GET /device/v3/:uuid/state', () => {
  it('refuses an If-None-Match it cannot read with 400 and answers a normal one', async () => {
    const url = `/device/v3/${world.device.uuid}/state`;
    const bad = await ctx.app.inject({ method: 'GET', url, headers: { ...bearer(world.device.key), 'if-none-match': `"${'e'.repeat(5000)}"` } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^if-none-match: /);
    const first = await ctx.app.inject({ method: 'GET', url, headers: bearer(world.device.key) });
    expect(first.statusCode).toBe(200);
    const again = await ctx.app.inject({ method: 'GET', url, headers: { ...bearer(world.device.key), 'if-none-match': first.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });
});
