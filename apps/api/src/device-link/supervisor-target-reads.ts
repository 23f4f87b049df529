import type DataLoader from 'dataloader';
import type { RawBuilder } from 'kysely';
import type { UserPrincipal } from '../auth/guards.ts';
import type { Db } from '../db/database.ts';
import { turnBatchLoader } from '../db/turn-batch.ts';
import { findSupervisorDevices, supervisorPermission, type OneDeviceTarget } from './supervisor-targets.repository.ts';

interface TargetRead {
  caller: UserPrincipal;
  target: OneDeviceTarget;
  permission: string;
}
type Found = { id: number; uuid: string } | undefined;

/**
 * The device each one-device `/supervisor` call names, read together for the calls of one turn
 * of the event loop (db/turn-batch.ts): the dashboard's batch action sends 50 such calls at once
 * (fleets spec "Batch actions"), one per device, from one user. Calls whose permission condition
 * compiles to the same text and values — one caller, one permission — share one statement over
 * their ids and uuids; other callers' calls get statements of their own, so a device is only
 * ever found under the caller's own condition. A statement that fails fails only its own calls.
 */
export class SupervisorTargetReads {
  private readonly reads: DataLoader<TargetRead, Found>;

  constructor(db: Db) {
    this.reads = turnBatchLoader(async (reads) => {
      const groups = new Map<string, { allowed: RawBuilder<unknown>; at: number[] }>();
      const found: Array<Found | Error> = reads.map(() => undefined);
      reads.forEach((read, at) => {
        const allowed = supervisorPermission(read.caller, read.permission);
        if (allowed === false) return;
        const compiled = allowed.compile(db);
        const key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
        const group = groups.get(key) ?? { allowed, at: [] };
        group.at.push(at);
        groups.set(key, group);
      });
      await Promise.all(
        [...groups.values()].map(async ({ allowed, at }) => {
          const targets = at.map((i) => reads[i]!.target);
          try {
            const rows = await findSupervisorDevices(
              db,
              allowed,
              targets.flatMap((t) => ('deviceId' in t ? [t.deviceId] : [])),
              targets.flatMap((t) => ('uuid' in t ? [t.uuid] : [])),
            );
            const byId = new Map(rows.map((r) => [r.id, r]));
            const byUuid = new Map(rows.map((r) => [r.uuid, r]));
            at.forEach((i, n) => {
              const t = targets[n]!;
              found[i] = 'deviceId' in t ? byId.get(t.deviceId) : byUuid.get(t.uuid);
            });
          } catch (err) {
            for (const i of at) found[i] = err instanceof Error ? err : new Error(String(err));
          }
        }),
      );
      return found;
    });
  }

  /** The linked, active device the call names, if the caller holds `permission` on it; else undefined. */
  device(caller: UserPrincipal, target: OneDeviceTarget, permission: string): Promise<Found> {
    return this.reads.load({ caller, target, permission });
  }
}
