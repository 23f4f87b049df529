import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceTopic } from '@flotilla/core/schemas/live-events';
import { openDatabase, type Database } from '../db/database.ts';
import { hashPassword } from '../auth/password.ts';
import { generateApiKeySecret } from '../api-keys/api-key-secret.ts';
import { createFleetWithProvisioningKey, createUserWithKey, newDeviceUuid } from '../devices/device-test-factories.ts';
import { readNdjson, bearer } from '../device-logs/log-test-helpers.ts';
import { LiveEventsClient } from '../live/sse-test-client.ts';
import { freePort } from '../test/registry-harness.ts';
import { until } from '../test/until.ts';
import { scratchDatabase, send, startCluster, type ClusterProcess } from './cluster-process.ts';

/**
 * `npm run start:cluster` (scripts/start-cluster.mjs): two real API processes sharing one port
 * through Node's cluster module, on one PostgreSQL and one Redis (docs/scaling.md). Every
 * request below goes on a connection of its own, so the primary hands them to the workers in
 * turn; each assertion that something crossed processes checks, from the workers' own request
 * logs, that both workers served that kind of request.
 */
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

/** Registers a device as a supervisor does, through whichever process the connection reaches. */
async function registerThrough(url: string, provisioningKey: string): Promise<{ uuid: string; apiKey: string }> {
  const uuid = newDeviceUuid();
  const apiKey = generateApiKeySecret();
  const reg = await send(`${url}/device/register`, { method: 'POST', headers: bearer(provisioningKey), body: { uuid, device_type: 'raspberrypi4-64', api_key: apiKey } });
  expect(reg.status, reg.body).toBe(201);
  return { uuid, apiKey };
}

describe('start:cluster without its services', () => {
  it('refuses to start without DATABASE_URL and REDIS_URL, saying why, with exit code 1', async () => {
    const cluster = startCluster({ PORT: String(await freePort()) });
    expect(await cluster.exited).toBe(1);
    expect(cluster.output()).toContain('DATABASE_URL and REDIS_URL must be set');
    expect(cluster.output()).toContain('npm start');
  });

  it('refuses an API_PROCESSES that is not a whole number', async () => {
    const cluster = startCluster({ PORT: String(await freePort()), DATABASE_URL: 'postgres://127.0.0.1:1/x', REDIS_URL: 'redis://127.0.0.1:1', API_PROCESSES: 'two' });
    expect(await cluster.exited).toBe(1);
    expect(cluster.output()).toContain('API_PROCESSES is "two"');
  });
});

