import './organizations-catalog.ts';
import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { toast } from '../../lib/toast.ts';
import { rolesHavePermission } from '@flotilla/core/roles';
import { whoamiQuery } from '../../lib/auth-api.ts';
import i18n, { loadAppCatalogs } from '../../lib/i18n.ts';
import { organizationRolesQuery } from '../../lib/permissions.ts';
import { organizationQuery } from './api/organizations.queries.ts';

/**
 * Loader guard for everything under `/orgs/$orgId` (accounts spec §2):
 * - an unknown or unreachable organization goes to /orgs with an error saying so; a failed read
 *   is the route's error;
 * - a frozen organization (`is_frozen`) can reach only its billing page: users holding
 *   resin.organization.access_billing are sent there with the update-billing-details error,
 *   others go to /orgs with the reach-your-administrators error.
 */
export async function organizationGuard(queryClient: QueryClient, orgId: number, pathname: string): Promise<void> {
  // null is the answer "no such organization (for you)"; a failed read (a 500, the network) is
  // thrown on to the route's error screen, with Retry, rather than read as "unknown".
  const organization = await queryClient.ensureQueryData(organizationQuery(orgId));
  if (!organization) {
    // Said, not only done: a link to an organization that is gone (or never was yours) explains itself.
    await notifyError('organizations:errors.organization_not_found');
    throw redirect({ to: '/orgs' });
  }
  if (!organization.is_frozen) return;

  const billingPath = `/orgs/${orgId}/billing`;
  if (pathname === billingPath || pathname.startsWith(`${billingPath}/`)) return;
  const actor = await queryClient.ensureQueryData(whoamiQuery);
  const roles = actor ? await queryClient.ensureQueryData(organizationRolesQuery(actor.actorTypeId)) : new Map<number, string>();
  const role = roles.get(orgId);
  const canBill = role !== undefined && rolesHavePermission([role], 'resin.organization.access_billing');
  if (canBill) {
    await notifyError('organizations:errors.organization_is_frozen_update_billing_details');
    throw redirect({ to: '/orgs/$orgId/billing', params: { orgId: String(orgId) } });
  }
  await notifyError('organizations:errors.organization_is_frozen_please_reach_administrators');
  throw redirect({ to: '/orgs' });
}

/** The app's catalogs may still be on their way: this loader runs beside the signed-in layout's. */
async function notifyError(key: string): Promise<void> {
  await loadAppCatalogs();
  toast(i18n.t(key), { variant: 'error' });
}
