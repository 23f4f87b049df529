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
}

export async function listFleets(db: Db, ids: number[]): Promise<FleetRow[]> {
  if (ids.length === 0) return [];
  const r = await sql<FleetRow>`SELECT a.id, a.organization, a.app_name, t.is_legacy
    FROM application a JOIN application_type t ON t.id = a.application_type
    WHERE a.id IN (${sql.join(ids)})`.execute(db);
  return r.rows;
}

/** Number of releases among `releaseId` that belong to fleet `applicationId` (0 or 1). */
export async function releaseBelongsToFleet(db: Db, releaseId: number, applicationId: number): Promise<boolean> {
  const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM release WHERE id = ${releaseId} AND belongs_to__application = ${applicationId}`.execute(db);
  return r.rows[0]!.n > 0;
}

/** Whether the user holds one of `roles` on fleet `applicationId`. */
export async function userHasFleetRole(db: Db, userId: number, applicationId: number, roles: readonly string[]): Promise<boolean> {
  if (roles.length === 0) return false;
  const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM user_application_role
    WHERE user_id = ${userId} AND application_id = ${applicationId} AND role_name IN (${sql.join(roles.map((x) => sql`${x}`))})`.execute(db);
  return r.rows[0]!.n > 0;
}

export async function userHasOrgRole(db: Db, userId: number, organizationId: number, roles: readonly string[]): Promise<boolean> {
  if (roles.length === 0) return false;
  const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM user_organization_role
    WHERE user_id = ${userId} AND organization_id = ${organizationId} AND role_name IN (${sql.join(roles.map((x) => sql`${x}`))})`.execute(db);
  return r.rows[0]!.n > 0;
}
