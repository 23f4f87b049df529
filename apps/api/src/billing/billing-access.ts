import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { requirePrincipal } from '../auth/guards.ts';
import { userOrgPermission } from '../model/access/rule-builders.ts';
import { forbidden, notFound } from '../lib/errors.ts';

/**
 * Who may use the billing routes of an organization (accounts spec §6: "Only organization
 * administrators see billing, plans and credits; others are told to contact an administrator").
 * Both permissions are the model's compiled rules (rule-builders.ts), evaluated in one query:
 * `resin.organization.access_billing` answers; a member who can read the organization without
 * it gets 403; anyone else — an outsider, an unknown id, a device or provisioning key — gets the
 * same 404 as a missing organization. A frozen organization is not refused: billing is how it pays.
 */
export const ORGANIZATION_NOT_FOUND = 'Organization not found';
export const BILLING_ACCESS_REQUIRED = 'Only organization administrators can manage billing: please contact an administrator of this organization.';

export interface BillingCaller {
  userId: number;
  organizationId: number;
}

export async function assertBillingAccess(db: Db, request: FastifyRequest, organizationId: number): Promise<BillingCaller> {
  // Anonymous: 401 "You have to log in"; device and provisioning keys read no organization.
  const principal = requirePrincipal(request, ['user', 'device', 'application']);
  if (principal.kind !== 'user') throw notFound(ORGANIZATION_NOT_FOUND);
  const orgId = sql`o.id`;
  const row = await sql<{ can_read: boolean; can_bill: boolean }>`
    SELECT coalesce(${userOrgPermission(principal, 'resin.organization.read', orgId)}, FALSE) AS can_read,
           coalesce(${userOrgPermission(principal, 'resin.organization.access_billing', orgId)}, FALSE) AS can_bill
      FROM organization o WHERE o.id = ${organizationId}`.execute(db);
  const access = row.rows[0];
  if (!access || (!access.can_read && !access.can_bill)) throw notFound(ORGANIZATION_NOT_FOUND);
  if (!access.can_bill) throw forbidden(BILLING_ACCESS_REQUIRED, 'billing_access_required');
  return { userId: principal.userId, organizationId };
}
