// balena-sdk os.getConfig → POST /download-config (compat/balena-api.md §4, §5.1): a config.json
// whose provisioning key registers a device of the fleet.
import { describe, expect, it } from 'vitest';
import { orgAndFleet, signedUpSdk, useLiveServer } from './sdk-fixtures.ts';

const server = useLiveServer();

describe('download-config', () => {
  it('builds config.json with a fresh provisioning key that registers a device', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const { slug, fleetId } = await orgAndFleet(sdk);
    const config = (await sdk.models.os.getConfig(slug, {
      version: '6.0.0',
      network: 'wifi',
      wifiSsid: 'greenhouse',
      wifiKey: 'secret-key',
      appUpdatePollInterval: 15,
      developmentMode: true,
      provisioningKeyName: 'from-config',
    })) as Record<string, unknown>;
    expect(config).toMatchObject({
      applicationId: fleetId,
      deviceType: 'raspberrypi4-64',
      appUpdatePollInterval: 15 * 60_000,
      listenPort: 48484,
      apiEndpoint: server.current.url,
      network: 'wifi',
      wifiSsid: 'greenhouse',
      wifiKey: 'secret-key',
      developmentMode: true,
      apiKey: expect.any(String),
    });
    const keys = await sdk.models.apiKey.getProvisioningApiKeysByApplication(slug, { $select: ['name'] });
    expect(keys.map((k) => k.name)).toContain('from-config');
    // The device registers with the key, as the supervisor does on first boot (compat §5.2).
    const uuid = sdk.models.device.generateUniqueKey();
    const reg = await fetch(`${server.current.url}/device/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${String(config.apiKey)}` },
      body: JSON.stringify({ uuid, device_type: config.deviceType, api_key: 'k'.repeat(32) }),
    });
    expect(reg.status).toBe(201);
  });

  it('refuses a device type that cannot run in the fleet, and a fleet the caller cannot reach', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const { slug, fleetId } = await orgAndFleet(sdk);
    await expect(sdk.models.os.getConfig(slug, { version: '6.0.0', deviceType: 'intel-nuc' } as never)).rejects.toMatchObject({ statusCode: 400 });
    const { sdk: stranger } = await signedUpSdk(server.current);
    const res = await fetch(`${server.current.url}/download-config`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await stranger.auth.getToken()}` },
      body: JSON.stringify({ appId: fleetId, version: '6.0.0' }),
    });
    const missing = await fetch(`${server.current.url}/download-config`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await stranger.auth.getToken()}` },
      body: JSON.stringify({ appId: 999_999_999, version: '6.0.0' }),
    });
    expect(res.status).toBe(403);
    expect(missing.status).toBe(403);
    expect(await res.text()).toBe(await missing.text());
  });
});
