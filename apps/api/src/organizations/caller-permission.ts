import { sql, type RawBuilder } from 'kysely';
import { userFleetPermission, userOrgPermission, type UserPrincipal } from '../model/access/rule-builders.ts';
import type { WriteContext } from '../model/types.ts';

/**
 * Permission checks a hook makes BEFORE it validates a body against other rows. The engine
 * checks the create rule only after the insert, so without this a hook's "unknown username" or
 * "not a member of the organization" answer would tell any caller about teams, fleets and
 * users it cannot see. The same compiled rules as the model's, evaluated once.
 */
async function holds(ctx: WriteContext, cond: (p: UserPrincipal) => RawBuilder<unknown> | boolean): Promise<boolean> {
  if (ctx.principal.kind === 'system') return true;
  if (ctx.principal.kind !== 'user') return false;
  const c = cond(ctx.principal);
  if (typeof c === 'boolean') return c;
  const r = await sql<{ ok: boolean }>`SELECT coalesce(${c}, FALSE) AS ok`.execute(ctx.db);
  return r.rows[0]?.ok === true;
}

export function callerHoldsOrgPermission(ctx: WriteContext, permission: string, organizationId: number): Promise<boolean> {
  return holds(ctx, (p) => userOrgPermission(p, permission, sql`${organizationId}::int`));
}

export function callerHoldsFleetPermission(ctx: WriteContext, permission: string, applicationId: number): Promise<boolean> {
  return holds(ctx, (p) => userFleetPermission(p, permission, sql`${applicationId}::int`));
}
