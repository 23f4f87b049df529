import '../organizations-catalog.ts';
import { Outlet, getRouteApi } from '@tanstack/react-router';
import { PastDueNotice } from '../../billing/components/PastDueNotice.tsx';

const route = getRouteApi('/_app/orgs/$orgId');

/**
 * Around every page of an organization (summary, fleets, members, teams, billing, credits):
 * the past-due notice (accounts spec §4), then the page.
 */
export function OrganizationLayout() {
  const { orgId } = route.useRouteContext();
  return (
    <>
      <PastDueNotice orgId={orgId} />
      <Outlet />
    </>
  );
}
