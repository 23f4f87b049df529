import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export async function isHandleTaken(db: Db, handle: string, exceptId?: number): Promise<boolean> {
  const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM organization
    WHERE handle = ${handle} AND (${exceptId ?? null}::int IS NULL OR id <> ${exceptId ?? null}::int)`.execute(db);
  return r.rows[0]!.n > 0;
}

/** Whether the user already belongs to an organization with this name (case-insensitive). */
export async function userHasOrganizationNamed(db: Db, userId: number, name: string, exceptId?: number): Promise<boolean> {
  const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM organization o
    JOIN organization_membership om ON om.is_member_of__organization = o.id AND om."user" = ${userId}
    WHERE lower(o.name) = lower(${name}) AND (${exceptId ?? null}::int IS NULL OR o.id <> ${exceptId ?? null}::int)`.execute(db);
  return r.rows[0]!.n > 0;
}

export async function getOrganizationRoleId(db: Db, name: string): Promise<number> {
  const r = await sql<{ id: number }>`SELECT id FROM organization_membership_role WHERE name = ${name}`.execute(db);
  if (!r.rows[0]) throw new Error(`organization_membership_role ${name} is missing`);
  return r.rows[0].id;
}

export async function addOrganizationMember(db: Db, userId: number, organizationId: number, roleName: string): Promise<void> {
  const roleId = await getOrganizationRoleId(db, roleName);
  await sql`INSERT INTO organization_membership ("user", is_member_of__organization, organization_membership_role)
    VALUES (${userId}, ${organizationId}, ${roleId})`.execute(db);
}

export async function countFleets(db: Db, organizationIds: number[]): Promise<number> {
  if (organizationIds.length === 0) return 0;
  const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM application WHERE organization IN (${sql.join(organizationIds)})`.execute(db);
  return r.rows[0]!.n;
}

/**
 * Organizations among `membershipIds` that would be left without an administrator if those
 * memberships were removed (or demoted).
 */
export async function orgsLosingLastAdmin(db: Db, membershipIds: number[]): Promise<number[]> {
  if (membershipIds.length === 0) return [];
  // The write's transaction holds its organizations until it commits: two administrators
  // removing (or demoting) each other at once are checked one after the other, so the second
  // sees the first gone and is refused, instead of both passing and leaving none.
  await sql`SELECT id FROM organization
     WHERE id IN (SELECT is_member_of__organization FROM organization_membership WHERE id IN (${sql.join(membershipIds)}))
     ORDER BY id FOR UPDATE`.execute(db);
  const r = await sql<{ org: number }>`
    SELECT DISTINCT m.is_member_of__organization AS org
      FROM organization_membership m
      JOIN organization_membership_role role ON role.id = m.organization_membership_role AND role.name = 'administrator'
     WHERE m.id IN (${sql.join(membershipIds)})
       AND NOT EXISTS (
         SELECT 1 FROM organization_membership o
           JOIN organization_membership_role orole ON orole.id = o.organization_membership_role AND orole.name = 'administrator'
          WHERE o.is_member_of__organization = m.is_member_of__organization
            AND o.id NOT IN (${sql.join(membershipIds)}))`.execute(db);
  return r.rows.map((x) => x.org);
}

export async function findUserIdByUsername(db: Db, username: string): Promise<number | undefined> {
  const r = await sql<{ id: number }>`SELECT id FROM "user" WHERE username = ${username}`.execute(db);
  return r.rows[0]?.id;
}

export async function isOrganizationMember(db: Db, userId: number, organizationId: number): Promise<boolean> {
  const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM organization_membership
    WHERE "user" = ${userId} AND is_member_of__organization = ${organizationId}`.execute(db);
  return r.rows[0]!.n > 0;
}

export async function findTeamOrganization(db: Db, teamId: number): Promise<number | undefined> {
  const r = await sql<{ org: number }>`SELECT belongs_to__organization AS org FROM team WHERE id = ${teamId}`.execute(db);
  return r.rows[0]?.org;
}

export async function findFleetOrganization(db: Db, applicationId: number): Promise<number | undefined> {
  const r = await sql<{ org: number }>`SELECT organization AS org FROM application WHERE id = ${applicationId}`.execute(db);
  return r.rows[0]?.org;
}

export async function findApplicationRoleId(db: Db, name: string): Promise<number | undefined> {
  const r = await sql<{ id: number }>`SELECT id FROM application_membership_role WHERE name = ${name}`.execute(db);
  return r.rows[0]?.id;
}

/**
 * Inserts an organization row as the server (no hooks, no permission rules) and returns its id,
 * or undefined when the handle was taken meanwhile (the caller picks another one).
 */
export async function insertOrganization(db: Db, name: string, handle: string): Promise<number | undefined> {
  const r = await sql<{ id: number }>`INSERT INTO organization (name, handle) VALUES (${name}, ${handle})
    ON CONFLICT (handle) DO NOTHING RETURNING id`.execute(db);
  return r.rows[0]?.id;
}

/** Whether the organization already has a team with this name (case-insensitive), other than `exceptId`. */
export async function isTeamNameTaken(db: Db, organizationId: number, name: string, exceptId?: number): Promise<boolean> {
  const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM team
    WHERE belongs_to__organization = ${organizationId} AND lower(name) = lower(${name})
      AND (${exceptId ?? null}::int IS NULL OR id <> ${exceptId ?? null}::int)`.execute(db);
  return r.rows[0]!.n > 0;
}

export async function findTeamsOrganizations(db: Db, teamIds: number[]): Promise<Array<{ id: number; org: number }>> {
  if (teamIds.length === 0) return [];
  const r = await sql<{ id: number; org: number }>`SELECT id, belongs_to__organization AS org FROM team WHERE id IN (${sql.join(teamIds)})`.execute(db);
  return r.rows;
}

export async function findMembershipOrganizations(db: Db, membershipIds: number[]): Promise<number[]> {
  if (membershipIds.length === 0) return [];
  const r = await sql<{ org: number }>`SELECT DISTINCT is_member_of__organization AS org FROM organization_membership WHERE id IN (${sql.join(membershipIds)})`.execute(db);
  return r.rows.map((x) => x.org);
}

/**
 * What the organization memberships `membershipIds` carried into the organization's teams and
 * fleets, removed with them (in the membership's delete): the user's team memberships in its
 * teams and their roles on its fleets. Fleet and team access is only ever given to members
 * (reference rules), and the permission views do not ask again, so without this a removed
 * member would keep every grant. A fleet member invited into a fleet alone holds no organization
 * membership and is not touched.
 */
export async function removeMembershipGrants(db: Db, membershipIds: number[]): Promise<void> {
  if (membershipIds.length === 0) return;
  const removed = sql`(SELECT om."user", om.is_member_of__organization AS org FROM organization_membership om WHERE om.id IN (${sql.join(membershipIds)}))`;
  await sql`DELETE FROM team_membership tm USING team t, ${removed} r
             WHERE t.id = tm.is_member_of__team AND t.belongs_to__organization = r.org AND tm."user" = r."user"`.execute(db);
  await sql`DELETE FROM user_application_membership m USING application a, ${removed} r
             WHERE a.id = m.is_member_of__application AND a.organization = r.org AND m."user" = r."user"`.execute(db);
}

