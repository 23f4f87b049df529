import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { FREE_DEVICE_ALLOWANCE } from '@flotilla/core/device-allowance';
import type { Db } from '../apps/api/src/db/database.ts';
import { putOnPaidPlan } from './lib/paid-plan.ts';

/**
 * Data for the target-state benchmark, created only through the public API of a listening
 * server — sign-up, organization, fleet, a release with S services (one image each, the image's
 * registry location assigned by the API) and variables, a provisioning key, then
 * `POST /device/register` per device — so the polled state is the one a real fleet produces
 * (services, environment, config) and each device has its key.
 */
export interface PollingDevice {
  uuid: string;
  apiKey: string;
}

export interface TargetStateFleet {
  fleetId: number;
  devices: PollingDevice[];
  setupMs: number;
  /** Deploys another release with the same services and makes it the fleet's target: every device's state changes. */
  deployNewTarget(): Promise<void>;
}

/** Service names of a release with `count` services (the first is `main`). */
export function serviceNames(count: number): string[] {
  const names = ['main', 'api', 'worker', 'proxy', 'metrics', 'db', 'cache', 'ui'];
  return Array.from({ length: count }, (_, i) => names[i] ?? `svc${i}`);
}

type V7 = <T>(method: string, path: string, body?: unknown) => Promise<T>;

/**
 * A successful release with one image per service, as `balena deploy` makes it (compat §8):
 * the release, each service found or created, each image created (the API assigns
 * is_stored_at__image_location) and finished with its digest, then linked to the release.
 */
async function deployRelease(v7: V7, fleetId: number, services: string[], serviceIds: Map<string, number>): Promise<number> {
  const commit = randomBytes(16).toString('hex');
  const composition = { services: Object.fromEntries(services.map((s) => [s, { build: `./${s}`, labels: { 'io.balena.features.dbus': '1' } }])) };
  const release = await v7<{ id: number }>('POST', 'release', { belongs_to__application: fleetId, commit, status: 'success', composition, source: 'cloud' });
  for (const name of services) {
    let serviceId = serviceIds.get(name);
    if (serviceId === undefined) {
      serviceId = (await v7<{ id: number }>('POST', 'service', { application: fleetId, service_name: name })).id;
      serviceIds.set(name, serviceId);
    }
    const image = await v7<{ id: number }>('POST', 'image', { is_a_build_of__service: serviceId, status: 'running', start_timestamp: new Date().toISOString() });
    await v7('PATCH', `image(${image.id})`, { status: 'success', content_hash: `sha256:${randomBytes(32).toString('hex')}`, end_timestamp: new Date().toISOString() });
    await v7('POST', 'release_image', { image: image.id, is_part_of__release: release.id });
  }
  await v7('PATCH', `application(${fleetId})`, { should_be_running__release: release.id });
  return release.id;
}

