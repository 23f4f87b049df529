import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** Queries the application write hooks need. */
export async function getOrganizationHandle(db: Db, organizationId: number): Promise<string | undefined> {
  const r = await sql<{ handle: string }>`SELECT handle FROM organization WHERE id = ${organizationId}`.execute(db);
  return r.rows[0]?.handle;
}

export async function isFleetNameTaken(db: Db, organizationId: number, appName: string, exceptId?: number): Promise<boolean> {
  const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM application
    WHERE organization = ${organizationId} AND lower(app_name) = lower(${appName})
      AND (${exceptId ?? null}::int IS NULL OR id <> ${exceptId ?? null}::int)`.execute(db);
  return r.rows[0]!.n > 0;
}

export async function getApplicationTypeId(db: Db, slug: string): Promise<number | undefined> {
  const r = await sql<{ id: number }>`SELECT id FROM application_type WHERE slug = ${slug}`.execute(db);
  return r.rows[0]?.id;
}

export interface FleetRow {
  id: number;
  organization: number;
  app_name: string;
  is_legacy: boolean;
  is_stored_at__repository_url: string | null;
  application_type: number;
  is_for__device_type: number;
  device_count: number;
}

export async function listFleets(db: Db, ids: number[]): Promise<FleetRow[]> {
  if (ids.length === 0) return [];
  const r = await sql<FleetRow>`SELECT a.id, a.organization, a.app_name, t.is_legacy, a.is_stored_at__repository_url,
      a.application_type, a.is_for__device_type,
      (SELECT count(*)::int FROM device d WHERE d.belongs_to__application = a.id) AS device_count
    FROM application a JOIN application_type t ON t.id = a.application_type
    WHERE a.id IN (${sql.join(ids)})`.execute(db);
  return r.rows;
}

export interface ApplicationTypeRow {
  id: number;
  requires_payment: boolean;
  supports_multicontainer: boolean;
  needs__os_version_range: string | null;
  is_legacy: boolean;
}

export async function getApplicationType(db: Db, id: number): Promise<ApplicationTypeRow | undefined> {
  const r = await sql<ApplicationTypeRow>`SELECT id, requires_payment, supports_multicontainer, needs__os_version_range, is_legacy
    FROM application_type WHERE id = ${id}`.execute(db);
  return r.rows[0];
}

/**
 * What decides whether a fleet may change to an application type (packages/core
 * application-type-change.ts): the organization's plan (an active subscription to a plan other
 * than free), whether the fleet runs more than one service, and the host OS versions published
 * for the device type (final, successful, valid releases of host applications for it).
 */
export async function getTypeChangeFacts(
  db: Db,
  fleet: { id: number; organization: number },
  deviceTypeId: number,
): Promise<{ isPaidOrganization: boolean; needsMulticontainer: boolean; osVersions: string[] }> {
  const r = await sql<{ paid: boolean; services: number; versions: string[] | null }>`SELECT
      EXISTS (SELECT 1 FROM subscription s JOIN plan p ON p.id = s.is_for__plan
              WHERE s.is_for__organization = ${fleet.organization} AND s.is_active AND p.billing_code <> 'free') AS paid,
      (SELECT count(*)::int FROM service sv WHERE sv.application = ${fleet.id}) AS services,
      (SELECT array_agg(hr.raw_version) FROM release hr JOIN application ha ON ha.id = hr.belongs_to__application
        WHERE ha.is_host AND ha.is_for__device_type = ${deviceTypeId}
          AND hr.status = 'success' AND hr.is_final AND NOT hr.is_invalidated) AS versions`.execute(db);
  const row = r.rows[0]!;
  return { isPaidOrganization: row.paid, needsMulticontainer: row.services > 1, osVersions: row.versions ?? [] };
}

/** The release a fleet tracking the latest runs: its newest final, successful, valid release that passes tests. */
export async function getLatestTrackableRelease(db: Db, fleetId: number): Promise<number | undefined> {
  const r = await sql<{ id: number }>`SELECT id FROM release
    WHERE belongs_to__application = ${fleetId} AND status = 'success' AND is_final AND is_passing_tests AND NOT is_invalidated
    ORDER BY created_at DESC, id DESC LIMIT 1`.execute(db);
  return r.rows[0]?.id;
}
