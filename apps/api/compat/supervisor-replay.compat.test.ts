// A real balenaOS device, replayed (compat/balena-api.md §5; docs/real-devices.md): every request
// balena-supervisor 19.0.5 sends is sent here exactly as recorded — method, path and query
// encoding, headers (its User-Agent, bearer device key, If-None-Match, gzip NDJSON log upload)
// and body — over https with a self-signed certificate the device trusts through the
// config.json `balenaRootCA` this server generated. A real supervisor and flashing an image
// cannot run here; these replays are what stands for them.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { defaultConfig } from '../src/lib/config.ts';
import { openTestDatabase } from '../src/test/harness.ts';
import { makeTlsFixture, type TlsFixture } from '../src/test/tls-fixture.ts';
import { rawRequest, type RawRequestOptions } from '../src/test/raw-request.ts';
import { createFleetWithProvisioningKey, createRelease, createUserWithKey, type TestFleetWithKey } from '../src/devices/device-test-factories.ts';
import { openLogStream } from '../src/device-logs/log-test-helpers.ts';
import { until } from '../src/test/until.ts';

const USER_AGENT = 'Supervisor/19.0.5 (Linux; balenaOS 6.0.13; prod)';
const REGISTRY_URL = 'https://registry.flotilla.test';
const DELTA_URL = 'https://delta.flotilla.test';

let tls: TlsFixture;
let app: FastifyInstance;
let drop: () => Promise<void>;
let base: string;

