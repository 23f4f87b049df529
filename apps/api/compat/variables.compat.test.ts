// balena-sdk variables against a live Flotilla server: the `balena env` upsert for every kind, the
// CLI's config-or-env choice from GET /config/vars, name rules as SDK errors, device keys
// (compat/balena-api.md §2.9, §4 /config/vars, §6.2; fleets spec §5 "Variable names").
import { describe, expect, it } from 'vitest';
import { MSG_CONFIG_NAMESPACE_REQUIRED, MSG_RESERVED_NAME, MSG_RESERVED_NAMESPACE } from '@flotilla/core/variable-names';
import { orgAndFleet, recordStatuses, registeredDevice, sdkFor, signedUpSdk, useLiveServer, type Sdk } from './sdk-fixtures.ts';

const server = useLiveServer();

async function fleetWithServiceAndDevice() {
  const { sdk } = await signedUpSdk(server.current);
  const fleet = await orgAndFleet(sdk);
  const service = await sdk.pine.post({ resource: 'service', body: { application: fleet.fleetId, service_name: 'main' } });
  const device = await registeredDevice(sdk, fleet.slug);
  return { sdk, ...fleet, serviceId: service.id as number, ...device };
}

type World = Awaited<ReturnType<typeof fleetWithServiceAndDevice>>;

/** Each kind as `balena env set` reaches it: set(name, value), get(name). */
const KINDS: ReadonlyArray<{
  resource: string;
  name: string;
  set(w: World, name: string, value: string): Promise<void>;
  get(w: World, name: string): Promise<string | undefined>;
}> = [
  {
    resource: 'application_environment_variable',
    name: 'FLEET_VAR',
    set: (w, n, v) => w.sdk.models.application.envVar.set(w.slug, n, v),
    get: (w, n) => w.sdk.models.application.envVar.get(w.slug, n),
  },
  {
    resource: 'application_config_variable',
    name: 'BALENA_SUPERVISOR_DELTA',
    set: (w, n, v) => w.sdk.models.application.configVar.set(w.slug, n, v),
    get: (w, n) => w.sdk.models.application.configVar.get(w.slug, n),
  },
  {
    resource: 'service_environment_variable',
    name: 'SERVICE_VAR',
    set: (w, n, v) => w.sdk.models.service.var.set(w.serviceId, n, v),
    get: (w, n) => w.sdk.models.service.var.get(w.serviceId, n),
  },
  {
    resource: 'device_environment_variable',
    name: 'DEVICE_VAR',
    set: (w, n, v) => w.sdk.models.device.envVar.set(w.uuid, n, v),
    get: (w, n) => w.sdk.models.device.envVar.get(w.uuid, n),
  },
  {
    resource: 'device_config_variable',
    name: 'BALENA_SUPERVISOR_DELTA',
    set: (w, n, v) => w.sdk.models.device.configVar.set(w.uuid, n, v),
    get: (w, n) => w.sdk.models.device.configVar.get(w.uuid, n),
  },
  {
    resource: 'device_service_environment_variable',
    name: 'DEVICE_SERVICE_VAR',
    set: (w, n, v) => w.sdk.models.device.serviceVar.set(w.uuid, 'main', n, v),
    get: (w, n) => w.sdk.models.device.serviceVar.get(w.uuid, 'main', n),
  },
];

