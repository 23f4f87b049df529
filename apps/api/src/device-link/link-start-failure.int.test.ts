import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { createFleetWithProvisioningKey } from '../devices/device-test-factories.ts';
import { registerTestDevice, TestLink } from './device-link-test-device.ts';

/**
 * A link whose start the database refuses on every try (cloudlink.repository.ts retries for a
 * few seconds) must not stay in the hub: the route detaches it and closes the socket with 1013
 * ("try again later"), which the agent answers with its back-off and a new link. The refusal is
 * a real one: a trigger that fails the device's UPDATE to linked.
 */
let ctx: TestContext;
let baseUrl: string;

beforeAll(async () => {
  ctx = await createTestApp();
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await ctx?.close();
});

describe('a link whose start cannot be recorded', () => {
  it('is closed with a retryable code and leaves nothing in the hub', async () => {
    const db = ctx.database.db;
    const fleet = await createFleetWithProvisioningKey(db);
    const device = await registerTestDevice(ctx.app, fleet);
    await sql.raw(`
      CREATE FUNCTION refuse_link_start() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'link start refused by the test'; END $$;
      CREATE TRIGGER refuse_link_start BEFORE UPDATE ON device FOR EACH ROW
        WHEN (NEW.id = ${device.id} AND NEW.is_connected_to_vpn) EXECUTE FUNCTION refuse_link_start();`).execute(db);
    try {
      const link = await TestLink.open(baseUrl, device.apiKey);
      const closed = await link.closed;
      expect(closed).toEqual({ code: 1013, reason: 'Try again later' });
      expect(await ctx.app.linkHub.linkedAmong([device.uuid])).toEqual(new Set());
      expect(await ctx.app.linkHub.forward(device.uuid, { method: 'GET', path: '/v1/healthy' })).toBeNull();
      const row = await db.selectFrom('device').select(['is_connected_to_vpn']).where('id', '=', device.id).executeTakeFirstOrThrow();
      expect(row.is_connected_to_vpn).toBe(false);
    } finally {
      await sql.raw('DROP TRIGGER refuse_link_start ON device; DROP FUNCTION refuse_link_start();').execute(db);
    }
  }, 20_000);
});
