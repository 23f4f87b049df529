import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { assertWithinBudget } from '../db/statement-counter.ts';
import { createFleetWithProvisioningKey, createRelease, createUserWithKey, type TestFleetWithKey } from '../devices/device-test-factories.ts';
import { registerDevice } from '../device-logs/log-test-helpers.ts';
import { countedTestApp } from '../test/counted-app.ts';

/**
 * Statement budgets of the paths that grow with the fleet (issue 16 "Query accounting";
 * docs/query-budgets.md). Each request is measured whole — credential lookup, permission
 * checks, the work, the live push after it — and fails when it sends more statements than
 * its budget, listing them, so an N+1 (a statement per service, per device, per variable)
 * cannot come back unnoticed. The fixtures are big enough for one to show: five services
 * with variables at every layer, a page of devices with tags.
 *
 * Runs on PGlite, and on PostgreSQL with DATABASE_URL (test/harness.ts).
 */

/**
 * Statements per request, as measured when this file was written (2026-11-27, the same on PGlite
 * and PostgreSQL). Lower one when a change saves a statement; raise one only with the reason here.
 */
const BUDGETS = {
  /**
   * Device key, If-None-Match matching (304), heartbeat due — every poll of a device polling
   * less often than every 5 s: ONE statement (devices/target-state.repository.ts
   * pollOwnTargetStateHeads) that matches the key to this uuid's device, writes the heartbeat
   * (a data-modifying CTE) and reads the state's versions and the tag stored for them, the state
   * itself left unread as the tag is current (migration 0098); the auth hook leaves this route's API key to it
   * (plugins/auth.ts `resolvesOwnApiKey`). Issue 16's target: at most 1. Was 3 (key owner, state,
   * heartbeat UPDATE).
   */
  unchangedTargetState: 1,
  /** The same poll again within 5 s: the same statement, its heartbeat UPDATE matching no row. Was 2. */
  unchangedTargetStateFresh: 1,
  /**
   * The target changed since the tag (200), 5 services, variables on every layer, the first poll
   * of the fleet's new version in this process: the same first statement, the device's own part
   * (its name and variables) in one, and the fleet's part (fleet, release, services with their
   * images, labels and variables) in one, whatever the services and variables (issue 16: at most
   * 3). The fleet's part is then kept by version (devices/fleet-target-parts.ts). The new tag is
   * stored with the versions it was built from (device_target_cache) for the next poll's 304
   * after the answer, in one upsert with the other devices polling in the same turn of the event
   * loop (devices/target-tag-writer.ts): no request's statement. Was 3 with the write per poll,
   * 1 before the stored tag.
   */
  changedTargetState: 3,
  /** Another device of the fleet polling the same change: the fleet's part comes from memory. */
  changedTargetStateShared: 2,
  /** The dashboard's device page: a user key's owner, then the page with its three expansions as one statement (the permission check is inside it). */
  devicePage: 2,
  /** The page's total (`/$count`, the same filter), sent beside it. */
  devicePageCount: 2,
  /**
   * A state report with the apps block (devices/device-state.service.ts): the key's owner (with
   * the device's uuid and fleet), then in one transaction (BEGIN … COMMIT) the release's images,
   * the image installs upserted (one statement for every service), the others marked deleted and
   * the device's columns with its public address; last the live push's read
   * (live/device-events.ts). Was 10: the device's uuid and fleet and the public address were
   * a statement each.
   */
  stateReport: 8,
  /**
   * The registry's token service (registry/token.service.ts) with a user key asking for 200
   * repositories in one request (anyone may send that many scopes, anonymous callers too): the
   * key's owner, then one statement for every repository together. Was one per scope.
   */
  registryToken: 2,
} as const;

const SERVICES = ['api', 'db', 'proxy', 'web', 'worker'];
const PAGE_DEVICES = 20;

const world = countedTestApp();

