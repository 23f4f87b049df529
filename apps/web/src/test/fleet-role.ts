import { whoamiQuery } from '../lib/auth-api.ts';
import { fleetMembershipRoleQuery, organizationRolesQuery, teamFleetRolesQuery } from '../lib/permissions.ts';
import { testQueryClient } from './render.tsx';

/** The fleet and organization the fixtures belong to (fleet-fixture.ts, device-fixture.ts). */
export const TEST_FLEET_ID = 7;
export const TEST_ORGANIZATION_ID = 3;

/**
 * A test QueryClient whose cache holds what the permission hooks read: the signed-in user alice
 * (user 1), a plain member of organization 3, with `fleetRole` on fleet 7 and no team grants.
 */
export function queryClientWithFleetRole(fleetRole: string) {
  const client = testQueryClient();
  client.setQueryData(whoamiQuery.queryKey, { id: 10, actorType: 'user', actorTypeId: 1, username: 'alice' });
  client.setQueryData(organizationRolesQuery(1).queryKey, new Map([[TEST_ORGANIZATION_ID, 'member']]));
  client.setQueryData(fleetMembershipRoleQuery(1, TEST_FLEET_ID).queryKey, fleetRole);
  client.setQueryData(teamFleetRolesQuery(1, TEST_FLEET_ID).queryKey, []);
  return client;
}
