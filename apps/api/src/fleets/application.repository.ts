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
}

export async function listFleets(db: Db, ids: number[]): Promise<FleetRow[]> {
  if (ids.length === 0) return [];
  const r = await sql<FleetRow>`SELECT a.id, a.organization, a.app_name, t.is_legacy, a.is_stored_at__repository_url
    FROM application a JOIN application_type t ON t.id = a.application_type
    WHERE a.id IN (${sql.join(ids)})`.execute(db);
  return r.rows;
}