describe('balena env upsert', () => {
  it.each(KINDS)('$resource: POST, then POST on the existing name gives 409 "unique" and the SDK PATCHes by filter', async (k) => {
    const w = await fleetWithServiceAndDevice();
    await k.set(w, k.name, '0');
    const statuses = recordStatuses(w.sdk);
    await k.set(w, k.name, '1');
    const writes = statuses.filter((s) => s.url.includes(`/v7/${k.resource}`));
    expect(writes.map((s) => s.status)).toEqual([409, 200]);
    expect(writes[1]!.url).toMatch(/\$filter=.*name eq '/);
    expect(await k.get(w, k.name)).toBe('1');
  });

  it('says "unique" in the body of the 409 a duplicate POST gets', async () => {
    const w = await fleetWithServiceAndDevice();
    await w.sdk.models.device.envVar.set(w.uuid, 'DUP', 'a');
    const dup = w.sdk.pine.post({ resource: 'device_environment_variable', body: { device: w.id, name: 'DUP', value: 'b' } });
    await expect(dup).rejects.toMatchObject({ statusCode: 409, message: expect.stringMatching(/unique/i) });
  });
});

describe('balena env set: config or env from GET /config/vars', () => {
  /** What balena-cli's `env set NAME VALUE --fleet <slug>` does: reservedNamespaces decide the kind. */
  async function envSet(sdk: Sdk, slug: string, name: string, value: string) {
    const { body } = await sdk.request.send({ method: 'GET', url: '/config/vars', baseUrl: server.current.url });
    const isConfig = (body as { reservedNamespaces: string[] }).reservedNamespaces.some((ns) => name.startsWith(ns));
    await (isConfig ? sdk.models.application.configVar : sdk.models.application.envVar).set(slug, name, value);
  }

  it('routes namespaced names to configuration variables and the rest to environment variables, twice (upsert)', async () => {
    const { sdk, slug } = await fleetWithServiceAndDevice();
    for (const value of ['1', '2']) {
      await envSet(sdk, slug, 'RESIN_SUPERVISOR_DELTA', value);
      await envSet(sdk, slug, 'GREETING', value);
    }
    expect((await sdk.models.application.configVar.getAllByApplication(slug)).map((v) => [v.name, v.value])).toEqual([['RESIN_SUPERVISOR_DELTA', '2']]);
    expect((await sdk.models.application.envVar.getAllByApplication(slug)).map((v) => [v.name, v.value])).toEqual([['GREETING', '2']]);
  });
});

describe('name rules reach SDK callers as 400 with the rule', () => {
  it('refuses what §5 refuses, with its message, for each model', async () => {
    const w = await fleetWithServiceAndDevice();
    const cases: Array<[() => Promise<unknown>, string]> = [
      [() => w.sdk.models.application.envVar.set(w.slug, 'BALENA_CUSTOM', 'x'), MSG_RESERVED_NAMESPACE],
      [() => w.sdk.models.application.configVar.set(w.slug, 'CUSTOM', 'x'), MSG_CONFIG_NAMESPACE_REQUIRED],
      [() => w.sdk.models.service.var.set(w.serviceId, 'USER', 'x'), MSG_RESERVED_NAME],
      [() => w.sdk.models.device.envVar.set(w.uuid, 'BALENA_API_KEY', 'x'), MSG_RESERVED_NAME],
      [() => w.sdk.models.device.configVar.set(w.uuid, 'NOT_NAMESPACED', 'x'), MSG_CONFIG_NAMESPACE_REQUIRED],
      [() => w.sdk.models.device.serviceVar.set(w.uuid, 'main', 'RESIN', 'x'), MSG_RESERVED_NAME],
    ];
    for (const [call, message] of cases) await expect(call()).rejects.toMatchObject({ statusCode: 400, message: expect.stringContaining(message) });
    expect(await w.sdk.models.device.envVar.getAllByDevice(w.uuid)).toEqual([]);
  });

  it('refuses renaming a variable to a broken name through pine', async () => {
    const w = await fleetWithServiceAndDevice();
    await w.sdk.models.application.envVar.set(w.slug, 'GOOD', 'x');
    const [row] = await w.sdk.models.application.envVar.getAllByApplication(w.slug);
    await expect(w.sdk.pine.patch({ resource: 'application_environment_variable', id: row!.id, body: { name: '9LIVES' } })).rejects.toMatchObject({ statusCode: 400 });
    expect(await w.sdk.models.application.envVar.get(w.slug, 'GOOD')).toBe('x');
  });
});

describe('a device key', () => {
  it('sets and updates its own configuration variables as the supervisor does, reads its variables, writes nothing else', async () => {
    const w = await fleetWithServiceAndDevice();
    const other = await registeredDevice(w.sdk, w.slug);
    await w.sdk.models.application.envVar.set(w.slug, 'FLEET_WIDE', 'f');
    await w.sdk.models.device.envVar.set(w.uuid, 'MINE', 'm');
    const device = sdkFor(server.current);
    await device.auth.loginWithToken(w.apiKey);

    await device.models.device.configVar.set(w.uuid, 'RESIN_SUPERVISOR_POLL_INTERVAL', '900000');
    await device.models.device.configVar.set(w.uuid, 'RESIN_SUPERVISOR_POLL_INTERVAL', '600000');
    expect(await w.sdk.models.device.configVar.get(w.uuid, 'RESIN_SUPERVISOR_POLL_INTERVAL')).toBe('600000');
    expect(await device.models.device.envVar.get(w.uuid, 'MINE')).toBe('m');
    expect(await device.models.application.envVar.get(w.slug, 'FLEET_WIDE')).toBe('f');

    const refused = expect.objectContaining({ statusCode: expect.toBeOneOf([401, 403]) });
    await expect(device.pine.post({ resource: 'device_config_variable', body: { device: other.id, name: 'RESIN_X', value: '1' } })).rejects.toEqual(refused);
    await expect(device.pine.post({ resource: 'device_environment_variable', body: { device: w.id, name: 'SELF', value: '1' } })).rejects.toEqual(refused);
    await expect(device.pine.post({ resource: 'application_environment_variable', body: { application: w.fleetId, name: 'HIJACK', value: '1' } })).rejects.toEqual(refused);
    await expect(device.models.device.configVar.remove(w.uuid, 'RESIN_SUPERVISOR_POLL_INTERVAL')).rejects.toEqual(refused);
    await expect(device.models.device.envVar.getAllByDevice(other.uuid)).rejects.toMatchObject({ code: 'BalenaDeviceNotFound' });
    expect(await w.sdk.models.device.configVar.getAllByDevice(other.uuid)).toEqual([]);
    expect((await w.sdk.models.application.envVar.getAllByApplication(w.slug)).map((v) => v.name)).toEqual(['FLEET_WIDE']);
  });
});
