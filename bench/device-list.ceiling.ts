import { sql, type RawBuilder } from 'kysely';

/**
 * The CEILING for the device-list benchmark: the same `{"d": …}` page the OData engine
 * returns for the dashboard's query, written by hand the way one would without a generic
 * compiler — page first (index order + LIMIT/OFFSET on `device` alone), then plain joins for
 * the 50 rows, and the permission check as one EXISTS on the user's fleet membership.
 *
 * `overall_status` repeats the registry's rule (model/resources/device-status.ts) because it
 * is part of the payload; the benchmark checks both JSON pages are equal before timing.
 */
const ISO = 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';

export function ceilingPage(userId: number, fleetId: number, top: number, skip: number): RawBuilder<{ d: unknown }> {
  return sql<{ d: unknown }>`
    SELECT coalesce(json_agg(q ORDER BY q.device_name, q.id), '[]'::json) AS d FROM (
      SELECT d.id, d.uuid, d.device_name,
             CASE
               WHEN NOT d.is_active THEN 'inactive'
               WHEN d.provisioning_state = 'Post-Provisioning' THEN 'post-provisioning'
               WHEN d.last_connectivity_event IS NULL AND d.api_heartbeat_state = 'unknown' THEN 'configuring'
               WHEN d.api_heartbeat_state IN ('offline', 'unknown') THEN 'disconnected'
               WHEN (d.download_progress IS NOT NULL AND d.status = 'Downloading')
                 OR EXISTS (SELECT 1 FROM image_install ii WHERE ii.device = d.id AND ii.status = 'Downloading') THEN 'updating'
               WHEN d.provisioning_progress IS NOT NULL THEN 'configuring'
               WHEN d.api_heartbeat_state = 'timeout' THEN 'reduced-functionality'
               ELSE 'operational'
             END AS overall_status,
             d.api_heartbeat_state, d.os_version, d.supervisor_version, d.ip_address,
             to_char(d.last_connectivity_event AT TIME ZONE 'UTC', ${sql.lit(ISO)}) AS last_connectivity_event,
             json_build_array(json_build_object('slug', dt.slug, 'name', dt.name)) AS is_of__device_type,
             CASE WHEN r.id IS NULL THEN '[]'::json
                  ELSE json_build_array(json_build_object('commit', r.commit, 'raw_version', r.raw_version)) END AS is_running__release
        FROM (SELECT * FROM device
               WHERE belongs_to__application = ${fleetId}
                 AND EXISTS (SELECT 1 FROM user_application_membership m
                              WHERE m."user" = ${userId} AND m.is_member_of__application = device.belongs_to__application)
               ORDER BY device_name, id
               LIMIT ${top} OFFSET ${skip}) AS d
        JOIN device_type dt ON dt.id = d.is_of__device_type
        LEFT JOIN release r ON r.id = d.is_running__release
    ) AS q`;
}

export function ceilingCount(userId: number, fleetId: number): RawBuilder<{ d: unknown }> {
  return sql<{ d: unknown }>`
    SELECT count(*)::int AS d FROM device d
     WHERE d.belongs_to__application = ${fleetId}
       AND EXISTS (SELECT 1 FROM user_application_membership m
                    WHERE m."user" = ${userId} AND m.is_member_of__application = d.belongs_to__application)`;
}
