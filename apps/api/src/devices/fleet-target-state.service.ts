import type { Db } from '../db/database.ts';
import type { UserPrincipal } from '../auth/guards.ts';
import { notFound } from '../lib/errors.ts';
import { findFleetTargetPart, type FleetTargetPart, type TargetStateRow } from './target-state.repository.ts';
import { findStateReadableFleet, findSuccessfulRelease } from './fleet-target-state.repository.ts';
import { buildTargetStateV3 } from './target-state.ts';

/**
 * The state every device of a fleet shares (compat §4, Appendix A) — its config variables and the
 * services of a release — keyed by the fleet's uuid where a device's is keyed by the device's.
 * balena-sdk's `device.getSupervisorTargetStateForApp` reads it, and `balena preload` puts it into
 * an image. The release is the fleet's target, or the successful release of the fleet with that commit.
 */

/** The part of the state's shape no device fills in: the fleet stands where the device would. */
function fleetTargetStateRow(fleetId: number, part: FleetTargetPart): TargetStateRow {
  return {
    ...part,
    basis: '',
    cached_etag: null,
    cache_valid: false,
    id: fleetId,
    uuid: part.app_uuid!,
    device_name: part.app_name!,
    belongs_to__application: fleetId,
    api_heartbeat_state: 'unknown',
    is_online: false,
    last_connectivity_event: null,
    device_config: {},
    device_env: {},
    host_app: null,
    services: part.services.map((s) => ({ ...s, device_service_env: {} })),
  };
}

export async function getFleetTargetState(db: Db, user: UserPrincipal, uuid: string, commit: string | undefined, defaultPollIntervalMs: number) {
  const fleet = await findStateReadableFleet(db, user, uuid);
  if (!fleet) throw notFound('Fleet not found');
  let releaseId: number | null = null;
  if (commit !== undefined) {
    releaseId = (await findSuccessfulRelease(db, fleet.id, commit)) ?? null;
    if (releaseId === null) throw notFound('Release not found');
  }
  const part = await findFleetTargetPart(db, fleet.id, releaseId);
  if (!part) throw notFound('Fleet not found');
  return buildTargetStateV3(fleetTargetStateRow(fleet.id, part), defaultPollIntervalMs);
}
