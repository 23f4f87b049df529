// The diagnostics actions (fleets spec §2 "Device diagnostics", §5, §6 access_diagnostics, §7
// actions host, §8) through a real device link whose device runs the agent's DiagnosticsRunner,
// for every role of spec §6, the keys that are not users', and an offline device.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_ONLINE_DEVICES } from '@flotilla/core/device-link';
import type { DiagnosticResult } from '@flotilla/core/diagnostics';
import type { Db } from '../db/database.ts';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { generateApiKeySecret, hashApiKey } from '../api-keys/api-key-secret.ts';
import { createFleetWithProvisioningKey, createUserWithKey, type TestFleetWithKey } from '../devices/device-test-factories.ts';
import { registerTestDevice, TestLink, until, type Answer, type TestDevice } from '../device-link/device-link-test-device.ts';
import { DiagnosticsRunner } from '../../../device/src/diagnostics/diagnostics-runner.ts';
import type { DiagnosticsSnapshot } from '../../../device/src/diagnostics/device-snapshot.ts';
import { DIAGNOSTICS_UNSUPPORTED } from './diagnostics.service.ts';

let ctx: TestContext;
let db: Db;
let baseUrl: string;
const links: TestLink[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  db = ctx.database.db;
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await Promise.all(links.map((l) => l.close()));
  await ctx?.close();
});

/** An undervolted device with too little memory left: two checks fail. */
const snapshot: DiagnosticsSnapshot = {
  hostname: 'diag',
  osVersion: 'balenaOS 6.0.0',
  supervisorVersion: '17.0.0',
  uptimeS: 120,
  memory: { usedMb: 960, totalMb: 1000 },
  storage: { usedMb: 100, totalMb: 1000, blockDevice: '/dev/mmcblk0p6' },
  cpuTempC: 45,
  cpuUsagePercent: 10,
  isUndervolted: true,
  services: [{ name: 'main', status: 'Running', restarts: 0 }],
  isClockSynced: true,
  isApiReachable: true,
  isEngineHealthy: true,
  ipAddresses: ['10.0.0.2'],
};

const cloudlink = async (id: number) => (await db.selectFrom('device').select('is_connected_to_vpn').where('id', '=', id).executeTakeFirstOrThrow()).is_connected_to_vpn;

async function linkedDevice(fleet: TestFleetWithKey, answer: Answer): Promise<{ device: TestDevice; link: TestLink }> {
  const device = await registerTestDevice(ctx.app, fleet);
  const link = await TestLink.open(baseUrl, device.apiKey, answer);
  links.push(link);
  await until(() => cloudlink(device.id));
  return { device, link };
}

function call(key: string | null, method: 'GET' | 'POST', uuid: string, action: string) {
  return ctx.app.inject({ method, url: `/actions/v1/${uuid}/${action}`, headers: key ? { authorization: `Bearer ${key}` } : {} });
}

/** A user whose only standing is a staff flag (support agent or platform admin). */
async function staffUser(flag: 'is_support_agent' | 'is_platform_admin'): Promise<string> {
  const suffix = randomBytes(5).toString('hex');
  const actor = await db.insertInto('actor').defaultValues().returning('id').executeTakeFirstOrThrow();
  await db.insertInto('user').values({ actor: actor.id, username: `s_${suffix}`, email: `s.${suffix}@example.com`, [flag]: true }).execute();
  const key = generateApiKeySecret();
  await db.insertInto('api_key').values({ key_hash: hashApiKey(key), is_of__actor: actor.id, name: 'staff key' }).execute();
  return key;
}

/** A user with an organization role on the fleet's organization (and none on the fleet). */
async function orgUser(fleet: TestFleetWithKey, role: 'administrator' | 'member'): Promise<string> {
  const { userId, apiKey } = await createUserWithKey(db, fleet.applicationId, null);
  const roleRow = await db.selectFrom('organization_membership_role').select('id').where('name', '=', role).executeTakeFirstOrThrow();
  await db.insertInto('organization_membership').values({ user: userId, is_member_of__organization: fleet.organizationId, organization_membership_role: roleRow.id }).execute();
  return apiKey;
}

