import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** Queries for account deletion (accounts spec §4, §5, §7). `db` may be a transaction. */

/** Names of the user's organizations whose active subscription is on the 'custom' plan. */
export async function listCustomPlanOrganizations(db: Db, userId: number): Promise<string[]> {
  const r = await sql<{ name: string }>`
    SELECT o.name FROM organization o
      JOIN organization_membership m ON m.is_member_of__organization = o.id AND m."user" = ${userId}
      JOIN subscription s ON s.is_for__organization = o.id AND s.is_active
      JOIN plan p ON p.id = s.is_for__plan AND p.billing_code = 'custom'
     ORDER BY o.name`.execute(db);
  return r.rows.map((x) => x.name);
}

/** Organizations where the user is an administrator and no other member is. */
export async function listSoleAdminOrganizations(db: Db, userId: number): Promise<{ id: number; name: string }[]> {
  const r = await sql<{ id: number; name: string }>`
    SELECT o.id, o.name FROM organization o
      JOIN organization_membership m ON m.is_member_of__organization = o.id AND m."user" = ${userId}
      JOIN organization_membership_role role ON role.id = m.organization_membership_role AND role.name = 'administrator'
     WHERE NOT EXISTS (
       SELECT 1 FROM organization_membership other
         JOIN organization_membership_role orole ON orole.id = other.organization_membership_role AND orole.name = 'administrator'
        WHERE other.is_member_of__organization = o.id AND other."user" <> ${userId})
     ORDER BY o.id`.execute(db);
  return r.rows;
}

/** Names of the given organizations that still have fleets (deleting them would orphan fleets). */
export async function listOrganizationsWithFleets(db: Db, organizationIds: number[]): Promise<string[]> {
  if (organizationIds.length === 0) return [];
  const r = await sql<{ name: string }>`
    SELECT DISTINCT o.name FROM organization o JOIN application a ON a.organization = o.id
     WHERE o.id IN (${sql.join(organizationIds)}) ORDER BY o.name`.execute(db);
  return r.rows.map((x) => x.name);
}

/**
 * Moves the organizations' active paid subscriptions to the free plan, monthly (accounts §7
 * "Account deletion downgrades to free"). Returns how many subscriptions changed.
 */
export async function downgradeSubscriptionsToFree(db: Db, organizationIds: number[], reason: string): Promise<number> {
  if (organizationIds.length === 0) return 0;
  const r = await sql`
    UPDATE subscription s SET is_for__plan = free.id, billing_cycle = 'monthly', plan_change_reason = ${reason}
      FROM plan free, plan cur
     WHERE free.billing_code = 'free' AND cur.id = s.is_for__plan AND cur.billing_code <> 'free'
       AND s.is_active AND s.is_for__organization IN (${sql.join(organizationIds)})`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}

export async function deleteOrganizations(db: Db, organizationIds: number[]): Promise<void> {
  if (organizationIds.length === 0) return;
  await sql`DELETE FROM organization WHERE id IN (${sql.join(organizationIds)})`.execute(db);
}

/**
 * Deletes the user row, then its actor (the user references the actor, so the actor goes
 * second). Memberships, SSH keys, recovery codes, action tokens, social/SAML accounts and
 * OAuth grants cascade from the user; API keys cascade from the actor.
 */
export async function deleteUserAndActor(db: Db, userId: number): Promise<void> {
  const r = await sql<{ actor: number }>`DELETE FROM "user" WHERE id = ${userId} RETURNING actor`.execute(db);
  const actor = r.rows[0]?.actor;
  if (actor != null) await sql`DELETE FROM actor WHERE id = ${actor}`.execute(db);
}