/** One request, measured; fails on an unexpected status or a statement over `budget`. */
async function withinBudget(label: keyof typeof BUDGETS, request: InjectOptions, status: number): Promise<LightMyRequestResponse> {
  const { result: res, statements } = await world.counter.measure(() => world.ctx.app.inject(request));
  expect(res.statusCode, `${request.method} ${request.url}: ${res.body}`).toBe(status);
  // A request that sent nothing was not measured (the counter is not wired): not a pass.
  expect(statements.length, `${label}: no statement counted`).toBeGreaterThan(0);
  assertWithinBudget(`${label} (${request.method} ${request.url})`, statements, BUDGETS[label]);
  return res;
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/** Five services in one release, the fleet's target, with variables at every layer the target state merges. */
async function fleetWithFiveServices(): Promise<{ fleet: TestFleetWithKey; userKey: string }> {
  const fleet = await createFleetWithProvisioningKey(world.db);
  const { apiKey: userKey } = await createUserWithKey(world.db, fleet.applicationId, 'developer');
  const first = await createRelease(world.db, fleet.applicationId, { serviceName: SERVICES[0], makeTarget: true });
  for (const name of SERVICES.slice(1)) {
    const other = await createRelease(world.db, fleet.applicationId, { serviceName: name });
    await world.db.insertInto('release_image').values({ image: other.imageId, is_part_of__release: first.releaseId }).execute();
  }
  const releaseImages = await world.db.selectFrom('release_image').select(['id', 'image']).where('is_part_of__release', '=', first.releaseId).execute();
  const services = await world.db.selectFrom('service').select('id').where('application', '=', fleet.applicationId).execute();
  expect(releaseImages).toHaveLength(SERVICES.length);
  await world.db.insertInto('application_environment_variable').values({ application: fleet.applicationId, name: 'MODE', value: 'fleet' }).execute();
  await world.db.insertInto('application_config_variable').values({ application: fleet.applicationId, name: 'BALENA_SUPERVISOR_POLL_INTERVAL', value: '900000' }).execute();
  await world.db.insertInto('service_environment_variable').values(services.map((s) => ({ service: s.id, name: 'PORT', value: String(s.id) }))).execute();
  await world.db.insertInto('image_environment_variable').values(releaseImages.map((ri) => ({ release_image: ri.id, name: 'BUILT', value: 'yes' }))).execute();
  return { fleet, userKey };
}

describe('statement budgets of the hot paths (issue 16)', () => {
  it('target state: an unchanged poll and a changed one each cost the same few statements, whatever the services and variables', async () => {
    const { fleet } = await fleetWithFiveServices();
    const device = await registerDevice(world.ctx.app, fleet);
    await world.db.insertInto('device_environment_variable').values({ device: device.id, name: 'MODE', value: 'device' }).execute();
    const url = `/device/v3/${device.uuid}/state`;
    const poll = (etag: string) => ({ method: 'GET' as const, url, headers: { ...bearer(device.apiKey), 'if-none-match': etag } });
    /** The device's last poll a minute ago, as between two polls of a real device: this poll's heartbeat is due. */
    const heartbeatDue = () => world.db.updateTable('device').set({ last_connectivity_event: new Date(Date.now() - 60_000) }).where('id', '=', device.id).execute();
    const lastSeen = async () =>
      new Date((await world.db.selectFrom('device').select('last_connectivity_event').where('id', '=', device.id).executeTakeFirstOrThrow()).last_connectivity_event!).getTime();

    // The first poll brings the device online (a heartbeat write and a live push): not the steady state.
    const warm = await world.ctx.app.inject({ method: 'GET', url, headers: bearer(device.apiKey) });
    expect(warm.statusCode).toBe(200);
    const etag = warm.headers.etag as string;
    const body = warm.json<Record<string, { apps: Record<string, { releases: Record<string, { services: object }> }> }>>();
    const releases = body[device.uuid]!.apps[fleet.applicationUuid]!.releases;
    expect(Object.keys(Object.values(releases)[0]!.services)).toEqual(SERVICES);
    // Its tag is stored after the answer (in a batch): on a loaded machine the next poll could
    // otherwise come first, find no tag and read the state (CI saw 2 statements once).
    await world.ctx.app.targetTags.flush();

    await heartbeatDue();
    await withinBudget('unchangedTargetState', poll(etag), 304);
    expect(await lastSeen(), 'the poll wrote the heartbeat').toBeGreaterThan(Date.now() - 30_000);
    // Seen just now (as by a poll a moment ago, however slow this machine is today): no heartbeat write.
    const seenAt = new Date();
    await world.db.updateTable('device').set({ last_connectivity_event: seenAt }).where('id', '=', device.id).execute();
    await withinBudget('unchangedTargetStateFresh', poll(etag), 304);
    expect(await lastSeen(), 'no heartbeat write within the gap').toBe(seenAt.getTime());

    await world.db.insertInto('application_environment_variable').values({ application: fleet.applicationId, name: 'NEW', value: '1' }).execute();
    await heartbeatDue();
    const changed = await withinBudget('changedTargetState', poll(etag), 200);
    expect(changed.headers.etag).not.toBe(etag);
    // Its tag is stored after the answer; the next poll with it is the one-statement 304 again.
    await world.ctx.app.targetTags.flush();
    await heartbeatDue();
    await withinBudget('unchangedTargetState', poll(changed.headers.etag as string), 304);
    // A second device of the fleet, at the same version: its own part only.
    const second = await registerDevice(world.ctx.app, fleet);
    const secondUrl = `/device/v3/${second.uuid}/state`;
    const secondWarm = await world.ctx.app.inject({ method: 'GET', url: secondUrl, headers: bearer(second.apiKey) });
    expect(secondWarm.statusCode).toBe(200);
    await world.db.insertInto('device_environment_variable').values({ device: second.id, name: 'MODE', value: 'second' }).execute();
    const shared = await withinBudget('changedTargetStateShared', { method: 'GET', url: secondUrl, headers: { ...bearer(second.apiKey), 'if-none-match': secondWarm.headers.etag as string } }, 200);
    expect(shared.body).toContain('"MODE":"second"');
  });

  it('device list: the dashboard\'s first page and its count, with expansions and tags, in a fixed number of statements', async () => {
    const { fleet, userKey } = await fleetWithFiveServices();
    const devices = [];
    for (let i = 0; i < PAGE_DEVICES; i += 1) devices.push(await registerDevice(world.ctx.app, fleet));
    await world.db
      .insertInto('device_tag')
      .values(devices.flatMap((d) => ['a', 'b', 'c', 'd', 'e'].map((k) => ({ device: d.id, tag_key: k, value: k }))))
      .execute();
    // The URL fleetDevicePageQuery (apps/web/src/features/devices/api/devices.queries.ts) sends, as pinejs-client-core builds it.
    const page =
      '/v7/device?$select=id,uuid,device_name,overall_status,overall_progress,api_heartbeat_state,is_online,last_connectivity_event,os_version,os_variant,' +
      'supervisor_version,ip_address,public_address,mac_address,is_connected_to_vpn,is_active,latitude,longitude,custom_latitude,custom_longitude' +
      '&$expand=is_of__device_type($select=slug,name),is_running__release($select=id,commit,raw_version),device_tag($select=tag_key,value;$orderby=tag_key asc;$top=4)' +
      `&$filter=belongs_to__application eq ${fleet.applicationId}&$orderby=device_name asc&$top=50&$skip=0`;
    const res = await withinBudget('devicePage', { method: 'GET', url: encodeURI(page), headers: bearer(userKey) }, 200);
    const rows = res.json<{ d: Array<{ device_tag: unknown[]; is_of__device_type: unknown[] }> }>().d;
    expect(rows).toHaveLength(PAGE_DEVICES);
    expect(rows.every((r) => r.device_tag.length === 4 && r.is_of__device_type.length === 1)).toBe(true);

    const count = await withinBudget('devicePageCount', { method: 'GET', url: encodeURI(`/v7/device/$count?$filter=belongs_to__application eq ${fleet.applicationId}`), headers: bearer(userKey) }, 200);
    expect(count.json()).toEqual({ d: PAGE_DEVICES });
  });

  it('state report: a device reporting its five services costs a fixed number of statements', async () => {
    const { fleet } = await fleetWithFiveServices();
    const device = await registerDevice(world.ctx.app, fleet);
    const target = await world.ctx.app.inject({ method: 'GET', url: `/device/v3/${device.uuid}/state`, headers: bearer(device.apiKey) });
    const releases = target.json<Record<string, { apps: Record<string, { releases: Record<string, { services: Record<string, { image: string }> }> }> }>>()[device.uuid]!.apps[fleet.applicationUuid]!.releases;
    const [commit, release] = Object.entries(releases)[0]!;
    const report = {
      [device.uuid]: {
        status: 'Idle',
        os_version: 'balenaOS 5.3.0',
        supervisor_version: '16.4.0',
        ip_address: '10.0.0.2',
        cpu_usage: 12,
        memory_usage: 100,
        memory_total: 1000,
        apps: {
          [fleet.applicationUuid]: {
            release_uuid: commit,
            releases: {
              [commit]: {
                update_status: 'done',
                services: Object.fromEntries(Object.entries(release.services).map(([name, s]) => [name, { image: s.image, status: 'Running', download_progress: null }])),
              },
            },
          },
        },
      },
    };
    await withinBudget('stateReport', { method: 'PATCH', url: '/device/v3/state', headers: bearer(device.apiKey), payload: report }, 200);
    const installs = await world.db.selectFrom('image_install').select('status').where('device', '=', device.id).execute();
    expect(installs.map((i) => i.status)).toEqual(SERVICES.map(() => 'Running'));
    // A steady report (the same again) is the common case: measured too.
    await withinBudget('stateReport', { method: 'PATCH', url: '/device/v3/state', headers: bearer(device.apiKey), payload: report }, 200);
  });

  it('registry token: any number of scopes in one request costs the same statements', async () => {
    const { userKey } = await fleetWithFiveServices();
    const scopes = Array.from({ length: 20 }, (_, i) => Array.from({ length: 10 }, (_, j) => `repository:v2/missing${i}x${j}:pull,push`).join(' '));
    const query = scopes.map((scope, i) => `scope%5B${i}%5D=${encodeURIComponent(scope)}`).join('&');
    const res = await withinBudget('registryToken', { method: 'GET', url: `/auth/v1/token?${query}`, headers: { authorization: `Basic ${Buffer.from(`u:${userKey}`).toString('base64')}` } }, 200);
    const access = JSON.parse(Buffer.from((res.json() as { token: string }).token.split('.')[1]!, 'base64url').toString()) as { access: unknown[] };
    expect(access.access).toHaveLength(200);
  });
});
