import DataLoader from 'dataloader';
import type { Db } from '../db/database.ts';
import { findDeviceTargetParts, pollOwnTargetStateHeads, type DeviceTargetPart, type PollHeadInput, type TargetStateHead } from './target-state.repository.ts';

/** Polls per statement: bounds one statement's arrays after a burst of thousands of polls. */
const MAX_BATCH = 500;

/** PostgreSQL's SQLSTATE for a deadlock, after which the statement chosen as victim may simply run again. */
const DEADLOCK_DETECTED = '40P01';
const DEADLOCK_ATTEMPTS = 3;

/**
 * The statements of devices' own polls, each shared by the polls of one turn of the event loop
 * (issue 16 W1, W2). Under load a poll's cost was not its statement's work but the statement
 * itself: a round trip with its socket writes on both sides, and the per-statement work of the
 * database (snapshot, executor start-up, locks). Polls whose requests were read in the same turn
 * — every device polling at once is many per turn — now send one statement for all of them,
 * with the polls' keys as arrays, and each gets its own row back: still at most one statement
 * per poll (docs/query-budgets.md), fewer in all. A lone poll waits for nothing: its batch goes
 * out at the end of the turn it was read in, with just it.
 *
 * DataLoader does the gathering (`cache: false`: every poll reads anew; the statements write
 * heartbeats). A batch is sent in the async context of the poll that opened it, so a test's
 * statement counter charges the statement to that poll (db/statement-counter.ts).
 */
export class PollReads {
  private readonly heads: DataLoader<PollHeadInput, TargetStateHead | undefined>;
  private readonly deviceParts: DataLoader<number, DeviceTargetPart | undefined>;

  constructor(db: Db, defaultPollMs: number) {
    const options = { cache: false, maxBatchSize: MAX_BATCH, batchScheduleFn: (run: () => void) => setImmediate(run) } as const;
    this.heads = new DataLoader((polls) => retryOnDeadlock(() => pollOwnTargetStateHeads(db, polls, defaultPollMs)), options);
    this.deviceParts = new DataLoader(async (ids) => {
      const parts = await findDeviceTargetParts(db, [...new Set(ids)]);
      return ids.map((id) => parts.get(id));
    }, options);
  }

  /**
   * The poll's head (target-state.repository.ts pollOwnTargetStateHeads): undefined when the key
   * is not this device's valid key.
   */
  head(poll: PollHeadInput): Promise<TargetStateHead | undefined> {
    return this.heads.load(poll);
  }

  /** The device's own part of its state; undefined for a device deleted since its head was read. */
  devicePart(deviceId: number): Promise<DeviceTargetPart | undefined> {
    return this.deviceParts.load(deviceId);
  }
}

/**
 * Runs a batch again when PostgreSQL chose it as a deadlock's victim. A batch's heartbeats lock
 * several devices' rows in the order its plan visits them (the index's or the table's), and
 * another multi-row write over devices (another batch planned otherwise, the heartbeat job, a
 * bulk PATCH) may lock them in another. A batch's polls should not fail for it: the statement is
 * whole or nothing, outside any transaction, so running it again is safe.
 */
async function retryOnDeadlock<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= DEADLOCK_ATTEMPTS || (err as { code?: unknown }).code !== DEADLOCK_DETECTED) throw err;
    }
  }
}
