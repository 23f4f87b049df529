import { sql, type RawBuilder } from 'kysely';

/**
 * `device.overall_status` / `overall_progress` (compat §5.7, open-balena's rules in order).
 * The device link plays the VPN's part: `is_connected_to_vpn` is the link (device-link/), the
 * API heartbeat the other signal. A device that has ever linked (`last_vpn_event` set) is one
 * whose link is expected, so only one of the two being up is "reduced functionality"; a device
 * that never links (an agent without the link) is judged by its heartbeat alone.
 */
function r(alias: string, column: string): RawBuilder<unknown> {
  return sql.ref(`${alias}.${column}`);
}

function isDownloading(a: string): RawBuilder<unknown> {
  return sql`((${r(a, 'download_progress')} IS NOT NULL AND ${r(a, 'status')} = 'Downloading')
    OR EXISTS (SELECT 1 FROM image_install ii WHERE ii.device = ${r(a, 'id')} AND ii.status = 'Downloading'))`;
}

export function overallStatus(a: string): RawBuilder<unknown> {
  return sql`(CASE
    WHEN NOT ${r(a, 'is_active')} THEN 'inactive'
    WHEN ${r(a, 'provisioning_state')} = 'Post-Provisioning' THEN 'post-provisioning'
    WHEN NOT ${r(a, 'is_connected_to_vpn')} AND ${r(a, 'last_connectivity_event')} IS NULL AND ${r(a, 'api_heartbeat_state')} = 'unknown' THEN 'configuring'
    WHEN NOT ${r(a, 'is_connected_to_vpn')} AND ${r(a, 'api_heartbeat_state')} IN ('offline', 'unknown') THEN 'disconnected'
    WHEN ${isDownloading(a)} THEN 'updating'
    WHEN ${r(a, 'provisioning_progress')} IS NOT NULL THEN 'configuring'
    WHEN ${r(a, 'api_heartbeat_state')} = 'timeout' THEN 'reduced-functionality'
    WHEN ${r(a, 'last_vpn_event')} IS NOT NULL AND ${r(a, 'is_connected_to_vpn')} <> (${r(a, 'api_heartbeat_state')} = 'online') THEN 'reduced-functionality'
    ELSE 'operational' END)`;
}

export function overallProgress(a: string): RawBuilder<unknown> {
  return sql`(CASE ${overallStatus(a)}
    WHEN 'updating' THEN COALESCE(
      CASE WHEN ${r(a, 'status')} = 'Downloading' THEN ${r(a, 'download_progress')} END,
      (SELECT min(ii.download_progress)::int FROM image_install ii
        WHERE ii.device = ${r(a, 'id')} AND ii.status = 'Downloading'))
    WHEN 'configuring' THEN ${r(a, 'provisioning_progress')}
    ELSE NULL END)`;
}

/** The release a device should run: its pin, else its fleet's target (compat §6.1). */
export function deviceTargetRelease(a: string): RawBuilder<unknown> {
  return sql`COALESCE(${r(a, 'is_pinned_on__release')},
    (SELECT app.should_be_running__release FROM application app WHERE app.id = ${r(a, 'belongs_to__application')}))`;
}
