import { sql } from 'kysely';
import { FREE_BILLING_CODE, FREE_DEVICE_ALLOWANCE } from '@flotilla/core/device-allowance';
import type { Db } from '../db/database.ts';

/** Queries behind POST /device/register. */

export interface DeviceTypeRow {
  id: number;
  slug: string;
  arch: string;
}

/**
 * A device type by any of its aliases (the SDK resolves slugs only through aliases, compat
 * §6.4) that a device of fleet `fleetId` may be: a public type, or a private one the fleet's
 * organization has access to. Another organization's private type is not found, as a missing
 * one: its slug tells nothing.
 */
export async function findDeviceTypeByAlias(db: Db, alias: string, fleetId: number): Promise<DeviceTypeRow | undefined> {
  return db
    .selectFrom('device_type_alias as dta')
    .innerJoin('device_type as dt', 'dt.id', 'dta.device_type')
    .innerJoin('cpu_architecture as ca', 'ca.id', 'dt.is_of__cpu_architecture')
    .select(['dt.id as id', 'dt.slug as slug', 'ca.slug as arch'])
    .where('dta.is_referenced_by__alias', '=', alias)
    .where(sql<boolean>`(NOT dt.is_private OR EXISTS (SELECT 1 FROM organization__has_private_access_to__device_type pa
                                                JOIN application a ON a.organization = pa.organization
                                               WHERE a.id = ${fleetId} AND pa.has_private_access_to__device_type = dt.id))`)
    .executeTakeFirst();
}

export interface FleetForRegisterRow {
  id: number;
  arch: string;
  /** The fleet's default device type. */
  deviceTypeSlug: string;
}

export async function findFleetForRegister(db: Db, applicationId: number): Promise<FleetForRegisterRow | undefined> {
  return db
    .selectFrom('application as a')
    .innerJoin('device_type as dt', 'dt.id', 'a.is_for__device_type')
    .innerJoin('cpu_architecture as ca', 'ca.id', 'dt.is_of__cpu_architecture')
    .select(['a.id as id', 'ca.slug as arch', 'dt.slug as deviceTypeSlug'])
    .where('a.id', '=', applicationId)
    .executeTakeFirst();
}

/** The user's fleet roles (organization, fleet membership, team, staff) from the access view. */
export async function listUserFleetRoles(db: Db, userId: number, applicationId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('user_application_role')
    .select('role_name')
    .where('user_id', '=', userId)
    .where('application_id', '=', applicationId)
    .execute();
  return rows.map((r) => r.role_name as string);
}

export async function deviceUuidExists(db: Db, uuid: string): Promise<boolean> {
  const row = await db.selectFrom('device').select('id').where('uuid', '=', uuid).executeTakeFirst();
  return row !== undefined;
}

export interface NewDevice {
  uuid: string;
  device_name: string;
  belongs_to__application: number;
  belongs_to__user: number | null;
  is_of__device_type: number;
  os_version: string | null;
  os_variant: string | null;
  supervisor_version: string | null;
  mac_address: string | null;
}

/**
 * Actor, device and device key in one transaction; returns the device id. A device provisioned
 * beyond the free allowance of an organization on the free plan is frozen (fleets spec §4
 * "Device toggles"; core device-allowance.ts). The organization's devices are counted under a
 * transaction-scoped advisory lock, so two registrations racing for the last free place cannot
 * both get it.
 */
export async function insertDeviceWithKey(db: Db, device: NewDevice, keyHash: string): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const is_frozen = await isBeyondFreeAllowance(tx, device.belongs_to__application);
    const actor = await tx.insertInto('actor').defaultValues().returning('id').executeTakeFirstOrThrow();
    const row = await tx
      .insertInto('device')
      .values({ ...device, actor: actor.id, api_heartbeat_state: 'unknown', is_online: false, is_frozen })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('api_key')
      .values({ key_hash: keyHash, is_of__actor: actor.id, name: 'device key' })
      .execute();
    return row.id;
  });
}

/**
 * Locks the fleet's organization's allowance for this transaction and says whether a new device
 * would exceed it. Every way a device is created asks it: registration here, and a device
 * created through the resource (`POST /v7/device`, model/resources/device.hooks.ts).
 */
export async function isBeyondFreeAllowance(tx: Db, fleetId: number): Promise<boolean> {
  const fleet = await tx.selectFrom('application').select('organization').where('id', '=', fleetId).executeTakeFirstOrThrow();
  const orgId = fleet.organization;
  // First the lock, then the count: one statement would not order them.
  await sql`SELECT pg_advisory_xact_lock(hashtext('flotilla:device-allowance'), ${orgId}::int)`.execute(tx);
  const r = await sql<{ is_beyond: boolean }>`
    SELECT coalesce((SELECT p.billing_code FROM subscription s JOIN plan p ON p.id = s.is_for__plan
                     WHERE s.is_for__organization = ${orgId} AND s.is_active LIMIT 1), ${FREE_BILLING_CODE}) = ${FREE_BILLING_CODE}
      AND (SELECT count(*) FROM device d JOIN application a ON a.id = d.belongs_to__application
           WHERE a.organization = ${orgId} AND d.is_active AND NOT d.is_frozen) >= ${FREE_DEVICE_ALLOWANCE} AS is_beyond`.execute(tx);
  return r.rows[0]?.is_beyond === true;
}

/** PostgreSQL unique violation on a constraint/index whose name mentions `hint`. */
export function isUniqueViolation(err: unknown, hint: string): boolean {
  const e = err as { code?: string; constraint?: string; message?: string };
  return e?.code === '23505' && `${e.constraint ?? ''} ${e.message ?? ''}`.includes(hint);
}
