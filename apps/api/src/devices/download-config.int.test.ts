// config.json's optional fields (compat §5.1) follow the server's configuration: without DELTA_URL
// there is no deltaEndpoint (the supervisor would ask a delta server that does not exist), and
// without TLS_CA or a self-signed certificate there is no balenaRootCA.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { createFleetWithProvisioningKey, createUserWithKey } from './device-test-factories.ts';

let plain: TestContext;
let configured: TestContext;
beforeAll(async () => {
  plain = await createTestApp({ publicUrl: 'https://flotilla.example.org/' });
  configured = await createTestApp({ publicUrl: 'https://flotilla.example.org', registryUrl: 'https://registry.example.org:5000', deltaUrl: 'https://delta.example.org/', deviceRootCaPem: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n' });
});
afterAll(async () => {
  await plain?.close();
  await configured?.close();
});

async function configJson(ctx: TestContext, body: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const fleet = await createFleetWithProvisioningKey(ctx.app.db);
  const user = await createUserWithKey(ctx.app.db, fleet.applicationId, 'administrator');
  const res = await ctx.app.inject({ method: 'POST', url: '/download-config', headers: { authorization: `Bearer ${user.apiKey}` }, payload: { appId: fleet.applicationId, version: '6.0.13', ...body } });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('config.json from /download-config', () => {
  it('names the API from PUBLIC_URL and leaves out what the server does not have', async () => {
    const config = await configJson(plain);
    expect(config).toMatchObject({ apiEndpoint: 'https://flotilla.example.org', registryEndpoint: 'registry.flotilla.example.org', vpnEndpoint: 'vpn.flotilla.example.org', vpnPort: 443, listenPort: 48484, appUpdatePollInterval: 600_000, developmentMode: false });
    expect(config).not.toHaveProperty('deltaEndpoint');
    expect(config).not.toHaveProperty('balenaRootCA');
    expect(config).not.toHaveProperty('logsEndpoint');
  });

  it('writes REGISTRY_URL, DELTA_URL and the device CA when they are set, and the poll interval in ms', async () => {
    const config = await configJson(configured, { appUpdatePollInterval: 15, developmentMode: true });
    expect(config).toMatchObject({
      registryEndpoint: 'registry.example.org:5000',
      deltaEndpoint: 'https://delta.example.org',
      balenaRootCA: Buffer.from('-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n').toString('base64'),
      appUpdatePollInterval: 15 * 60_000,
      developmentMode: true,
    });
  });

  it('answers an appId no fleet can have (beyond int4, not a number) with a 400, as a query string too', async () => {
    const fleet = await createFleetWithProvisioningKey(plain.app.db);
    const user = await createUserWithKey(plain.app.db, fleet.applicationId, 'administrator');
    const headers = { authorization: `Bearer ${user.apiKey}` };
    for (const appId of [99_999_999_999, '99999999999', 'abc', 0]) {
      const res = await plain.app.inject({ method: 'POST', url: '/download-config', headers, payload: { appId, version: '6.0.13' } });
      expect(res.statusCode, String(appId)).toBe(400);
    }
    expect((await plain.app.inject({ method: 'GET', url: '/download-config?appId=99999999999&version=6.0.13', headers })).statusCode).toBe(400);
    expect((await plain.app.inject({ method: 'GET', url: `/download-config?appId=${fleet.applicationId}&version=6.0.13`, headers })).statusCode).toBe(200);
  });

  it("tells an outsider nothing about another tenant's fleet: not that it exists, nor its architecture", async () => {
    const theirs = await createFleetWithProvisioningKey(plain.app.db);
    const mine = await createFleetWithProvisioningKey(plain.app.db);
    const outsider = await createUserWithKey(plain.app.db, mine.applicationId, 'administrator');
    const ask = (appId: number, deviceType: string) =>
      plain.app.inject({ method: 'POST', url: '/download-config', headers: { authorization: `Bearer ${outsider.apiKey}` }, payload: { appId, version: '6.0.13', deviceType } });
    const missing = await ask(2_000_000_000, 'intel-nuc');
    expect(missing.statusCode).toBe(403);
    // An amd64 type on an aarch64 fleet, and an aarch64 one: the same answer as no fleet at all.
    for (const deviceType of ['intel-nuc', 'raspberrypi4-64']) {
      const res = await ask(theirs.applicationId, deviceType);
      expect([res.statusCode, res.json()], deviceType).toEqual([missing.statusCode, missing.json()]);
    }
    // The fleet's own administrator gets the compatibility answer.
    expect((await ask(mine.applicationId, 'intel-nuc')).statusCode).toBe(400);
  });
});
