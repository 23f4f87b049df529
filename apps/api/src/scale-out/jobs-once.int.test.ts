import { readdirSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Db } from '../db/database.ts';
import { defaultConfig } from '../lib/config.ts';
import { runHeartbeatTick } from '../jobs/heartbeat.ts';
import { runLinkSweep } from '../jobs/link-sweep.ts';
import { createLogRetention } from '../jobs/log-retention.ts';
import { runBillingRenewal } from '../billing/renewal.service.ts';
import { LocalPaymentProvider } from '../billing/payment/local-provider.ts';
import { ADVISORY_LOCK_KEYS, type AdvisoryLockName } from '../jobs/lock-keys.ts';
import { createSmtpTransport, runOutboxTick } from '../email/outbox-sender.ts';
import { MemoryLinkHub } from '../device-link/memory-link-hub.ts';
import { scratchDatabase } from './cluster-process.ts';

/**
 * Background work runs once across API processes (DESIGN.md "Live data and scale-out"): two
 * database pools on one PostgreSQL stand for two processes. PostgreSQL only: PGlite is one
 * connection, one process.
 */
const databaseUrl = process.env.DATABASE_URL;

/** One tick of each periodic job the server starts (server.ts), reporting whether it did its work. */
function jobTicks(db: Db): Record<Exclude<AdvisoryLockName, 'migrations' | 'osReleaseSeed'>, () => Promise<boolean>> {
  const retention = createLogRetention(db);
  // Never used: the outbox is empty, so the tick claims nothing and sends nothing.
  const transport = createSmtpTransport('smtp://127.0.0.1:1');
  return {
    heartbeat: async () => (await runHeartbeatTick(db, defaultConfig({ jwtSecret: 'x'.repeat(32) }))).ran,
    linkSweep: async () => (await runLinkSweep(db, new MemoryLinkHub())).ran,
    outbox: async () => (await runOutboxTick(db, transport, 'test@localhost')).ran,
    logRetention: async () => (await retention.tick()).ran,
    billingRenewal: async () => (await runBillingRenewal(db, new LocalPaymentProvider())).ran,
  };
}

describe.runIf(databaseUrl)('background work across API processes (PostgreSQL)', () => {
  let url: string;
  let drop: () => Promise<void>;
  let first: Database;
  let second: Database;

  beforeAll(async () => {
    ({ url, drop } = await scratchDatabase(databaseUrl!));
    // Both "processes" start at once on an empty database: migrations must apply once.
    [first, second] = await Promise.all([openDatabase({ databaseUrl: url }), openDatabase({ databaseUrl: url })]);
  }, 120_000);

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await drop?.();
  });

  it('applies each migration once when two processes start together', async () => {
    const files = readdirSync(new URL('../db/migrations/', import.meta.url)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f));
    const rows = await sql<{ name: string; n: number }>`SELECT name, count(*)::int AS n FROM schema_migration GROUP BY name`.execute(first.db);
    expect(rows.rows.map((r) => r.name).sort()).toEqual(files.sort());
    expect(rows.rows.every((r) => r.n === 1)).toBe(true);
    // And the migration lock is not left held: a third start migrates (nothing) without waiting.
    const third = await openDatabase({ databaseUrl: url });
    await third.close();
  });

  const jobs = ['heartbeat', 'linkSweep', 'outbox', 'logRetention', 'billingRenewal'] as const;
  for (const held of jobs) {
    it(`skips the ${held} tick while another process runs it, and no other job`, async () => {
      const ticks = jobTicks(first.db);
      const outcome = await second.db.transaction().execute(async (tx) => {
        await sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCK_KEYS[held]})`.execute(tx);
        const ran: Record<string, boolean> = {};
        for (const job of jobs) ran[job] = await ticks[job]();
        return ran;
      });
      expect(outcome).toEqual(Object.fromEntries(jobs.map((job) => [job, job !== held])));
      // Once the other process is done, this one runs it.
      expect(await ticks[held]()).toBe(true);
    });
  }
});
