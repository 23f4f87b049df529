import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { createFleetWithProvisioningKey, createUserWithKey } from '../devices/device-test-factories.ts';
import { registerTestDevice, TestLink, until } from './device-link-test-device.ts';

let ctx: TestContext;
let db: Db;
let baseUrl: string;
const links: TestLink[] = [];
const DEADLINE_MS = 400;

beforeAll(async () => {
  ctx = await createTestApp({ supervisorDeadlineMs: DEADLINE_MS });
  db = ctx.database.db;
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await Promise.all(links.map((l) => l.close()));
  await ctx?.close();
});

describe('the deadline of a /supervisor call', () => {
  it('answers the devices that replied and 504 for one still silent when the call runs out of time', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const linked = async (answers: boolean) => {
      const device = await registerTestDevice(ctx.app, fleet);
      // A silent device takes the request and never replies (its link stays up).
      const link = await TestLink.open(baseUrl, device.apiKey, answers ? () => ({ status: 200, body: 'OK' }) : () => null);
      links.push(link);
      await until(async () => (await db.selectFrom('device').select('is_connected_to_vpn').where('id', '=', device.id).executeTakeFirstOrThrow()).is_connected_to_vpn);
      return { device, link };
    };
    const quick = await linked(true);
    const silent = await linked(false);
    const admin = (await createUserWithKey(db, fleet.applicationId, 'administrator')).apiKey;
    const started = Date.now();
    const res = await ctx.app.inject({ method: 'POST', url: '/supervisor/v1/blink', headers: { authorization: `Bearer ${admin}` }, payload: { appId: fleet.applicationId } });
    expect(Date.now() - started).toBeLessThan(DEADLINE_MS + 2000);
    expect(res.statusCode).toBe(207);
    const answers = res.json<Array<{ statusCode: number; body: unknown }>>();
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 504]);
    // The late device's answer carries the link's timeout message (one shared reply, supervisor.routes.ts LATE).
    expect(answers.find((a) => a.statusCode === 504)?.body).toBe('The device did not answer in time');
    expect(silent.link.requests).toHaveLength(1);
    expect(quick.link.requests).toHaveLength(1);
  });
});
