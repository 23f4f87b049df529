import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { createFleetWithProvisioningKey, createUserWithKey } from '../devices/device-test-factories.ts';
import { MSG_DEVICE_FROZEN } from '../devices/device-frozen.ts';
import { registerDevice, startRelease } from './registry-test-release.ts';

/**
 * Registry tokens for device keys follow the device's state, however the key is sent: a frozen
 * or deactivated device gets none, with `Authorization: Bearer <device key>` as with Basic
 * `d_<uuid>` (registry-credentials.ts). No registry runs here: the token's `access` claim says
 * what the registry would allow.
 */
let ctx: TestContext;
let apiUrl: string;
let repo: string;
let device: { id: number; uuid: string; apiKey: string };

beforeAll(async () => {
  ctx = await createTestApp();
  apiUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const fleet = await createFleetWithProvisioningKey(ctx.database.db);
  const developer = await createUserWithKey(ctx.database.db, fleet.applicationId, 'developer');
  const release = await startRelease(apiUrl, fleet, developer.apiKey);
  repo = release.location.slice(release.location.indexOf('/') + 1);
  const registered = await registerDevice(apiUrl, fleet);
  const row = await ctx.database.db.selectFrom('device').select('id').where('uuid', '=', registered.uuid).executeTakeFirstOrThrow();
  device = { ...registered, id: row.id };
});
afterAll(async () => ctx?.close());

const bearer = () => ({ authorization: `Bearer ${device.apiKey}` });
const basic = () => ({ authorization: `Basic ${Buffer.from(`d_${device.uuid}:${device.apiKey}`).toString('base64')}` });

async function pullToken(headers: Record<string, string>): Promise<{ status: number; error?: string; access?: unknown }> {
  const res = await ctx.app.inject({ method: 'GET', url: `/auth/v1/token?scope=${encodeURIComponent(`repository:${repo}:pull`)}`, headers });
  if (res.statusCode !== 200) return { status: res.statusCode, error: res.json().error as string };
  const claims = JSON.parse(Buffer.from((res.json().token as string).split('.')[1]!, 'base64url').toString()) as { access: unknown };
  return { status: 200, access: claims.access };
}

const setDevice = (values: { is_frozen?: boolean; is_active?: boolean }) => ctx.database.db.updateTable('device').set(values).where('id', '=', device.id).execute();

describe('registry tokens for a device key', () => {
  it('give a served device pull rights on its fleet\u2019s images, as Bearer and as Basic d_<uuid>', async () => {
    const pull = [{ type: 'repository', name: repo, actions: ['pull'] }];
    expect(await pullToken(bearer())).toEqual({ status: 200, access: pull });
    expect(await pullToken(basic())).toEqual({ status: 200, access: pull });
  });

  it('refuse a frozen device whichever way its key is sent', async () => {
    await setDevice({ is_frozen: true });
    try {
      expect(await pullToken(bearer())).toEqual({ status: 401, error: MSG_DEVICE_FROZEN });
      expect(await pullToken(basic())).toEqual({ status: 401, error: MSG_DEVICE_FROZEN });
    } finally {
      await setDevice({ is_frozen: false });
    }
  });

  it('refuse a deactivated device whichever way its key is sent', async () => {
    await setDevice({ is_active: false });
    try {
      expect((await pullToken(bearer())).status).toBe(401);
      expect((await pullToken(basic())).status).toBe(401);
    } finally {
      await setDevice({ is_active: true });
    }
  });
});
