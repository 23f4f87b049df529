import { AsyncResource } from 'node:async_hooks';
import type { Db } from '../db/database.ts';
import { storeTargetStateTags } from './target-state.repository.ts';
import { holdsTag, type KnownTags } from './target-state.ts';

/** A tag a device's state hashed to, and the versions it was built from (device_target_cache). */
export interface TargetTag {
  basis: string;
  etag: string;
  /** The poll interval (ms) the state gives the device (the heartbeat job's deadline follows it). */
  pollIntervalMs: number;
}

/** PostgreSQL's SQLSTATE for a reference to a missing row. */
const FOREIGN_KEY_VIOLATION = '23503';

/** Rows per statement: bounds a statement's size after a burst of thousands of first polls. */
const ROWS_PER_STATEMENT = 500;

/**
 * The tags of freshly built target states, written in batches (issue 16, variable-change):
 * when a fleet's target changes, each of its devices' next poll builds the new state and its
 * tag must be stored for the poll after to be a 304. One upsert per poll was the third
 * statement of every such poll, and on PGlite a write on the API's event loop; here the polls of
 * one turn of the event loop share one multi-row upsert, sent after they are answered.
 *
 * Until it is written a tag is answered from memory (`pending`), so this process's next poll
 * of the device is the 304 it would have been. Another process does not see it and builds the
 * state again: the same body, the same tag, stored again. A lost batch (a failed write, a crash)
 * costs the same and nothing else: the table is a cache of what the builders give.
 *
 * The writes run in the writer's own async context, not the request's that queued them, so no
 * request is charged with them (db/statement-counter.ts) and none waits for them.
 */
export class TargetTagWriter {
  private pending = new Map<number, TargetTag>();
  private writing = new Map<number, TargetTag>();
  private done: Promise<void> = Promise.resolve();
  private isScheduled = false;
  private readonly scope = new AsyncResource('flotilla.target-tags');

  constructor(
    private readonly db: Db,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** Queues the device's tag; written with the others queued in this turn of the event loop. */
  store(deviceId: number, tag: TargetTag): void {
    this.pending.set(deviceId, tag);
    if (this.isScheduled) return;
    this.isScheduled = true;
    setImmediate(() => void this.flush());
  }

  /** The device's tag when it is queued or being written and is one the caller holds, for these versions. */
  heldTag(deviceId: number, basis: string, known: KnownTags): string | undefined {
    const tag = this.pending.get(deviceId) ?? this.writing.get(deviceId);
    if (!tag || tag.basis !== basis) return undefined;
    return holdsTag(known, tag.etag) ? tag.etag : undefined;
  }

  /** Writes what is queued (after any write under way); resolves once it is in the database. */
  flush(): Promise<void> {
    this.isScheduled = false;
    // Chained in the writer's context: a promise reaction runs in the context it was added in.
    this.done = this.scope.runInAsyncScope(() => this.done.then(() => this.writeQueued()));
    return this.done;
  }

  private async writeQueued(): Promise<void> {
    if (this.pending.size === 0) return;
    this.writing = this.pending;
    this.pending = new Map();
    const rows = [...this.writing].map(([device, tag]) => ({ device, ...tag }));
    try {
      for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) await this.writeRows(rows.slice(i, i + ROWS_PER_STATEMENT));
    } finally {
      this.writing = new Map();
    }
  }

  /**
   * One upsert. It skips devices already deleted, but one deleted while it runs fails it on the
   * foreign key (PostgreSQL checks the reference after the read): once more, then it is gone.
   */
  private async writeRows(rows: Array<{ device: number } & TargetTag>): Promise<void> {
    try {
      await storeTargetStateTags(this.db, rows);
    } catch (err) {
      if ((err as { code?: unknown }).code !== FOREIGN_KEY_VIOLATION) return this.onError(err);
      await storeTargetStateTags(this.db, rows).catch(this.onError);
    }
  }
}