describe('diagnostics on the actions host', () => {
  let fleet: TestFleetWithKey;
  let device: TestDevice;
  let link: TestLink;
  let runner: DiagnosticsRunner;
  let developer: string;

  beforeAll(async () => {
    fleet = await createFleetWithProvisioningKey(db);
    runner = new DiagnosticsRunner({ snapshot: () => snapshot, runMs: 30 });
    ({ device, link } = await linkedDevice(fleet, (request) => runner.answer(request) ?? { status: 404, body: 'Not Found' }));
    developer = (await createUserWithKey(db, fleet.applicationId, 'developer')).apiKey;
    // Support agents reach a fleet only while its support access is granted.
    await db.updateTable('application').set({ is_accessible_by_support_until__date: new Date(Date.now() + 3_600_000) }).where('id', '=', fleet.applicationId).execute();
  });

  it('has no check data before the first run; POST runs the checks (202 running), GET reads them with the failing ones', async () => {
    const none = await call(developer, 'GET', device.uuid, 'checks');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({ action: 'checks', status: 'none', lastRun: null, checks: [] });

    const started = await call(developer, 'POST', device.uuid, 'checks');
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ action: 'checks', status: 'running', lastRun: expect.any(String) });
    expect(link.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v1/diagnostics/checks' });

    await runner.settled();
    const read = await call(developer, 'GET', device.uuid, 'checks');
    const result = read.json<DiagnosticResult>();
    expect(result.status).toBe('done');
    expect(result.checks.filter((c) => !c.success).map((c) => c.name)).toEqual(['check_under_voltage', 'check_memory']);
    expect(result.diagnose_version).toEqual(expect.any(String));
  });

  it('runs the diagnostics and gives back their report', async () => {
    expect((await call(developer, 'POST', device.uuid, 'diagnose')).statusCode).toBe(202);
    await runner.settled();
    const read = await call(developer, 'GET', device.uuid, 'diagnose');
    expect(read.statusCode).toBe(200);
    expect(read.json<DiagnosticResult>().stdout).toContain('--- free -m ---');
  });

  it('lets exactly the roles holding resin.device.access_diagnostics run and read them (fleets spec §6)', async () => {
    // Written from the spec: limited operator and above, support agents (on a fleet with support
    // access) and platform admins diagnose; observers, organization members and outsiders do not.
    const allowed: Array<[string, string]> = [];
    for (const role of ['safe-operator', 'operator', 'safe-developer', 'developer', 'administrator']) {
      allowed.push([role, (await createUserWithKey(db, fleet.applicationId, role)).apiKey]);
    }
    allowed.push(['organization administrator', await orgUser(fleet, 'administrator')]);
    allowed.push(['support_agent', await staffUser('is_support_agent')]);
    allowed.push(['balena_admin', await staffUser('is_platform_admin')]);
    const denied: Array<[string, string]> = [
      ['observer', (await createUserWithKey(db, fleet.applicationId, 'observer')).apiKey],
      ['organization member', await orgUser(fleet, 'member')],
      ['outsider', (await createUserWithKey(db, fleet.applicationId, null)).apiKey],
    ];
    for (const [label, key] of allowed) {
      expect((await call(key, 'GET', device.uuid, 'checks')).statusCode, `${label} reads`).toBe(200);
      expect((await call(key, 'POST', device.uuid, 'diagnose')).statusCode, `${label} runs`).toBe(202);
    }
    const before = link.requests.length;
    for (const [label, key] of denied) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await call(key, method, device.uuid, 'checks');
        expect([res.statusCode, res.json<{ error: string }>().error], `${label} ${method}`).toEqual([404, NO_ONLINE_DEVICES]);
      }
    }
    // A refused caller never reaches the device.
    expect(link.requests.length).toBe(before);
    await runner.settled();
  });

  it('answers an outsider exactly as for a device that does not exist', async () => {
    const outsider = (await createUserWithKey(db, fleet.applicationId, null)).apiKey;
    const theirs = await call(outsider, 'GET', device.uuid, 'checks');
    const missing = await call(developer, 'GET', 'f'.repeat(32), 'checks');
    expect([theirs.statusCode, theirs.body]).toEqual([missing.statusCode, missing.body]);
  });

  it('refuses device keys and provisioning keys (403) and anonymous callers (401); a bad uuid is a 400', async () => {
    expect((await call(device.apiKey, 'POST', device.uuid, 'checks')).statusCode).toBe(403);
    expect((await call(fleet.provisioningKey, 'GET', device.uuid, 'checks')).statusCode).toBe(403);
    expect((await call(null, 'GET', device.uuid, 'checks')).statusCode).toBe(401);
    expect((await call(developer, 'GET', 'not-a-uuid', 'checks')).statusCode).toBe(400);
  });

  it('has no diagnostics for an offline device: "No online device(s) found"', async () => {
    const offline = await registerTestDevice(ctx.app, fleet);
    const res = await call(developer, 'POST', offline.uuid, 'checks');
    expect([res.statusCode, res.json<{ error: string }>().error]).toEqual([404, NO_ONLINE_DEVICES]);
    // And once a linked device's link ends.
    const other = await linkedDevice(fleet, (request) => runner.answer(request));
    await other.link.close();
    await until(async () => !(await cloudlink(other.device.id)));
    expect((await call(developer, 'GET', other.device.uuid, 'diagnose')).statusCode).toBe(404);
  });

  it('says the device does not support diagnostics when it answers something else (a bare supervisor)', async () => {
    const bare = await linkedDevice(fleet, () => ({ status: 404, body: 'Not Found' }));
    const res = await call(developer, 'GET', bare.device.uuid, 'checks');
    expect([res.statusCode, res.json<{ error: string }>().error]).toEqual([409, DIAGNOSTICS_UNSUPPORTED]);
  });

  it("keeps the OS update's action status route beside them", async () => {
    const res = await call(developer, 'GET', device.uuid, 'a'.repeat(32));
    expect(res.statusCode).not.toBe(409);
    expect(res.json<{ error: string }>().error).not.toBe(NO_ONLINE_DEVICES);
  });
});