beforeAll(async () => {
  tls = makeTlsFixture();
  const opened = await openTestDatabase();
  drop = opened.drop;
  app = await buildApp({
    db: opened.database.db,
    config: defaultConfig({ jwtSecret: randomBytes(16).toString('hex'), registryUrl: REGISTRY_URL, deltaUrl: DELTA_URL, deviceRootCaPem: tls.certPem }),
    https: { cert: Buffer.from(tls.certPem), key: Buffer.from(tls.keyPem) },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `https://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await app?.close();
  await drop?.();
  tls?.remove();
});

/** A request as the supervisor sends it: its User-Agent, the key as bearer, JSON bodies. */
function supervisor(path: string, key: string, init: { method?: string; json?: unknown; headers?: Record<string, string> } = {}) {
  const options: RawRequestOptions = {
    method: init.method ?? 'GET',
    tls: tls.client,
    headers: {
      'user-agent': USER_AGENT,
      authorization: `Bearer ${key}`,
      ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
      ...init.headers,
    },
    ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
  };
  return rawRequest(`${base}${path}`, options);
}

/** pinejs-client's wire encoding of an OData query (compat §2.4): spaces %20, quotes %27. */
const odata = (query: string) => query.replaceAll(' ', '%20').replaceAll("'", '%27');

const newUuid = () => randomBytes(16).toString('hex');
const newKey = () => randomBytes(16).toString('hex');

/** First boot: register with the provisioning key (§5.2.2), as the supervisor's body has it. */
async function provision(fleet: TestFleetWithKey, uuid = newUuid(), deviceKey = newKey()) {
  const res = await supervisor('/device/register', fleet.provisioningKey, {
    method: 'POST',
    json: {
      application: fleet.applicationId,
      uuid,
      device_type: 'raspberrypi4-64',
      api_key: deviceKey,
      supervisor_version: '19.0.5',
      os_version: 'balenaOS 6.0.13',
      os_variant: 'prod',
      mac_address: 'DC:A6:32:00:00:01 DC:A6:32:00:00:02',
    },
  });
  return { res, uuid, deviceKey };
}

async function provisioned() {
  const fleet = await createFleetWithProvisioningKey(app.db);
  const { res, uuid, deviceKey } = await provision(fleet);
  expect(res.status).toBe(201);
  return { fleet, uuid, deviceKey, id: res.json<{ id: number }>().id };
}

describe('§5.1 config.json from /download-config', () => {
  it('carries every field the supervisor and balenaOS read', async () => {
    const fleet = await createFleetWithProvisioningKey(app.db);
    const user = await createUserWithKey(app.db, fleet.applicationId, 'administrator');
    const res = await rawRequest(`${base}/download-config`, {
      method: 'POST',
      tls: tls.client,
      headers: { authorization: `Bearer ${user.apiKey}`, 'content-type': 'application/json', 'x-balena-client': 'balena-cli/25.2.6' },
      body: JSON.stringify({ appId: fleet.applicationId, version: '6.0.13', network: 'ethernet', appUpdatePollInterval: 10, developmentMode: false }),
    });
    expect(res.status).toBe(200);
    const config = res.json<Record<string, unknown>>();
    expect(config).toEqual({
      applicationId: fleet.applicationId,
      deviceType: 'raspberrypi4-64',
      userId: user.userId,
      appUpdatePollInterval: 600_000,
      listenPort: 48484,
      vpnPort: 443,
      apiEndpoint: base,
      vpnEndpoint: 'vpn.127.0.0.1',
      registryEndpoint: 'registry.flotilla.test',
      deltaEndpoint: DELTA_URL,
      mixpanelToken: '',
      apiKey: expect.stringMatching(/^\S{20,}$/),
      balenaRootCA: Buffer.from(tls.certPem).toString('base64'),
      developmentMode: false,
      network: 'ethernet',
      os: { version: '6.0.13' },
    });
    // The provisioning key it carries registers a device (the next §).
    const registered = await provision({ ...fleet, provisioningKey: String(config.apiKey) });
    expect(registered.res.status).toBe(201);
  });
});

describe('GET /os/v1/config/ (os-config)', () => {
  it('answers the services os-config writes, schema 1.0.0, with or without the device key', async () => {
    const { deviceKey } = await provisioned();
    const asked: Record<string, string>[] = [{}, { authorization: `Bearer ${deviceKey}` }, { authorization: 'Bearer not-a-key' }];
    for (const headers of asked) {
      const res = await rawRequest(`${base}/os/v1/config/`, { tls: tls.client, headers });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ services: { openvpn: { config: '', ca: '' }, ssh: { authorized_keys: '' } }, config: { overrides: {} }, schema_version: '1.0.0' });
    }
  });
});

describe('§5.2 provisioning', () => {
  it('registers with the provisioning key: exactly 201 with id, uuid, api_key; 409 on a repeat', async () => {
    const fleet = await createFleetWithProvisioningKey(app.db);
    const { res, uuid, deviceKey } = await provision(fleet);
    expect(res.status).toBe(201);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ id: expect.any(Number), uuid, api_key: deviceKey });
    const again = await provision(fleet, uuid, deviceKey);
    expect(again.res.status).toBe(409);
    // balena-request reads `error` as the message.
    expect(again.res.json()).toEqual({ error: '"uuid" must be unique.' });
  });

  it('exchanges keys after a 409: the device key finds itself, else the provisioning key sets it (exactly 200)', async () => {
    const { fleet, uuid, deviceKey, id } = await provisioned();
    const lookup = `/v7/device?${odata(`$select=id&$filter=uuid eq '${uuid}'`)}`;
    const mine = await supervisor(lookup, deviceKey);
    expect(mine.status).toBe(200);
    expect(mine.json()).toEqual({ d: [{ id }] });
    // A device whose key the API does not know (config.json rewritten): the provisioning key path.
    const freshKey = newKey();
    expect((await supervisor(lookup, freshKey)).status).toBe(401);
    const viaProvisioning = await supervisor(lookup, fleet.provisioningKey);
    expect(viaProvisioning.json()).toEqual({ d: [{ id }] });
    const exchange = await supervisor(`/api-key/device/${id}/device-key`, fleet.provisioningKey, { method: 'POST', json: { apiKey: freshKey } });
    expect(exchange.status).toBe(200);
    expect((await supervisor(lookup, freshKey)).json()).toEqual({ d: [{ id }] });
  });

  it('takes the initial config report and the initial device name with the device key', async () => {
    const { uuid, deviceKey, id } = await provisioned();
    const variable = await supervisor('/v7/device_config_variable', deviceKey, { method: 'POST', json: { value: '900000', device: id, name: 'RESIN_SUPERVISOR_POLL_INTERVAL' } });
    expect(variable.status).toBe(201);
    const renamed = await supervisor(`/v7/device(${id})`, deviceKey, { method: 'PATCH', json: { device_name: 'greenhouse-pi' } });
    expect(renamed.status).toBe(200);
    // Both show in the device's next target state.
    const state = await supervisor(`/device/v3/${uuid}/state`, deviceKey);
    const body = state.json<Record<string, { name: string; config: Record<string, string> }>>()[uuid]!;
    expect(body.name).toBe('greenhouse-pi');
    expect(body.config.RESIN_SUPERVISOR_POLL_INTERVAL).toBe('900000');
  });
  it('pins a preloaded release: finds it by commit, then PATCHes the device with its own key', async () => {
    const { fleet, uuid, deviceKey, id } = await provisioned();
    const release = await createRelease(app.db, fleet.applicationId);
    const found = await supervisor(`/v7/release?${odata(`$filter=belongs_to__application eq ${fleet.applicationId} and commit eq '${release.commit}' and status eq 'success'&$select=id`)}`, deviceKey);
    expect(found.status).toBe(200);
    expect(found.json()).toEqual({ d: [{ id: release.releaseId }] });
    const pinned = await supervisor(`/v7/device(${id})`, deviceKey, { method: 'PATCH', json: { is_pinned_on__release: release.releaseId } });
    expect(pinned.status).toBe(200);
    const state = await supervisor(`/device/v3/${uuid}/state`, deviceKey);
    const apps = state.json<Record<string, { apps: Record<string, { releases: Record<string, unknown> }> }>>()[uuid]!.apps;
    expect(Object.keys(apps[fleet.applicationUuid]!.releases)).toEqual([release.commit]);
  });
});

describe('§5.3 target state', () => {
  it('answers v3 with an ETag, then 304 to If-None-Match, and 200 again once the target changes', async () => {
    const { fleet, uuid, deviceKey } = await provisioned();
    const first = await supervisor(`/device/v3/${uuid}/state`, deviceKey);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    const etag = first.headers.etag!;
    expect(etag).toBeTruthy();
    const state = first.json<Record<string, { apps: Record<string, { id: number; releases: Record<string, unknown> }> }>>();
    expect(Object.keys(state)).toEqual([uuid]);
    expect(state[uuid]!.apps[fleet.applicationUuid]).toMatchObject({ id: fleet.applicationId, releases: {} });
    const unchanged = await supervisor(`/device/v3/${uuid}/state`, deviceKey, { headers: { 'if-none-match': etag } });
    expect(unchanged.status).toBe(304);
    expect(unchanged.text).toBe('');
    const release = await createRelease(app.db, fleet.applicationId, { makeTarget: true });
    const changed = await supervisor(`/device/v3/${uuid}/state`, deviceKey, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(Object.keys(changed.json<typeof state>()[uuid]!.apps[fleet.applicationUuid]!.releases)).toEqual([release.commit]);
  });

  it('answers the legacy v2 shape', async () => {
    const { fleet, uuid, deviceKey } = await provisioned();
    const res = await supervisor(`/device/v2/${uuid}/state`, deviceKey);
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ local: { apps: { [String(fleet.applicationId)]: expect.any(Object) } }, dependent: { apps: {}, devices: {} } });
  });
});

describe('§5.4 state report', () => {
  it('merges partial PATCH /device/v3/state reports, never replacing what an earlier one said', async () => {
    const { uuid, deviceKey, id } = await provisioned();
    const full = await supervisor('/device/v3/state', deviceKey, {
      method: 'PATCH',
      json: { [uuid]: { status: 'Idle', os_version: 'balenaOS 6.0.13', supervisor_version: '19.0.5', ip_address: '192.168.1.20', api_port: 48484, api_secret: 'local-secret', memory_usage: 300, memory_total: 4000, cpu_temp: 51 } },
    });
    expect(full.status).toBe(200);
    // (Not a metric: a second reading within 60 s is not stored, apps/api/src/devices/device-state-metrics.int.test.ts.)
    const partial = await supervisor('/device/v3/state', deviceKey, { method: 'PATCH', json: { [uuid]: { ip_address: '192.168.1.21' } } });
    expect(partial.status).toBe(200);
    const row = await supervisor(`/v7/device(${id})?$select=status,os_version,supervisor_version,ip_address,memory_usage,cpu_temp`, deviceKey);
    expect(row.json<{ d: unknown[] }>().d[0]).toEqual({ status: 'Idle', os_version: 'balenaOS 6.0.13', supervisor_version: '19.0.5', ip_address: '192.168.1.21', memory_usage: 300, cpu_temp: 51 });
  });
});

describe('§5.5 logs', () => {
  it('keeps a gzip NDJSON log-stream open without answering, storing lines as they come', async () => {
    const { uuid, deviceKey } = await provisioned();
    const stream = openLogStream(base, uuid, deviceKey, { tls: tls.client, headers: { 'user-agent': USER_AGENT } });
    expect(stream.request.getHeader('content-type')).toBe('application/x-ndjson');
    expect(stream.request.getHeader('content-encoding')).toBe('gzip');
    // Chunked: no Content-Length, the body's end is unknown when the headers go.
    expect(stream.request.getHeader('content-length')).toBeUndefined();
    let answered = false;
    void stream.response.then(() => (answered = true), () => undefined);
    const t = Date.now();
    await stream.write([{ message: 'Supervisor starting', timestamp: t, isSystem: true }]);
    // The supervisor waits 5 s for an early answer and treats one as an error: none comes.
    await new Promise((r) => setTimeout(r, 5_500));
    expect(answered).toBe(false);
    await stream.write([{ message: 'hello from main', timestamp: t + 1, serviceId: 7, isStdErr: false }]);
    const read = () => supervisor(`/device/v2/${uuid}/logs`, deviceKey);
    await until('lines stored while the upload is open', async () => (await read()).json<unknown[]>().length, (n) => n === 2);
    expect(answered).toBe(false);
    const end = await stream.end();
    expect(end.status).toBeGreaterThanOrEqual(200);
    expect(end.status).toBeLessThan(300);
    expect((await read()).json()).toEqual([
      expect.objectContaining({ message: 'Supervisor starting', timestamp: t, isSystem: true }),
      expect.objectContaining({ message: 'hello from main', timestamp: t + 1, serviceId: 7, isStdErr: false }),
    ]);
  }, 30_000);

  it('takes a POST /device/v2/:uuid/logs batch', async () => {
    const { uuid, deviceKey } = await provisioned();
    const t = Date.now();
    const res = await supervisor(`/device/v2/${uuid}/logs`, deviceKey, { method: 'POST', json: [{ message: 'batched', timestamp: t, isSystem: true }] });
    expect(res.status).toBeGreaterThanOrEqual(200);
    expect(res.status).toBeLessThan(300);
    expect((await supervisor(`/device/v2/${uuid}/logs`, deviceKey)).json()).toEqual([expect.objectContaining({ message: 'batched', timestamp: t })]);
  });
});

describe('§5.6 tags and registry token', () => {
  it('reports tags with PATCH /device/v3/tags and reads them back with its OData query', async () => {
    const { uuid, deviceKey, id } = await provisioned();
    const patch = await supervisor('/device/v3/tags', deviceKey, { method: 'PATCH', json: { [uuid]: { location: 'greenhouse', rack: '3' } } });
    expect(patch.status).toBe(200);
    const tags = await supervisor(`/v7/device_tag?${odata(`$select=id,tag_key,value&$filter=device eq ${id}`)}`, deviceKey);
    expect(tags.status).toBe(200);
    const rows = tags.json<{ d: { id: number; tag_key: string; value: string }[] }>().d;
    expect(rows.map(({ tag_key, value }) => ({ tag_key, value })).sort((a, b) => a.tag_key.localeCompare(b.tag_key))).toEqual([
      { tag_key: 'location', value: 'greenhouse' },
      { tag_key: 'rack', value: '3' },
    ]);
    expect(rows.every((r) => typeof r.id === 'number')).toBe(true);
  });

  it('gives a pull token to Basic d_<uuid>:<device key>, as the registry redirects docker pull', async () => {
    const { fleet, uuid, deviceKey } = await provisioned();
    const release = await createRelease(app.db, fleet.applicationId, { makeTarget: true });
    const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
    const tokenFor = (repository: string, authorization: string) =>
      rawRequest(`${base}/auth/v1/token?service=registry.flotilla.test&scope=${encodeURIComponent(`repository:${repository}:pull`)}`, {
        tls: tls.client,
        headers: { authorization, 'user-agent': 'docker/20.10.17 go/go1.19.10 git-commit/0000000 kernel/6.1.0 os/linux arch/arm64' },
      });
    const access = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { access: { name: string; actions: string[] }[] }).access;
    // Stored in this server's registry (REGISTRY_URL), as `balena deploy` names images.
    const ownImage = release.imageLocation.slice(release.imageLocation.indexOf('/') + 1);
    await app.db.updateTable('image').set({ is_stored_at__image_location: `registry.flotilla.test/${ownImage}` }).where('id', '=', release.imageId).execute();
    const res = await tokenFor(ownImage, basic(`d_${uuid}`, deviceKey));
    expect(res.status).toBe(200);
    const body = res.json<{ token: string; access_token: string }>();
    expect(body).toMatchObject({ token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/), expires_in: expect.any(Number) });
    expect(access(body.token)).toEqual([{ type: 'repository', name: ownImage, actions: ['pull'] }]);
    // Another fleet's image: a token, but no right in it.
    const other = await tokenFor('v2/0123456789abcdef0123456789abcdef', basic(`d_${uuid}`, deviceKey));
    expect(access(other.json<{ token: string }>().token)).toEqual([{ type: 'repository', name: 'v2/0123456789abcdef0123456789abcdef', actions: [] }]);
    expect((await tokenFor(ownImage, basic(`d_${uuid}`, newKey()))).status).toBe(401);
  });
});
