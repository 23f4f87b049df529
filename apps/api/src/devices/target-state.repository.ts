import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * Everything a target state needs, in ONE statement (10 000 devices poll this): the device,
 * its fleet, the target release (pin, else the fleet's), every variable layer as a JSON
 * object, and the release's services with their images, variables and labels.
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

export interface TargetStateRow {
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
  services: TargetServiceRow[];
}

const objectOf = (table: string, where: RawBuilder<unknown>) =>
  sql`(SELECT coalesce(jsonb_object_agg(v.name, v.value), '{}'::jsonb) FROM ${sql.table(table)} v WHERE ${where})`;

export async function findTargetStateRow(db: Db, uuid: string): Promise<TargetStateRow | undefined> {
  const r = await sql<TargetStateRow>`
    SELECT d.id, d.uuid, d.device_name, d.belongs_to__application, d.api_heartbeat_state, d.is_online,
           d.last_connectivity_event,
           a.uuid AS app_uuid, a.app_name, a.is_of__class, a.is_host,
           r.id AS release_id, r.commit, r.composition,
           ${objectOf('application_config_variable', sql`v.application = a.id`)} AS app_config,
           ${objectOf('device_config_variable', sql`v.device = d.id`)} AS device_config,
           ${objectOf('application_environment_variable', sql`v.application = a.id`)} AS app_env,
           ${objectOf('device_environment_variable', sql`v.device = d.id`)} AS device_env,
           (SELECT coalesce(jsonb_agg(jsonb_build_object(
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
                                           FROM service_label l WHERE l.service = s.id),
                      'device_service_env', (SELECT coalesce(jsonb_object_agg(v.name, v.value), '{}'::jsonb)
                                               FROM device_service_environment_variable v
                                               JOIN service_install si ON si.id = v.service_install
                                              WHERE si.device = d.id AND si.installs__service = s.id)
                    ) ORDER BY s.service_name), '[]'::jsonb)
              FROM release_image ri
              JOIN image i ON i.id = ri.image
              JOIN service s ON s.id = i.is_a_build_of__service
             WHERE ri.is_part_of__release = r.id) AS services
      FROM device d
      LEFT JOIN application a ON a.id = d.belongs_to__application
      LEFT JOIN release r ON r.id = coalesce(d.is_pinned_on__release, a.should_be_running__release)
     WHERE d.uuid = ${uuid}`.execute(db);
  return r.rows[0];
}

/**
 * The API heartbeat (compat §5.7) as one UPDATE. The WHERE clause makes it a no-op unless
 * the state changes or the last write is older than `minIntervalMs`, so frequent polls of
 * many devices cost a read, not a write.
 */
export async function touchHeartbeat(db: Db, deviceId: number, minIntervalMs: number): Promise<boolean> {
  const r = await sql`
    UPDATE device SET
      changed_api_heartbeat_state_on__date = CASE WHEN api_heartbeat_state <> 'online' THEN now()
                                                  ELSE changed_api_heartbeat_state_on__date END,
      api_heartbeat_state = 'online',
      is_online = true,
      last_connectivity_event = now()
    WHERE id = ${deviceId}
      AND (api_heartbeat_state <> 'online' OR NOT is_online OR last_connectivity_event IS NULL
           OR last_connectivity_event < now() - make_interval(secs => ${minIntervalMs / 1000}::double precision))`.execute(db);
  return Number(r.numAffectedRows ?? 0) > 0;
}

/** The fleet roles a user holds on a device's fleet (empty = no access). */
export async function listUserRolesForDevice(db: Db, userId: number, deviceId: number): Promise<string[]> {
  const r = await sql<{ role_name: string }>`
    SELECT uar.role_name FROM device d
      JOIN user_application_role uar ON uar.application_id = d.belongs_to__application
     WHERE d.id = ${deviceId} AND uar.user_id = ${userId}`.execute(db);
  return r.rows.map((x) => x.role_name);
}