describe.runIf(databaseUrl && redisUrl)('start:cluster with two API processes (PostgreSQL, Redis)', () => {
  let cluster: ClusterProcess;
  let database: Database;
  let dropDatabase: () => Promise<void>;

  beforeAll(async () => {
    const scratch = await scratchDatabase(databaseUrl!);
    dropDatabase = scratch.drop;
    cluster = startCluster({ PORT: String(await freePort()), DATABASE_URL: scratch.url, REDIS_URL: redisUrl!, API_PROCESSES: '2' });
    await until('two API processes started', () => Promise.resolve(cluster.startedPids()), (pids) => pids.length === 2 || cluster.child.exitCode !== null, 120_000);
    if (cluster.startedPids().length !== 2) throw new Error(`the cluster did not start:\n${cluster.output()}`);
    database = await openDatabase({ databaseUrl: scratch.url });
  }, 150_000);

  afterAll(async () => {
    if (cluster?.child.exitCode === null) {
      cluster.child.kill('SIGKILL');
      await cluster.exited;
    }
    await database?.close();
    await dropDatabase?.();
  });

  it('serves one port from both processes, which accept the same session token', async () => {
    const suffix = randomBytes(5).toString('hex');
    const actor = await database.db.insertInto('actor').defaultValues().returning('id').executeTakeFirstOrThrow();
    const email = `c.${suffix}@example.com`;
    await database.db
      .insertInto('user')
      .values({ actor: actor.id, username: `c_${suffix}`, email, password_hash: await hashPassword('cluster-pass-1'), has_password_set: true })
      .execute();
    const login = await send(`${cluster.url}/login_`, { method: 'POST', body: { username: email, password: 'cluster-pass-1' } });
    expect(login.status, login.body).toBe(200);
    // The token was signed by one worker with the secret the first worker generated into
    // DATA_DIR; every worker must accept it.
    for (let i = 0; i < 8; i++) {
      const who = await send(`${cluster.url}/actor/v1/whoami`, { headers: bearer(login.body) });
      expect(who.status, who.body).toBe(200);
      expect(JSON.parse(who.body)).toMatchObject({ username: `c_${suffix}` });
    }
    expect(cluster.servedBy('GET', '/actor/v1/whoami')).toEqual(new Set(cluster.startedPids()));
  });

  it('pushes device writes made through either process to a live stream held by one of them, in order', async () => {
    const fleet = await createFleetWithProvisioningKey(database.db);
    const user = await createUserWithKey(database.db, fleet.applicationId, 'developer');
    const { uuid, apiKey } = await registerThrough(cluster.url, fleet.provisioningKey);
    const client = await LiveEventsClient.open(cluster.url, user.apiKey, { device: [uuid] });
    if (!(client instanceof LiveEventsClient)) throw new Error(`refused: ${client.status}`);
    try {
      await client.ready;
      for (let i = 1; i <= 6; i++) {
        const res = await send(`${cluster.url}/device/v3/state`, { method: 'PATCH', headers: bearer(apiKey), body: { [uuid]: { ip_address: `10.0.0.${i}` } } });
        expect(res.status, res.body).toBe(200);
      }
      await client.waitFor((m) => m.filter((x) => x.topic === deviceTopic(uuid)).length >= 6, 5000);
      const seen = client.messages.filter((m) => m.topic === deviceTopic(uuid)).map((m) => (m.event.type === 'device' ? m.event.device.ip_address : null));
      expect(seen).toEqual([1, 2, 3, 4, 5, 6].map((i) => `10.0.0.${i}`));
      expect(cluster.servedBy('PATCH', '/device/v3/state')).toEqual(new Set(cluster.startedPids()));
    } finally {
      await client.close();
    }
  });

  it('delivers log lines uploaded through either process to a tail held by one of them', async () => {
    const fleet = await createFleetWithProvisioningKey(database.db);
    const reader = await createUserWithKey(database.db, fleet.applicationId, 'observer');
    const { uuid, apiKey } = await registerThrough(cluster.url, fleet.provisioningKey);
    const tail = await readNdjson(`${cluster.url}/device/v2/${uuid}/logs?stream=1&count=0`, bearer(reader.apiKey));
    try {
      expect(tail.status).toBe(200);
      for (let i = 1; i <= 4; i++) {
        const up = await send(`${cluster.url}/device/v2/${uuid}/logs`, { method: 'POST', headers: bearer(apiKey), body: [{ message: `line ${i}`, timestamp: Date.now(), serviceId: 7 }] });
        expect(up.status, up.body).toBeLessThan(300);
      }
      const lines = await until('four lines on the tail', () => Promise.resolve(tail.lines.filter((l) => l !== '').map((l) => (JSON.parse(l) as { message: string }).message)), (l) => l.length >= 4, 5000);
      expect(lines).toEqual(['line 1', 'line 2', 'line 3', 'line 4']);
      expect(cluster.servedBy('POST', `/device/v2/${uuid}/logs`)).toEqual(new Set(cluster.startedPids()));
    } finally {
      tail.close();
    }
  });

  it('starts another process in place of one that crashes, and keeps serving', async () => {
    const [victim, survivor] = cluster.startedPids();
    process.kill(victim!, 'SIGKILL');
    const pids = await until('a replacement process', () => Promise.resolve(cluster.startedPids()), (p) => p.length === 3, 90_000);
    expect(pids[2]).not.toBe(victim);
    for (let i = 0; i < 4; i++) expect((await send(`${cluster.url}/ping`)).body).toBe('OK');
    expect(cluster.servedBy('GET', '/ping')).toEqual(new Set([survivor, pids[2]]));
  }, 120_000);

  it('stops every process cleanly on SIGTERM and exits 0', async () => {
    cluster.child.kill('SIGTERM');
    expect(await cluster.exited).toBe(0);
    // Both live workers logged their clean stop.
    expect(cluster.logLines().filter((l) => l.msg === 'stopped')).toHaveLength(2);
  }, 60_000);
});
