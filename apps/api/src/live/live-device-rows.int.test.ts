import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceTopic, type LiveDevice, type LiveEvent } from '@flotilla/core/schemas/live-events';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { createFleetWithProvisioningKey, createUserWithKey } from '../devices/device-test-factories.ts';
import { registerTestDevice } from '../device-link/device-link-test-device.ts';
import { until } from '../test/until.ts';

/**
 * Tag and local mode writes (OData `device_tag`, `device_config_variable`) are pushed like device
 * writes: once the request answered, the device's event carries its tags and local mode
 * variables, so another browser's list and summary update without their poll.
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

describe('pushed device rows', () => {
  it('pushes a device after its tags are created, changed and deleted, and after local mode is switched', async () => {
    const db = ctx.database.db;
    const fleet = await createFleetWithProvisioningKey(db);
    const device = await registerTestDevice(ctx.app, fleet);
    // Local mode needs a development OS that has reported in (device-rules.ts).
    await db.updateTable('device').set({ os_variant: 'dev', os_version: 'balenaOS 6.0.0', supervisor_version: '17.0.0', last_connectivity_event: new Date().toISOString() }).where('id', '=', device.id).execute();
    const { apiKey } = await createUserWithKey(db, fleet.applicationId, 'developer');
    const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      ctx.app.inject({ method, url, headers: { authorization: `Bearer ${apiKey}` }, ...(payload ? { payload } : {}) });

    const pushed: LiveDevice[] = [];
    const unsubscribe = await ctx.app.eventBus.subscribe(deviceTopic(device.uuid), (event) => {
      const e = event as LiveEvent;
      if (e.type === 'device') pushed.push(e.device);
    });
    const next = async (what: string) => {
      const seen = pushed.length;
      await until(what, () => Promise.resolve(pushed.length), (n) => n > seen);
      return pushed.at(-1)!;
    };

    const wait1 = next('tag created');
    const created = await call('POST', '/v7/device_tag', { device: device.id, tag_key: 'room', value: 'B12' });
    expect(created.statusCode, created.body).toBe(201);
    expect((await wait1).device_tag).toEqual([{ tag_key: 'room', value: 'B12' }]);

    const wait2 = next('tag changed');
    const changed = await call('PATCH', `/v7/device_tag(${created.json<{ id: number }>().id})`, { value: 'C3' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await wait2).device_tag).toEqual([{ tag_key: 'room', value: 'C3' }]);

    const wait3 = next('local mode on');
    const on = await call('POST', '/v7/device_config_variable', { device: device.id, name: 'BALENA_SUPERVISOR_LOCAL_MODE', value: '1' });
    expect(on.statusCode, on.body).toBe(201);
    expect((await wait3).device_config_variable).toEqual([{ name: 'BALENA_SUPERVISOR_LOCAL_MODE', value: '1' }]);

    const wait4 = next('local mode off');
    const off = await call('PATCH', `/v7/device_config_variable(${on.json<{ id: number }>().id})`, { value: '0' });
    expect(off.statusCode, off.body).toBe(200);
    expect((await wait4).device_config_variable).toEqual([{ name: 'BALENA_SUPERVISOR_LOCAL_MODE', value: '0' }]);

    const wait5 = next('tag deleted');
    const deleted = await call('DELETE', `/v7/device_tag(${created.json<{ id: number }>().id})`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await wait5).device_tag).toEqual([]);
    await unsubscribe();
  });
});
