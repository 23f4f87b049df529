import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.ts';
import { preparedStatement } from '../db/prepared.ts';
import { HEARTBEAT_SET, heartbeatDue } from './heartbeat-sql.ts';

/**
 * What a target state is read from: the device, its fleet, the target release (pin, else the
 * fleet's), every variable layer as a JSON object, and the release's services with their
 * images, variables and labels. Whole in one statement (findTargetStateRow: users, fleet keys, a
 * device in no fleet), or, for a device's own poll, its head, the device's own part and the
 * fleet's part kept in memory (fleet-target-parts.ts).
 */

type StringMap = Record<string, string>;

export interface TargetServiceRow {
  service_id: number;
  service_name: string;
  image_id: number;
  image_location: string;
  content_hash: string | null;
  image_env: StringMap;
  image_labels: StringMap;
  service_env: StringMap;
  service_labels: StringMap;
  device_service_env: StringMap;
}

/**
 * The host OS release the device should run (should_be_operated_by__release: balena-cli `device
 * os-update`, SDK `pinToOsRelease`), sent as the host application's entry of the state (compat
 * §5.3, `is_host`), where the device takes it from.
 */
export interface HostAppTarget {
  uuid: string;
  id: number;
  name: string;
  release_id: number;
  commit: string;
}

export interface TargetStateRow {
  /** What the state is built from: the device's and its fleet's target versions (migration 0098) and the salt. */
  basis: string;
  /** The tag last stored for this device (device_target_cache) and whether it was built from `basis`. */
  cached_etag: string | null;
  cache_valid: boolean;
  id: number;
  uuid: string;
  device_name: string;
  belongs_to__application: number | null;
  api_heartbeat_state: string;
  is_online: boolean;
  last_connectivity_event: Date | string | null;
  app_uuid: string | null;
  app_name: string | null;
  is_of__class: string | null;
  is_host: boolean | null;
  release_id: number | null;
  commit: string | null;
  composition: Record<string, unknown> | null;
  app_config: StringMap;
  device_config: StringMap;
  app_env: StringMap;
  device_env: StringMap;
  host_app: HostAppTarget | null;
  services: TargetServiceRow[];
}

/**
 * What a poll reads first (pollOwnTargetStateHeads): the device, its heartbeat from before the
 * poll, and the tag stored for the state and whether it is of the state's current versions.
 */
export type TargetStateHead = Pick<TargetStateRow, 'basis' | 'cached_etag' | 'cache_valid' | 'id' | 'belongs_to__application' | 'api_heartbeat_state' | 'is_online'> & {
  /** A frozen device (device-frozen.ts): its poll is a 304 and writes no heartbeat. */
  is_frozen: boolean;
};

/** One device's poll as its first statement takes it: its key (hashed), its uuid and the salt of the state it asks for. */
export interface PollHeadInput {
  keyHash: string;
  uuid: string;
  salt: string;
}

const objectOf = (table: string, where: RawBuilder<unknown>) =>
  sql`(SELECT coalesce(jsonb_object_agg(v.name, v.value), '{}'::jsonb) FROM ${sql.table(table)} v WHERE ${where})`;

/**
 * What a device's state is built from (issue 16 W1): every write to a row a state is made of
 * bumps the device's or its fleet's `target_version` (triggers of migration 0098), so the two
 * versions and the `salt` (the state's shape and version, the server setting it reads) say
 * whether the tag stored in device_target_cache still names the body.
 */
const basisSql = (salt: string | RawBuilder<string>) => sql<string>`d.target_version::text || ':' || coalesce(a.target_version, -1)::text || ':' || ${salt}`;

/** The device's and the fleet's target versions a `basis` names (text, as basisSql writes them). */
export function basisVersions(basis: string): { device: string; fleet: string } {
  const [device = '', fleet = ''] = basis.split(':', 2);
  return { device, fleet };
}

/**
 * The release's services with their images, variables and labels, as a JSON array. With
 * `forDevice`, each also carries the device `d`'s own variables for it; without, it is what
 * every device of the fleet on that release shares (fleet-target-parts.ts).
 */
