import type { Db } from '../db/database.ts';
import type { Principal } from '../auth/principal.ts';
import type { AppConfig } from '../lib/config.ts';
import { forbidden, notFound, unauthorized } from '../lib/errors.ts';
import { findTargetStateRow, listUserRolesForDevice, touchHeartbeat, type TargetStateRow } from './target-state.repository.ts';
import { buildTargetStateV2, buildTargetStateV3, etagOf, pollIntervalFrom } from './target-state.ts';

/** GET /device/v{2,3}/:uuid/state — the target state, which doubles as the API heartbeat. */

export interface TargetStateResponse {
  /** Serialised once: the ETag is the hash of exactly these bytes. */
  body: string;
  etag: string;
  /** The device's id when this poll brought its heartbeat back online (a status change to push). */
  cameOnlineDeviceId?: number;
}

/** Longest gap between heartbeat writes for an online device (a quarter of its poll interval, at most this). */
const HEARTBEAT_WRITE_MAX_MS = 5000;

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

export async function getTargetState(
  db: Db,
  config: AppConfig,
  principal: Principal,
  uuid: string,
  version: 'v2' | 'v3',
): Promise<TargetStateResponse> {
  const row = await loadReadableDevice(db, principal, uuid);
  let cameOnlineDeviceId: number | undefined;
  if (principal.kind === 'device') {
    if (row.api_heartbeat_state !== 'online' || !row.is_online) cameOnlineDeviceId = row.id;
    const interval = pollIntervalFrom(row.app_config, row.device_config, config.defaultPollIntervalMs);
    const minGapMs = Math.min(HEARTBEAT_WRITE_MAX_MS, interval / 4);
    const last = row.last_connectivity_event ? new Date(row.last_connectivity_event).getTime() : 0;
    // Skip the round-trip entirely when the row we just read is already fresh.
    if (row.api_heartbeat_state !== 'online' || !row.is_online || Date.now() - last >= minGapMs) {
      await touchHeartbeat(db, row.id, minGapMs);
    }
  }
  const state = version === 'v3' ? buildTargetStateV3(row, config.defaultPollIntervalMs) : buildTargetStateV2(row, config.defaultPollIntervalMs);
  const body = JSON.stringify(state);
  return { body, etag: etagOf(body), cameOnlineDeviceId };
}
