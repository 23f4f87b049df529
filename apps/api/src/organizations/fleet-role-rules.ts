import { sql } from 'kysely';
import { APPLICATION_CLASSES, type ApplicationClass } from '@flotilla/core/application-class';
import { fleetRoleRefusal, planAllowsLimitedRoles } from '@flotilla/core/fleet-roles';
import type { Db } from '../db/database.ts';
import { badRequest } from '../lib/errors.ts';

/**
 * Which fleet roles may be given on an application (fleets spec §6: "Operator roles apply to
 * fleets only"; "Limited roles are a paid preview add-on", "Member role options depend on
 * whether the organization is paid and on a safe-roles feature"). Checked by the write hooks of
 * fleet memberships, fleet invites and team access, after the engine's permission pre-check, so
 * the answer tells nothing to a caller who may not write there. The rule itself is
 * packages/core/src/fleet-roles.ts, which the dashboard's role pickers use too.
 */

interface Target {
  applicationClass: ApplicationClass;
  hasLimitedRoles: boolean;
}

async function findTarget(db: Db, applicationId: number): Promise<Target | undefined> {
  const r = await sql<{ cls: string; billing_code: string | null; features: string[] | null }>`
    SELECT a.is_of__class AS cls, p.billing_code,
           (SELECT array_agg(f.slug) FROM plan_feature pf JOIN feature f ON f.id = pf.feature WHERE pf.plan = p.id) AS features
      FROM application a
      LEFT JOIN subscription s ON s.is_for__organization = a.organization AND s.is_active
      LEFT JOIN plan p ON p.id = s.is_for__plan
     WHERE a.id = ${applicationId}
     ORDER BY s.id DESC
     LIMIT 1`.execute(db);
  const row = r.rows[0];
  if (!row) return undefined;
  const applicationClass = APPLICATION_CLASSES.find((c) => c === row.cls) ?? 'fleet';
  const plan = row.billing_code === null ? null : { billingCode: row.billing_code, featureSlugs: row.features ?? [] };
  return { applicationClass, hasLimitedRoles: planAllowsLimitedRoles(plan) };
}

async function findRoleName(db: Db, roleId: number): Promise<string | undefined> {
  const r = await sql<{ name: string }>`SELECT name FROM application_membership_role WHERE id = ${roleId}`.execute(db);
  return r.rows[0]?.name;
}

/** Throws a 400 with the spec's words when `roleId` may not be given on the application. */
export async function assertFleetRoleAllowed(db: Db, applicationId: unknown, roleId: unknown): Promise<void> {
  if (typeof applicationId !== 'number' || typeof roleId !== 'number') return;
  const [target, role] = await Promise.all([findTarget(db, applicationId), findRoleName(db, roleId)]);
  if (!target || role === undefined) return;
  const refusal = fleetRoleRefusal(role, target.applicationClass, target.hasLimitedRoles);
  if (refusal) throw badRequest(refusal, 'fleet_role_not_allowed');
}

/** The same for a PATCH of the role on existing rows: each row's application. */
export async function assertFleetRoleAllowedOnRows(
  db: Db,
  table: 'user_application_membership' | 'team_application_access',
  ids: readonly number[],
  roleId: unknown,
): Promise<void> {
  if (typeof roleId !== 'number' || ids.length === 0) return;
  const column = table === 'user_application_membership' ? sql.ref('is_member_of__application') : sql.ref('grants_access_to__application');
  const r = await sql<{ application: number }>`SELECT DISTINCT ${column} AS application FROM ${sql.table(table)} WHERE id IN (${sql.join([...ids])})`.execute(db);
  for (const row of r.rows) await assertFleetRoleAllowed(db, row.application, roleId);
}
