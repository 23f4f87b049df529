import type { Db } from '../db/database.ts';
import { findFleetTargetPart, type DeviceTargetPart, type FleetTargetPart, type TargetStateHead, type TargetStateRow } from './target-state.repository.ts';

/** Fleet parts kept in memory: one per fleet, version and pin in use, so a few per fleet at most. */
const MAX_PARTS = 1000;

/**
 * The part of a target state every device of a fleet on one release shares — the fleet, its
 * variables, the release and its services with their images, labels and variables — kept in
 * memory by the fleet's target version (issue 16 W2).
 *
 * When a fleet's target changes, every device's next poll gets a new state. Read whole for each
 * device, that state cost ~0.4 ms of database time per poll (the services' JSON aggregated anew
 * each time); a fleet of 100 000 devices rebuilt the same release 100 000 times. Here a changed
 * poll reads only the device's own part (findDeviceTargetParts: its name and variables) and the
 * fleet's is read once per version and laid under it in Node.
 *
 * No invalidation is needed, in one process or many: every write to a fleet-side row bumps the
 * fleet's target_version in the database (migration 0098), and a part is kept under the version
 * it was read at, so a poll that reads a newer version misses and reads the new part. Polls that
 * miss together (a deploy reaching the whole fleet at once) share one read.
 */
export class FleetTargetParts {
  private readonly parts = new Map<string, FleetTargetPart>();
  private readonly loading = new Map<string, Promise<FleetTargetPart | undefined>>();

  /** The part of fleet `fleetId` at `version` for a device pinned on `pinnedRelease` (null: none): from memory, or read. */
  async get(db: Db, fleetId: number, version: string, pinnedRelease: number | null): Promise<FleetTargetPart | undefined> {
    const key = partKey(fleetId, version, pinnedRelease);
    const known = this.parts.get(key);
    if (known) return known;
    let load = this.loading.get(key);
    if (!load) {
      load = findFleetTargetPart(db, fleetId, pinnedRelease).finally(() => this.loading.delete(key));
      this.loading.set(key, load);
    }
    const part = await load;
    // Kept under the version it was read at (a write may have come since `version` was read).
    if (part) this.keep(partKey(fleetId, part.fleet_version, pinnedRelease), part);
    return part;
  }

  private keep(key: string, part: FleetTargetPart): void {
    if (this.parts.has(key)) return;
    // Oldest first out: a part no poll asks for any more is one of an older version.
    if (this.parts.size >= MAX_PARTS) this.parts.delete(this.parts.keys().next().value!);
    this.parts.set(key, part);
  }
}

const partKey = (fleetId: number, version: string, pinnedRelease: number | null) => `${fleetId}:${version}:${pinnedRelease ?? ''}`;

/** The whole state's row (as findTargetStateRow reads it) from the poll's head, the device's part and the fleet's. */
export function composeTargetStateRow(head: TargetStateHead, device: DeviceTargetPart, fleet: FleetTargetPart): TargetStateRow {
  return {
    basis: head.basis,
    cached_etag: head.cached_etag,
    cache_valid: head.cache_valid,
    id: head.id,
    uuid: device.uuid,
    device_name: device.device_name,
    belongs_to__application: head.belongs_to__application,
    api_heartbeat_state: head.api_heartbeat_state,
    is_online: head.is_online,
    last_connectivity_event: null,
    app_uuid: fleet.app_uuid,
    app_name: fleet.app_name,
    is_of__class: fleet.is_of__class,
    is_host: fleet.is_host,
    release_id: fleet.release_id,
    commit: fleet.commit,
    composition: fleet.composition,
    app_config: fleet.app_config,
    device_config: device.device_config,
    app_env: fleet.app_env,
    device_env: device.device_env,
    host_app: device.host_app,
    services: fleet.services.map((s) => ({ ...s, device_service_env: device.device_service_env[String(s.service_id)] ?? {} })),
  };
}
