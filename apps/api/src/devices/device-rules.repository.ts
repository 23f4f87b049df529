import { sql } from 'kysely';
import { contractSupportsBlink, isLocalModeOn, type DeviceForActions } from '@flotilla/core/device-actions';
import { isFreePlan } from '@flotilla/core/device-allowance';
import type { Db } from '../db/database.ts';

/** A device as the availability rules read it, and whether its organization is on a paid plan. */
export interface DeviceRuleFacts extends DeviceForActions {
  id: number;
  isPaidPlan: boolean;
}

interface FactsRow {
  id: number;
  is_connected_to_vpn: boolean;
  is_active: boolean;
  supervisor_version: string | null;
  os_version: string | null;
  os_variant: string | null;
  last_connectivity_event: Date | string | null;
  contract: unknown;
  config: Array<{ name: string; value: string | null }>;
  billing_code: string | null;
}

/**
 * The rows the device write rules (device-rules.ts) evaluate, read inside the write's
 * transaction after the engine has locked and permission-checked them. The plan is the one the
 * dashboard reads (an active subscription's plan; none counts as free, core device-allowance.ts).
 */
export async function getDeviceRuleFacts(db: Db, ids: readonly number[]): Promise<DeviceRuleFacts[]> {
  if (ids.length === 0) return [];
  const r = await sql<FactsRow>`SELECT d.id, d.is_connected_to_vpn, d.is_active, d.supervisor_version, d.os_version, d.os_variant,
      d.last_connectivity_event, dt.contract,
      coalesce((SELECT json_agg(json_build_object('name', v.name, 'value', v.value)) FROM device_config_variable v WHERE v.device = d.id), '[]'::json) AS config,
      (SELECT p.billing_code FROM application a JOIN subscription s ON s.is_for__organization = a.organization AND s.is_active
         JOIN plan p ON p.id = s.is_for__plan WHERE a.id = d.belongs_to__application LIMIT 1) AS billing_code
    FROM device d JOIN device_type dt ON dt.id = d.is_of__device_type
    WHERE d.id = ANY(${`{${ids.join(',')}}`}::int[]) ORDER BY d.id`.execute(db);
  return r.rows.map((row) => ({
    id: row.id,
    is_connected_to_vpn: row.is_connected_to_vpn,
    is_active: row.is_active,
    supervisor_version: row.supervisor_version,
    os_version: row.os_version,
    os_variant: row.os_variant,
    last_connectivity_event: row.last_connectivity_event === null ? null : new Date(row.last_connectivity_event).toISOString(),
    isInLocalMode: isLocalModeOn(row.config.map((v) => ({ name: v.name, value: v.value ?? '' }))),
    supportsBlink: contractSupportsBlink(row.contract),
    isPaidPlan: !isFreePlan(row.billing_code),
  }));
}

/** The device, name and value of device configuration variables (a PATCH may change any of them). */
export async function getDeviceConfigVariables(db: Db, ids: readonly number[]): Promise<Array<{ id: number; device: number; name: string; value: string }>> {
  if (ids.length === 0) return [];
  const r = await sql<{ id: number; device: number; name: string; value: string | null }>`SELECT id, device, name, value
    FROM device_config_variable WHERE id = ANY(${`{${ids.join(',')}}`}::int[])`.execute(db);
  return r.rows.map((row) => ({ ...row, value: row.value ?? '' }));
}
