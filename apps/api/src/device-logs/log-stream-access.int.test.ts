import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { createFleetWithProvisioningKey, createUserWithKey, type TestFleetWithKey } from '../devices/device-test-factories.ts';
import { bearer, readNdjson, registerDevice } from './log-test-helpers.ts';

/**
 * Who may keep reading a log tail once it is open: access is asked again at
 * each keep-alive, so a deleted API key or a removed member stops hearing; and the fleet tail
 * needs the right to read the fleet's devices, which a public fleet does not give outsiders.
 */
let ctx: TestContext;
let base: string;
let fleet: TestFleetWithKey;
let device: { uuid: string };
const opened: Array<{ close(): unknown }> = [];

beforeAll(async () => {
  // Keep-alives (and so the access checks) every 100 ms instead of every 58 s.
  ctx = await createTestApp({ logStreamKeepAliveMs: 100 });
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  fleet = await createFleetWithProvisioningKey(ctx.database.db);
  device = await registerDevice(ctx.app, fleet);
});
afterAll(async () => {
  for (const s of opened) await s.close();
  await ctx?.close();
});

const db = () => ctx.database.db;

/** Resolves once the response body ends (the server closed the stream). */
function ended(url: string, key: string): Promise<'ended'> {
  return new Promise((resolve, reject) => {
    void readNdjson(url, bearer(key)).then((reader) => {
      opened.push(reader);
      if (reader.status !== 200) reject(new Error(`status ${reader.status}`));
      reader.onEnd(() => resolve('ended'));
    }, reject);
  });
}

describe('log tails over time', () => {
  it('ends a device tail and a fleet tail once the API key they were opened with is deleted', async () => {
    const { apiKey, userId } = await createUserWithKey(db(), fleet.applicationId, 'developer');
    const deviceTail = ended(`${base}/device/v2/${device.uuid}/logs?stream=1`, apiKey);
    const fleetTail = ended(`${base}/device/v2/fleet/${fleet.applicationId}/logs?stream=1`, apiKey);
    // Still open after several keep-alives while the key stands.
    const early = await Promise.race([deviceTail, new Promise((r) => setTimeout(() => r('open'), 400))]);
    expect(early).toBe('open');

    const actor = await db().selectFrom('user').select('actor').where('id', '=', userId).executeTakeFirstOrThrow();
    await db().deleteFrom('api_key').where('is_of__actor', '=', actor.actor).execute();
    expect(await deviceTail).toBe('ended');
    expect(await fleetTail).toBe('ended');
  });

  it('ends a device tail once its reader is no longer a member of the fleet', async () => {
    const { apiKey, userId } = await createUserWithKey(db(), fleet.applicationId, 'developer');
    const tail = ended(`${base}/device/v2/${device.uuid}/logs?stream=1`, apiKey);
    await new Promise((r) => setTimeout(r, 250));
    await db().deleteFrom('user_application_membership').where('user', '=', userId).execute();
    expect(await tail).toBe('ended');
  });

  it('does not let an outsider tail a public fleet', async () => {
    const other = await createFleetWithProvisioningKey(db());
    await db().updateTable('application').set({ is_public: true }).where('id', '=', other.applicationId).execute();
    const { apiKey } = await createUserWithKey(db(), fleet.applicationId, 'developer');
    for (const query of ['?stream=1', '']) {
      const res = await fetch(`${base}/device/v2/fleet/${other.applicationId}/logs${query}`, { headers: bearer(apiKey) });
      expect(res.status).toBe(404);
    }
  });
});
