import { sql, type RawBuilder } from 'kysely';

/**
 * Whether the device (its row under `alias`, or the bare table when none) has ever been heard
 * from: a heartbeat, a heartbeat state other than "unknown", or a link. Until then a device is
 * only registered (ahead, e.g. by `balena device register`), and its fleet's provisioning key
 * may still find it and set its key (compat §5.2 step 3); once heard from, it is its own key's
 * alone (api-keys.service.ts, model/resources/devices.ts).
 */
export function hasBeenHeardFrom(alias?: string): RawBuilder<boolean> {
  const c = (name: string) => (alias ? sql.ref(`${alias}.${name}`) : sql.ref(name));
  return sql<boolean>`(${c('is_connected_to_vpn')} OR ${c('last_connectivity_event')} IS NOT NULL OR ${c('api_heartbeat_state')} <> 'unknown')`;
}
