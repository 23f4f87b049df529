import { sql } from 'kysely';
import { runBatch } from '@flotilla/core/batch';
import type { Db } from '../db/database.ts';
import type { LinkHub } from '../device-link/link-hub.ts';
import { startPeriodic, stderrJobLogger, type JobLogger } from './periodic.ts';

/**
 * Instant updates (compat §5.3 "Update now from the cloud arrives via /supervisor/v1/update",
 * the supervisor's `instantUpdates`): a linked device whose target state changed since it last
 * fetched it is told to poll now, instead of finding out at its next poll (10 minutes by
 * default). A new release of a fleet tracking the latest, a pin, a variable, an OS update asked
 * for by `balena device os-update`: every write to a state's rows moves the device's or its
 * fleet's `target_version` (migration 0098), and `device_target_cache.basis` names the versions
 * of the state the device was last given; where they differ the device is behind.
 *
 * Each API process looks at the devices whose links it holds itself, so across processes every
 * linked device is looked at once, without a lock, and the call goes straight down the link. A
 * tick reads one sequence value; only when a state changed does it compare the versions of its
 * links (one statement per LINKS_PER_STATEMENT links: ~65 ms for 1 000 and ~120 ms for 10 000 on
 * PGlite). A device is told once per version pair: until it polls, the same difference is not
 * sent again.
 */
const DEFAULT_TICK_MS = 2000;
const LINKS_PER_STATEMENT = 5000;
/** The supervisor API's "update now" (simulated-supervisor.ts, balena-supervisor `/v1/update`). */
export const UPDATE_NOW = { method: 'POST', path: '/v1/update', body: { force: false } } as const;

/** The linked devices of `uuids` whose state moved past the one they were last given, with the versions now. */
export async function devicesBehind(db: Db, uuids: readonly string[]): Promise<Array<{ uuid: string; versions: string }>> {
  if (uuids.length === 0) return [];
  const r = await sql<{ uuid: string; versions: string }>`
    SELECT d.uuid, v.versions
      FROM device d
      JOIN device_target_cache c ON c.device = d.id
      LEFT JOIN application a ON a.id = d.belongs_to__application
     CROSS JOIN LATERAL (SELECT d.target_version::text || ':' || coalesce(a.target_version, -1)::text AS versions) v
     WHERE d.uuid = ANY(${`{${uuids.join(',')}}`}::text[])
       AND split_part(c.basis, ':', 1) || ':' || split_part(c.basis, ':', 2) <> v.versions`.execute(db);
  return r.rows;
}

/** What the job keeps between ticks. */
export interface UpdateTriggerState {
  /** Per device, the versions it was told about. */
  told: Map<string, string>;
  /** `target_state_epoch` at the last tick (null before the first). */
  epoch: string | null;
  /** Look again at the next tick even if the epoch stays: a change seen moving may not have committed yet. */
  recheck: boolean;
}

export const newUpdateTriggerState = (): UpdateTriggerState => ({ told: new Map(), epoch: null, recheck: false });

/**
 * One tick: when any state changed since the last (migration 0099's `target_state_epoch`: one
 * cheap read), tells the devices behind to update. The epoch moves when a version is bumped,
 * inside the writing transaction: the tick after is looked at too, for a write that had not yet
 * committed. A transaction slower than that reaches its devices at their next poll.
 */
export async function runUpdateTrigger(db: Db, hub: LinkHub, state: UpdateTriggerState): Promise<{ told: number }> {
  const linked = hub.localLinks();
  const current = new Set(linked);
  for (const uuid of state.told.keys()) if (!current.has(uuid)) state.told.delete(uuid);
  const epoch = (await sql<{ epoch: string }>`SELECT last_value::text || ':' || is_called::text AS epoch FROM target_state_epoch`.execute(db)).rows[0]?.epoch ?? '';
  const moved = epoch !== state.epoch;
  const look = moved || state.recheck;
  state.recheck = moved;
  state.epoch = epoch;
  if (!look || linked.length === 0) return { told: 0 };
  const behind: string[] = [];
  for (let i = 0; i < linked.length; i += LINKS_PER_STATEMENT) {
    for (const { uuid, versions } of await devicesBehind(db, linked.slice(i, i + LINKS_PER_STATEMENT))) {
      if (state.told.get(uuid) === versions) continue;
      state.told.set(uuid, versions);
      behind.push(uuid);
    }
  }
  // A device that cannot be reached now polls on its own schedule anyway.
  await runBatch(behind, (uuid) => hub.forward(uuid, UPDATE_NOW));
  return { told: behind.length };
}

export function startUpdateTriggerJob(db: Db, hub: LinkHub, opts: { intervalMs?: number; log?: JobLogger } = {}): () => Promise<void> {
  const state = newUpdateTriggerState();
  return startPeriodic(() => runUpdateTrigger(db, hub, state), opts.intervalMs ?? DEFAULT_TICK_MS, { name: 'update-trigger', log: opts.log ?? stderrJobLogger });
}
