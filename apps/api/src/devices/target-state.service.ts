import type { Db } from '../db/database.ts';
import type { Principal } from '../auth/principal.ts';
import type { AppConfig } from '../lib/config.ts';
import { forbidden, notFound, unauthorized } from '../lib/errors.ts';
import { hashApiKey } from '../api-keys/api-key-secret.ts';
import { basisVersions, findTargetStateRow, listUserRolesForDevice, touchHeartbeat, type TargetStateHead, type TargetStateRow } from './target-state.repository.ts';
import type { PollReads } from './poll-reads.ts';
import type { TargetTagWriter } from './target-tag-writer.ts';
import { composeTargetStateRow, type FleetTargetParts } from './fleet-target-parts.ts';
import { buildTargetStateV2, buildTargetStateV3, etagOf, etagSalt, holdsTag, knownTags, pollIntervalFrom } from './target-state.ts';

/** GET /device/v{2,3}/:uuid/state — the target state, which doubles as the API heartbeat. */

export interface TargetStateResponse {
  /** The state, serialised; null when the caller already holds `etag` (a 304: nothing was built), or is frozen. */
  body: string | null;
  /** Absent for a frozen device's poll: a 304 that names no state (device-frozen.ts). */
  etag?: string;
  /** The device's id when this poll brought its heartbeat back online (a status change to push). */
  cameOnlineDeviceId?: number;
}

async function loadReadableDevice(db: Db, principal: Principal, uuid: string, salt: string): Promise<TargetStateRow> {
  if (principal.kind === 'anonymous') throw unauthorized('You have to log in');
  const row = await findTargetStateRow(db, { uuid }, salt);
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
  // A provisioning key (kind 'application') reads no device's state: every device of its fleet
  // has it in config.json until registered, and a state carries the device's own variables
  // (secrets) — one device's copy of the key must not read its neighbours'. The supervisor polls
  // with its device key only (compat §5.2–5.3); device logs refuse the key for the same reason.
  throw notFound('Device not found');
}

/**
 * A frozen device's poll: 304, no heartbeat (device-frozen.ts). The tag it holds is given back
 * (the balena supervisor counts a 304 as a good poll only when it has a tag of its own), none
 * to one that holds none, as balena's API answers a frozen device.
 */
const frozenPoll = (ifNoneMatch: string | undefined): TargetStateResponse => ({ body: null, etag: ifNoneMatch?.trim() || undefined });

/** True when the device's heartbeat was not online before this poll (a status change to push). */
const wasOffline = (row: TargetStateHead | TargetStateRow) => row.api_heartbeat_state !== 'online' || !row.is_online;

/**
 * The answer from the state's row: the body and its hash as the tag (it changes exactly when the
 * body does), queued to be stored with the versions it was built from when they differ from what
 * was stored, so the device's next poll is a 304 without building (issue 16 W1). The write goes
 * out after the answer, in a batch with other devices' (target-tag-writer.ts).
 */
function respond(tags: TargetTagWriter, row: TargetStateRow, config: AppConfig, version: 'v2' | 'v3', cameOnline: boolean, isOfBasis = true): TargetStateResponse {
  const cameOnlineDeviceId = cameOnline ? row.id : undefined;
  const state = version === 'v3' ? buildTargetStateV3(row, config.defaultPollIntervalMs) : buildTargetStateV2(row, config.defaultPollIntervalMs);
  const body = JSON.stringify(state);
  const etag = etagOf(body);
  // A body built from parts of two versions (`isOfBasis` false) is answered but not stored: its
  // basis would not name it.
  if (isOfBasis && (!row.cache_valid || row.cached_etag !== etag)) {
    tags.store(row.id, { basis: row.basis, etag, pollIntervalMs: pollIntervalFrom(row.app_config, row.device_config, config.defaultPollIntervalMs) });
  }
  return { body, etag, cameOnlineDeviceId };
}

/** What a device's own poll reads from: the database, the batched poll statements, the fleets' parts and the tag writer. */
export interface PollContext {
  db: Db;
  polls: PollReads;
  fleetParts: FleetTargetParts;
  tags: TargetTagWriter;
  config: AppConfig;
}

/**
 * The poll of a device with its own key: key, heartbeat and the stored tag in one statement
 * (pollOwnTargetStateHeads, shared with the polls of the same turn: poll-reads.ts), the whole of
 * a 304. When the device lacks that tag, a second statement reads the device's own part of the
 * state, the fleet's part comes from memory (fleet-target-parts.ts; read once per fleet
 * version), and the new tag is stored after the answer. Undefined when the key is not this
 * device's valid key: the caller resolves it the ordinary way and answers with getTargetState,
 * as for any other caller.
 */
export async function pollOwnTargetState(
  { db, polls, fleetParts, tags, config }: PollContext,
  apiKey: string,
  uuid: string,
  version: 'v2' | 'v3',
  ifNoneMatch: string | undefined,
): Promise<TargetStateResponse | undefined> {
  const salt = etagSalt(version, config.defaultPollIntervalMs);
  const known = knownTags(ifNoneMatch);
  const head = await polls.head({ keyHash: hashApiKey(apiKey), uuid, salt });
  if (!head) return undefined;
  // A frozen device keeps what it runs: no state, and the statement wrote no heartbeat (device-frozen.ts).
  if (head.is_frozen) return frozenPoll(ifNoneMatch);
  const cameOnlineDeviceId = wasOffline(head) ? head.id : undefined;
  // The device holds the tag stored for the state's current versions, or one queued to be: nothing to read or build.
  if (head.cache_valid && head.cached_etag !== null && holdsTag(known, head.cached_etag)) {
    return { body: null, etag: head.cached_etag, cameOnlineDeviceId };
  }
  const queued = tags.heldTag(head.id, head.basis, known);
  if (queued !== undefined) return { body: null, etag: queued, cameOnlineDeviceId };
  const fleetId = head.belongs_to__application;
  if (fleetId !== null) {
    const device = await polls.devicePart(head.id);
    const versions = basisVersions(head.basis);
    const fleet = device && (await fleetParts.get(db, fleetId, versions.fleet, device.pinned_release));
    // Gone since the first statement: answered as for any unknown device, by the ordinary path.
    if (!device || !fleet) return undefined;
    const isOfBasis = device.device_version === versions.device && fleet.fleet_version === versions.fleet;
    return respond(tags, composeTargetStateRow(head, device, fleet), config, version, wasOffline(head), isOfBasis);
  }
  // A device in no fleet: its whole state in one read.
  const row = await findTargetStateRow(db, { id: head.id }, salt);
  // Deleted since the first statement: answered as for any unknown device.
  return row && respond(tags, row, config, version, wasOffline(head));
}

/** The target state for a resolved principal (a user, a fleet key, the system, a device on the slow path). */
export async function getTargetState(
  db: Db,
  tags: TargetTagWriter,
  config: AppConfig,
  principal: Principal,
  uuid: string,
  version: 'v2' | 'v3',
  ifNoneMatch?: string,
): Promise<TargetStateResponse> {
  const row = await loadReadableDevice(db, principal, uuid, etagSalt(version, config.defaultPollIntervalMs));
  if (principal.kind === 'device' && principal.isFrozen) return frozenPoll(ifNoneMatch);
  // Every target-state GET with a device key is a heartbeat (compat §5.7); written when due.
  if (principal.kind === 'device') await touchHeartbeat(db, row.id, config.defaultPollIntervalMs);
  return respond(tags, row, config, version, principal.kind === 'device' && wasOffline(row));
}
