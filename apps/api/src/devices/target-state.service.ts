import type { Db } from '../db/database.ts';
import type { Principal } from '../auth/principal.ts';
import type { AppConfig } from '../lib/config.ts';
import { forbidden, notFound, unauthorized } from '../lib/errors.ts';
import { hashApiKey } from '../api-keys/api-key-secret.ts';
import { findTargetStateRow, listUserRolesForDevice, pollOwnTargetStateRow, touchHeartbeat, type TargetStateRow } from './target-state.repository.ts';
import { buildTargetStateV2, buildTargetStateV3, etagOf } from './target-state.ts';

/** GET /device/v{2,3}/:uuid/state — the target state, which doubles as the API heartbeat. */

export interface TargetStateResponse {
  /** Serialised once: the ETag is the hash of exactly these bytes. */
  body: string;
  etag: string;
  /** The device's id when this poll brought its heartbeat back online (a status change to push). */
  cameOnlineDeviceId?: number;
}

async function loadReadableDevice(db: Db, principal: Principal, uuid: string): Promise<TargetStateRow> {
  if (principal.kind === 'anonymous') throw unauthorized('You have to log in');
  const row = await findTargetStateRow(db, uuid);
  if (principal.kind === 'device') {
    // A device key reads only its own state; another uuid is someone else's business.
    if (!row || row.id !== principal.deviceId) throw forbidden('A device may only read its own state');
    return row;
  }
  if (!row) throw notFound('Device not found');
  if (principal.kind === 'system') return row;
  if (principal.kind === 'user') {
    if (principal.isAdmin) return row;
    if ((await listUserRolesForDevice(db, principal.userId, row.id)).length > 0) return row;
    throw notFound('Device not found');
  }
  if (principal.kind === 'application' && row.belongs_to__application === principal.applicationId) return row;
  throw notFound('Device not found');
}

/** True when the device's heartbeat was not online before this poll (a status change to push). */
const wasOffline = (row: TargetStateRow) => row.api_heartbeat_state !== 'online' || !row.is_online;

function respond(row: TargetStateRow, config: AppConfig, version: 'v2' | 'v3', cameOnline: boolean): TargetStateResponse {
  const state = version === 'v3' ? buildTargetStateV3(row, config.defaultPollIntervalMs) : buildTargetStateV2(row, config.defaultPollIntervalMs);
  const body = JSON.stringify(state);
  return { body, etag: etagOf(body), cameOnlineDeviceId: cameOnline ? row.id : undefined };
}

/**
 * The poll of a device with its own key, in one statement (key, heartbeat, state:
 * pollOwnTargetStateRow). Undefined when the key is not this device's valid key: the caller
 * resolves it the ordinary way and answers with getTargetState, as for any other caller.
 */
export async function pollOwnTargetState(db: Db, config: AppConfig, apiKey: string, uuid: string, version: 'v2' | 'v3'): Promise<TargetStateResponse | undefined> {
  const row = await pollOwnTargetStateRow(db, hashApiKey(apiKey), uuid, config.defaultPollIntervalMs);
  return row && respond(row, config, version, wasOffline(row));
}

/** The target state for a resolved principal (a user, a fleet key, the system, a device on the slow path). */
export async function getTargetState(
  db: Db,
  config: AppConfig,
  principal: Principal,
  uuid: string,
  version: 'v2' | 'v3',
): Promise<TargetStateResponse> {
  const row = await loadReadableDevice(db, principal, uuid);
  // Every target-state GET with a device key is a heartbeat (compat §5.7); written when due.
  if (principal.kind === 'device') await touchHeartbeat(db, row.id, config.defaultPollIntervalMs);
  return respond(row, config, version, principal.kind === 'device' && wasOffline(row));
}