const servicesOf = (release: RawBuilder<unknown>, forDevice: boolean) => sql`(SELECT coalesce(jsonb_agg(jsonb_build_object(
                      'service_id', s.id,
                      'service_name', s.service_name,
                      'image_id', i.id,
                      'image_location', i.is_stored_at__image_location,
                      'content_hash', i.content_hash,
                      'image_env', ${objectOf('image_environment_variable', sql`v.release_image = ri.id`)},
                      'image_labels', (SELECT coalesce(jsonb_object_agg(l.label_name, l.value), '{}'::jsonb)
                                         FROM image_label l WHERE l.release_image = ri.id),
                      'service_env', ${objectOf('service_environment_variable', sql`v.service = s.id`)},
                      'service_labels', (SELECT coalesce(jsonb_object_agg(l.label_name, l.value), '{}'::jsonb)
                                           FROM service_label l WHERE l.service = s.id)
                    )${forDevice ? sql` || jsonb_build_object('device_service_env', ${deviceServiceEnvOf(sql`s.id`)})` : sql``} ORDER BY s.service_name), '[]'::jsonb)
              FROM release_image ri
              JOIN image i ON i.id = ri.image
              JOIN service s ON s.id = i.is_a_build_of__service
             WHERE ri.is_part_of__release = ${release})`;

/** The device `d`'s host OS target (HostAppTarget), or null. */
const hostAppOf = sql`(SELECT jsonb_build_object('uuid', ha.uuid, 'id', ha.id, 'name', ha.app_name, 'release_id', hr.id, 'commit', hr.commit)
                         FROM release hr JOIN application ha ON ha.id = hr.belongs_to__application
                        WHERE hr.id = d.should_be_operated_by__release)`;

/** The device `d`'s own variables for one service. */
const deviceServiceEnvOf = (service: RawBuilder<unknown>) => sql`(SELECT coalesce(jsonb_object_agg(v.name, v.value), '{}'::jsonb)
                                               FROM device_service_environment_variable v
                                               JOIN service_install si ON si.id = v.service_install
                                              WHERE si.device = d.id AND si.installs__service = ${service})`;

/** The target state of the device `d` matching `where` (the select every read below shares). */
const targetStateSelect = (where: RawBuilder<boolean>, salt: string) => sql`
    SELECT t.basis, c.etag AS cached_etag, c.basis IS NOT DISTINCT FROM t.basis AS cache_valid,
           d.id, d.uuid, d.device_name, d.belongs_to__application, d.api_heartbeat_state, d.is_online,
           d.last_connectivity_event,
           a.uuid AS app_uuid, a.app_name, a.is_of__class, a.is_host,
           r.id AS release_id, r.commit, r.composition AS composition,
           ${objectOf('application_config_variable', sql`v.application = a.id`)} AS app_config,
           ${objectOf('device_config_variable', sql`v.device = d.id`)} AS device_config,
           ${objectOf('application_environment_variable', sql`v.application = a.id`)} AS app_env,
           ${objectOf('device_environment_variable', sql`v.device = d.id`)} AS device_env,
           ${hostAppOf} AS host_app,
           ${servicesOf(sql`r.id`, true)} AS services
      FROM device d
      LEFT JOIN application a ON a.id = d.belongs_to__application
      LEFT JOIN release r ON r.id = coalesce(d.is_pinned_on__release, a.should_be_running__release)
      CROSS JOIN LATERAL (SELECT ${basisSql(salt)} AS basis) t
      LEFT JOIN device_target_cache c ON c.device = d.id
     WHERE ${where}`;

/** A device's whole target state, by uuid (a caller already authorized) or by id (a device in no fleet, after pollOwnTargetStateHeads). */
export async function findTargetStateRow(db: Db, device: { uuid: string } | { id: number }, salt: string): Promise<TargetStateRow | undefined> {
  const where = 'uuid' in device ? sql<boolean>`d.uuid = ${device.uuid}` : sql<boolean>`d.id = ${device.id}`;
  const r = await sql<TargetStateRow>`${preparedStatement}${targetStateSelect(where, salt)}`.execute(db);
  return r.rows[0];
}

