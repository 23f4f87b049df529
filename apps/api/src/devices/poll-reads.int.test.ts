import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { generateApiKeySecret } from '../api-keys/api-key-secret.ts';
import { createFleetWithProvisioningKey, createRelease, createUserWithKey } from './device-test-factories.ts';
import { registerDevice } from '../device-logs/log-test-helpers.ts';
import { countedTestApp } from '../test/counted-app.ts';

/**
 * Devices' own polls read in one turn share their statements (poll-reads.ts): each poll must
 * still get exactly its own answer — its state or 304, or the 401/403 of its key — and only
 * the devices polling with their own valid keys get a heartbeat.
 */

const world = countedTestApp();

const poll = (uuid: string, key: string, ifNoneMatch?: string) =>
  world.ctx.app.inject({ method: 'GET', url: `/device/v3/${uuid}/state`, headers: { authorization: `Bearer ${key}`, ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}) } });

const heartbeatState = async (id: number) => (await world.db.selectFrom('device').select('api_heartbeat_state').where('id', '=', id).executeTakeFirstOrThrow()).api_heartbeat_state;

describe('polls sharing one statement', () => {
  it('answers each poll of a batch for its own key: state, 304, 401, 403, and a member\'s read', async () => {
    const fleet = await createFleetWithProvisioningKey(world.db);
    await createRelease(world.db, fleet.applicationId, { makeTarget: true });
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => registerDevice(world.ctx.app, fleet)));
    const { apiKey: developer } = await createUserWithKey(world.db, fleet.applicationId, 'developer');
    const dFirst = await poll(d!.uuid, d!.apiKey);
    await world.ctx.app.targetTags.flush();

    const batch = await world.counter.measure(() =>
      Promise.all([
        poll(a!.uuid, a!.apiKey),
        poll(a!.uuid, a!.apiKey),
        poll(b!.uuid, a!.apiKey),
        poll(c!.uuid, generateApiKeySecret()),
        poll(c!.uuid, developer),
        poll(d!.uuid, d!.apiKey, dFirst.headers.etag as string),
      ]),
    );
    const [ownA, ownAAgain, otherKey, unknownKey, member, unchanged] = batch.result;
    expect(ownA!.statusCode, ownA!.body).toBe(200);
    expect(ownA!.json()).toHaveProperty(a!.uuid);
    expect(ownAAgain!.statusCode).toBe(200);
    expect(ownAAgain!.headers.etag).toBe(ownA!.headers.etag);
    expect(otherKey!.statusCode).toBe(403);
    expect(unknownKey!.statusCode).toBe(401);
    expect(member!.statusCode).toBe(200);
    expect(member!.json()).toHaveProperty(c!.uuid);
    expect(unchanged!.statusCode).toBe(304);
    expect(unchanged!.headers.etag).toBe(dFirst.headers.etag);
    // Six polls read in one turn, one first statement for all of them.
    expect(batch.statements.filter((s) => s.includes('WITH ORDINALITY'))).toHaveLength(1);

    expect(await heartbeatState(a!.id)).toBe('online');
    expect(await heartbeatState(d!.id)).toBe('online');
    expect(await heartbeatState(b!.id), 'another device\'s key is no heartbeat').toBe('unknown');
    expect(await heartbeatState(c!.id), 'neither is a bad key nor a user\'s').toBe('unknown');
  });

  it('sends a lone poll at once, in a statement of its own', async () => {
    const fleet = await createFleetWithProvisioningKey(world.db);
    const a = await registerDevice(world.ctx.app, fleet);
    const measured = await world.counter.measure(() => poll(a.uuid, a.apiKey));
    expect(measured.result.statusCode).toBe(200);
    expect(measured.statements.filter((s) => s.includes('WITH ORDINALITY'))).toHaveLength(1);
  });
});

/**
 * A batch writes several devices' heartbeats in one statement, so another multi-row write over
 * the same devices, locking them in the other order, can deadlock with it. PostgreSQL then
 * aborts one of them; when it is the batch, its polls must not fail: it runs again.
 */
describe.runIf(process.env.DATABASE_URL)('a batch chosen as a deadlock\'s victim (PostgreSQL)', () => {
  it('runs again and answers every poll', async () => {
    const fleet = await createFleetWithProvisioningKey(world.db);
    const a = await registerDevice(world.ctx.app, fleet);
    const b = await registerDevice(world.ctx.app, fleet);
    expect(a.id).toBeLessThan(b.id);

    await world.db.connection().execute(async (other) => {
      // The other side waits long before checking for a deadlock, so the batch (1 s) finds it.
      await sql`SET deadlock_timeout = '20s'`.execute(other);
      await sql`BEGIN`.execute(other);
      await sql`UPDATE device SET device_name = 'held-b' WHERE id = ${b.id}`.execute(other);
      // The batch locks a (lower id first), then waits for b.
      const polls = Promise.all([poll(a.uuid, a.apiKey), poll(b.uuid, b.apiKey)]);
      await waitForLockWaiters(1);
      // … and now the other side waits for a: a cycle, which the batch's backend detects.
      await sql`UPDATE device SET device_name = 'held-a' WHERE id = ${a.id}`.execute(other);
      await sql`COMMIT`.execute(other);
      await sql`RESET deadlock_timeout`.execute(other);
      const [pa, pb] = await polls;
      expect(pa.statusCode, pa.body).toBe(200);
      expect(pb.statusCode, pb.body).toBe(200);
      expect(pa.json()[a.uuid].name).toBe('held-a');
    });
    expect(await heartbeatState(a.id)).toBe('online');
    expect(await heartbeatState(b.id)).toBe('online');
  });
});

async function waitForLockWaiters(count: number): Promise<void> {
  for (let i = 0; i < 500; i++) {
    const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(world.db);
    if (r.rows[0]!.n >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('no statement came to wait for a lock');
}
