import type DataLoader from 'dataloader';
import type { Db } from '../db/database.ts';
import { keyedTurnBatchLoader, turnBatchLoader } from '../db/turn-batch.ts';
import { findDeviceTargetParts, pollOwnTargetStateHeads, type DeviceTargetPart, type PollHeadInput, type TargetStateHead } from './target-state.repository.ts';

/** PostgreSQL's SQLSTATE for a deadlock, after which the statement chosen as victim may simply run again. */
const DEADLOCK_DETECTED = '40P01';
const DEADLOCK_ATTEMPTS = 3;

/**
 * The statements of devices' own polls, each shared by the polls of one turn of the event loop
 * (issue 16 W1, W2; db/turn-batch.ts): every device polling at once is many polls per turn, and
 * they send one first statement for all of them, with their keys as arrays, each getting its own
 * row back — still at most one statement per poll (docs/query-budgets.md), far fewer in all.
 */
export class PollReads {
  private readonly heads: DataLoader<PollHeadInput, TargetStateHead | undefined>;
  private readonly deviceParts: DataLoader<number, (DeviceTargetPart & { id: number }) | undefined>;

  constructor(db: Db, defaultPollMs: number) {
    this.heads = turnBatchLoader((polls) => retryOnDeadlock(() => pollOwnTargetStateHeads(db, polls, defaultPollMs)));
    this.deviceParts = keyedTurnBatchLoader((ids) => findDeviceTargetParts(db, ids), (part) => part.id);
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