/**
 * Devices' own polls, first statement (issue 16 W1, docs/query-budgets.md), for many polls at
 * once (poll-reads.ts gathers those of one turn of the event loop): for each, the API key with
 * this hash, unexpired, owned by the device with this uuid; its heartbeat written when due
 * (heartbeat-sql.ts), unless the device is frozen (device-frozen.ts); the state's versions and the tag stored for them. When the caller holds
 * that tag this is the whole poll, a 304; else the caller reads the device's own part of the
 * state (findDeviceTargetParts) and lays it over the fleet's, kept in memory
 * (fleet-target-parts.ts). A small statement on purpose: a 304 should not pay for a state, not
 * even for subqueries it would skip (the executor still sets them up and locks their tables).
 * All parts of a statement see one snapshot, so the rows returned hold the heartbeat state from
 * before the poll (the caller tells "came online" from it). Nothing is written and no row comes
 * back for a poll whose key does not match that exact device (unknown, expired, another
 * device's or not a device key): the caller then resolves the key the ordinary way, which
 * answers exactly as before.
 *
 * The heartbeats are written by one UPDATE over `id = ANY(array)`, so a batch locks several
 * devices' rows, in the order its plan visits them; a write locking some of them in another order
 * can deadlock with it, and the batch then runs again (poll-reads.ts).
 *
 * Returns, per input and in its order, the head or undefined.
 */
export async function pollOwnTargetStateHeads(db: Db, polls: readonly PollHeadInput[], defaultPollMs: number): Promise<Array<TargetStateHead | undefined>> {
  const r = await sql<TargetStateHead & { n: string }>`${preparedStatement}
    WITH poll AS (
      SELECT * FROM unnest(${polls.map((p) => p.keyHash)}::text[], ${polls.map((p) => p.uuid)}::text[], ${polls.map((p) => p.salt)}::text[])
        WITH ORDINALITY AS p(key_hash, uuid, salt, n)
    ), caller AS (
      SELECT p.n, p.salt, d.id, d.is_frozen FROM poll p
        JOIN api_key k ON k.key_hash = p.key_hash
        JOIN device d ON d.actor = k.is_of__actor AND d.uuid = p.uuid
       WHERE k.expiry_date IS NULL OR k.expiry_date > now()
    ), beat AS (
      UPDATE device d SET ${HEARTBEAT_SET}
       WHERE d.id = ANY(ARRAY(SELECT id FROM caller WHERE NOT is_frozen)) AND ${heartbeatDue(defaultPollMs)}
    )
    SELECT caller.n, d.id, d.belongs_to__application, d.api_heartbeat_state, d.is_online, caller.is_frozen,
           t.basis, c.etag AS cached_etag, c.basis IS NOT DISTINCT FROM t.basis AS cache_valid
      FROM caller
      JOIN device d ON d.id = caller.id
      LEFT JOIN application a ON a.id = d.belongs_to__application
      CROSS JOIN LATERAL (SELECT ${basisSql(sql<string>`caller.salt`)} AS basis) t
      LEFT JOIN device_target_cache c ON c.device = d.id`.execute(db);
  const heads: Array<TargetStateHead | undefined> = polls.map(() => undefined);
  for (const { n, ...head } of r.rows) heads[Number(n) - 1] = head;
  return heads;
}

/** A device's own part of its state, for the fleet's part to be laid under (fleet-target-parts.ts). */
export interface DeviceTargetPart {
  /** The device's target_version these were read at (text: a bigint). */
  device_version: string;
  uuid: string;
  device_name: string;
  pinned_release: number | null;
  device_config: StringMap;
  device_env: StringMap;
  /** Service id → the device's own variables for it (services without any are absent). */
  device_service_env: Record<string, StringMap>;
  host_app: HostAppTarget | null;
}

/**
 * Devices' own parts of their states, each read with the device version it belongs to
 * (migration 0098), for many devices at once (poll-reads.ts), each with its device's id; a
 * device deleted since is absent. Each layer is aggregated for the whole batch by one grouped scan
 * rather than by a subquery per device: on PGlite that halved a batch's time.
 */
export async function findDeviceTargetParts(db: Db, deviceIds: readonly number[]): Promise<Array<DeviceTargetPart & { id: number }>> {
  const byDevice = (table: string) => sql`(SELECT v.device, jsonb_object_agg(v.name, v.value) AS vars FROM ${sql.table(table)} v
                                              WHERE v.device = ANY(${deviceIds}::int[]) GROUP BY v.device)`;
  const r = await sql<DeviceTargetPart & { id: number }>`${preparedStatement}
    SELECT d.id, d.target_version::text AS device_version, d.uuid, d.device_name, d.is_pinned_on__release AS pinned_release,
           coalesce(config.vars, '{}'::jsonb) AS device_config,
           coalesce(env.vars, '{}'::jsonb) AS device_env,
           coalesce(service_env.vars, '{}'::jsonb) AS device_service_env,
           ${hostAppOf} AS host_app
      FROM device d
      LEFT JOIN ${byDevice('device_config_variable')} config ON config.device = d.id
      LEFT JOIN ${byDevice('device_environment_variable')} env ON env.device = d.id
      LEFT JOIN (SELECT e.device, jsonb_object_agg(e.service, e.vars) AS vars
                   FROM (SELECT si.device, si.installs__service::text AS service, jsonb_object_agg(v.name, v.value) AS vars
                           FROM service_install si
                           JOIN device_service_environment_variable v ON v.service_install = si.id
                          WHERE si.device = ANY(${deviceIds}::int[])
                          GROUP BY si.device, si.installs__service) e
                  GROUP BY e.device) service_env ON service_env.device = d.id
     WHERE d.id = ANY(${deviceIds}::int[])`.execute(db);
  return r.rows;
}

