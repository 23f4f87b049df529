import { useQuery } from '@tanstack/react-query';
import { rolesHavePermission } from '@flotilla/core/roles';
import { whoamiQuery } from '../../../lib/auth-api.ts';
import { organizationRolesQuery } from '../../../lib/permissions.ts';

/**
 * Which organizations the user administers (holds resin.organization.update in), from the same
 * role read the permission checks use: an administrator of any organization in a provider is
 * an administrator of the provider (accounts spec §6), and one of an organization may change
 * or remove its membership. Null while unknown (actions stay disabled: fail closed).
 */
export function useAdministeredOrganizations(): { administers: (orgId: number) => boolean; isKnown: boolean } {
  const { data: actor } = useQuery(whoamiQuery);
  const userId = actor?.actorTypeId ?? 0;
  const roles = useQuery({ ...organizationRolesQuery(userId), enabled: userId > 0 });
  const data = roles.data;
  return {
    administers: (orgId) => {
      const role = data?.get(orgId);
      return role !== undefined && rolesHavePermission([role], 'resin.organization.update');
    },
    isKnown: data !== undefined,
  };
}