/** One JSON call to a listening server; a non-2xx answer is an error (also used by writes.setup.ts). */
export async function call<T>(baseUrl: string, method: string, path: string, token: string | undefined, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status}: ${text}`);
  return (res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T;
}

/** Runs `fn` over `items` with at most `limit` in flight. */
async function inParallel<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/**
 * A fleet whose target is a release of `serviceCount` services, and `deviceCount` devices registered
 * through the API. Past the free allowance the devices are registered on a paid plan, which needs
 * the database (`db`): on the free plan they would be frozen, and not served.
 */
export async function setUpPollingFleet(baseUrl: string, deviceCount: number, serviceCount = 1, db?: Db): Promise<TargetStateFleet> {
  if (deviceCount > FREE_DEVICE_ALLOWANCE && !db) throw new Error(`setUpPollingFleet: ${deviceCount} devices need the database, to put the organization on a paid plan`);
  const start = Date.now();
  const suffix = randomBytes(4).toString('hex');
  const token = await call<string>(baseUrl, 'POST', '/user/register', undefined, { email: `bench.${suffix}@example.com`, password: 'correct horse battery staple' });
  const v7 = <T>(method: string, path: string, body?: unknown) => call<T>(baseUrl, method, `/v7/${path}`, token, body);

  const org = await v7<{ id: number }>('POST', 'organization', { name: `Bench ${suffix}` });
  if (db) await putOnPaidPlan(db, org.id);
  const types = await v7<{ d: { id: number }[] }>('GET', "device_type?$select=id&$filter=slug%20eq%20'raspberrypi4-64'");
  const deviceType = types.d[0]?.id;
  if (deviceType === undefined) throw new Error('device type raspberrypi4-64 is missing');
  const fleet = await v7<{ id: number }>('POST', 'application', { app_name: `bench-${suffix}`, organization: org.id, is_for__device_type: deviceType });

  // A release with S services, as `balena deploy` would create it, made the fleet's target.
  const services = serviceNames(serviceCount);
  const serviceIds = new Map<string, number>();
  await deployRelease(v7, fleet.id, services, serviceIds);
  for (const [name, value] of [['NODE_ENV', 'production'], ['LOG_LEVEL', 'info'], ['API_URL', 'https://example.com/api']]) {
    await v7('POST', 'application_environment_variable', { application: fleet.id, name, value });
  }
  await v7('POST', 'application_config_variable', { application: fleet.id, name: 'BALENA_SUPERVISOR_POLL_INTERVAL', value: '600000' });

  const provisioningKey = await call<string>(baseUrl, 'POST', '/api-key/v2/', token, {
    actorType: 'application',
    actorTypeId: fleet.id,
    roles: ['provisioning-api-key'],
    name: 'bench provisioning',
    expiryDate: null,
  });
  const devices: PollingDevice[] = Array.from({ length: deviceCount }, () => ({ uuid: randomBytes(16).toString('hex'), apiKey: randomBytes(16).toString('hex') }));
  await inParallel(devices, 8, async (d) => {
    await call(baseUrl, 'POST', '/device/register', provisioningKey, {
      uuid: d.uuid,
      api_key: d.apiKey,
      device_type: 'raspberrypi4-64',
      os_version: 'balenaOS 6.0.0',
      os_variant: 'prod',
      supervisor_version: '17.0.0',
    });
  });
  return {
    fleetId: fleet.id,
    devices,
    setupMs: Date.now() - start,
    deployNewTarget: async () => {
      await deployRelease(v7, fleet.id, services, serviceIds);
    },
  };
}

/**
 * `count` more devices in the fleet, each with its actor and device key, in one statement (the
 * schema's triggers add their service installs). Device i's uuid and key are md5 digests of the
 * run's tag and i; the key is stored as the API stores it (sha256 hex, api-key-secret.ts).
 */
export async function seedDevices(db: Db, fleetId: number, count: number): Promise<PollingDevice[]> {
  if (count <= 0) return [];
  const tag = `${fleetId}-${Date.now()}`;
  await sql`
    WITH new_actor AS (
      INSERT INTO actor (created_at) SELECT now() FROM generate_series(1, ${count}::int) RETURNING id
    ), numbered AS (
      SELECT id AS actor, row_number() OVER (ORDER BY id) AS i FROM new_actor
    ), keys AS (
      INSERT INTO api_key (key_hash, is_of__actor, name)
      SELECT encode(sha256(convert_to(md5('key' || ${tag} || n.i), 'UTF8')), 'hex'), n.actor, 'device key' FROM numbered n
    )
    INSERT INTO device (actor, uuid, device_name, belongs_to__application, is_of__device_type, os_version, os_variant, supervisor_version)
    SELECT n.actor, md5('uuid' || ${tag} || n.i), 'bench-' || n.i, ${fleetId}, (SELECT id FROM device_type WHERE slug = 'raspberrypi4-64'),
           'balenaOS 6.0.0', 'prod', '17.0.0'
      FROM numbered n`.execute(db);
  await sql`ANALYZE device`.execute(db);
  const md5 = (text: string) => createHash('md5').update(text).digest('hex');
  return Array.from({ length: count }, (_, k) => ({ uuid: md5(`uuid${tag}${k + 1}`), apiKey: md5(`key${tag}${k + 1}`) }));
}

/** Every device polls once (16 in flight, as a booting fleet would): its tag, and one body. */
export async function pollAll(baseUrl: string, devices: PollingDevice[]): Promise<{ etags: Map<string, string>; sample: string }> {
  const etags = new Map<string, string>();
  let sample = '';
  let next = 0;
  const lane = async () => {
    for (let d = devices[next++]; d; d = devices[next++]) {
      const res = await fetch(`${baseUrl}/device/v3/${d.uuid}/state`, { headers: { authorization: `Bearer ${d.apiKey}` } });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`state of ${d.uuid} → ${res.status}: ${text}`);
      etags.set(d.uuid, res.headers.get('etag')!);
      sample ||= text;
    }
  };
  await Promise.all(Array.from({ length: 16 }, lane));
  return { etags, sample };
}