/** What every device of a fleet on one release shares in its state (fleet-target-parts.ts). */
export type FleetTargetPart = Pick<TargetStateRow, 'app_uuid' | 'app_name' | 'is_of__class' | 'is_host' | 'release_id' | 'commit' | 'composition' | 'app_config' | 'app_env'> & {
  /** The fleet's target_version these were read at (text: a bigint). */
  fleet_version: string;
  services: Array<Omit<TargetServiceRow, 'device_service_env'>>;
};

/**
 * The fleet's part of the state of a device in fleet `fleetId` pinned on `pinnedRelease` (null:
 * the fleet's target release), read with the fleet version it belongs to: every write to a
 * fleet-side row bumps that version (migration 0098), so the version names this content.
 */
export async function findFleetTargetPart(db: Db, fleetId: number, pinnedRelease: number | null): Promise<FleetTargetPart | undefined> {
  const r = await sql<FleetTargetPart>`${preparedStatement}
    SELECT a.target_version::text AS fleet_version,
           a.uuid AS app_uuid, a.app_name, a.is_of__class, a.is_host,
           r.id AS release_id, r.commit, r.composition AS composition,
           ${objectOf('application_config_variable', sql`v.application = a.id`)} AS app_config,
           ${objectOf('application_environment_variable', sql`v.application = a.id`)} AS app_env,
           ${servicesOf(sql`r.id`, false)} AS services
      FROM application a
      LEFT JOIN release r ON r.id = coalesce(${pinnedRelease}::integer, a.should_be_running__release)
     WHERE a.id = ${fleetId}`.execute(db);
  return r.rows[0];
}

/**
 * Stores tags devices' states hashed to and what each was built from (the next poll's 304 reads
 * them), many devices in one statement (target-tag-writer.ts). A device deleted since its poll
 * is skipped rather than failing the others on the foreign key.
 */
export async function storeTargetStateTags(db: Db, rows: ReadonlyArray<{ device: number; basis: string; etag: string; pollIntervalMs: number }>): Promise<void> {
  if (rows.length === 0) return;
  await sql`${preparedStatement} INSERT INTO device_target_cache (device, basis, etag, poll_interval_ms)
            SELECT t.device, t.basis, t.etag, t.poll_interval_ms
              FROM unnest(${rows.map((r) => r.device)}::int[], ${rows.map((r) => r.basis)}::text[], ${rows.map((r) => r.etag)}::text[],
                          ${rows.map((r) => Math.round(r.pollIntervalMs))}::bigint[]) AS t(device, basis, etag, poll_interval_ms)
              JOIN device d ON d.id = t.device
            ON CONFLICT (device) DO UPDATE SET basis = excluded.basis, etag = excluded.etag, poll_interval_ms = excluded.poll_interval_ms`.execute(db);
}

/**
 * The API heartbeat (compat §5.7) as one UPDATE, when due (heartbeat-sql.ts): frequent polls
 * of many devices cost a read, not a write.
 */
export async function touchHeartbeat(db: Db, deviceId: number, defaultPollMs: number): Promise<void> {
  await sql`${preparedStatement} UPDATE device d SET ${HEARTBEAT_SET} WHERE d.id = ${deviceId} AND ${heartbeatDue(defaultPollMs)}`.execute(db);
}

/** The fleet roles a user holds on a device's fleet (empty = no access). */
export async function listUserRolesForDevice(db: Db, userId: number, deviceId: number): Promise<string[]> {
  const r = await sql<{ role_name: string }>`
    SELECT uar.role_name FROM device d
      JOIN user_application_role uar ON uar.application_id = d.belongs_to__application
     WHERE d.id = ${deviceId} AND uar.user_id = ${userId}`.execute(db);
  return r.rows.map((x) => x.role_name);
}
