import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OrganizationRoleName } from '@flotilla/core/roles';
import { permissionKeys } from '../../../lib/permissions.ts';
import { orgKeys } from '../../organizations/api/organizations.queries.ts';
import { teamKeys } from '../../teams/api/teams.queries.ts';
import { memberKeys, organizationRoleIdsQuery } from './members.queries.ts';
import { changeMemberRoles, createMemberTag, deleteMemberTag, removeMembers, updateMemberTag } from './members.requests.ts';

/**
 * The member writes. Each hook owns what it refreshes, through the key factories, so no
 * component decides cache invalidation. Errors show inline in the dialogs (meta.silent).
 */

/** The id of an organization role (the API takes ids in writes), read from the reference data. */
export function useOrganizationRoleId() {
  const queryClient = useQueryClient();
  const { t } = useTranslation('members');
  return async (role: OrganizationRoleName): Promise<number> => {
    const roleId = (await queryClient.ensureQueryData(organizationRoleIdsQuery)).get(role);
    if (roleId === undefined) throw new Error(t('changeRole.unknownRole'));
    return roleId;
  };
}

/**
 * Gives the members one organization role, one PATCH at a time (see changeMemberRoles). Some
 * PATCHes may have landed before a failure, so it refreshes either way: the members, the
 * organization summary (it lists roles) and the permissions (one's own role may have changed).
 */
export function useChangeMemberRoles() {
  const queryClient = useQueryClient();
  const roleIdOf = useOrganizationRoleId();
  return useMutation({
    mutationFn: async ({ memberIds, role }: { memberIds: readonly number[]; role: OrganizationRoleName }) =>
      changeMemberRoles(memberIds, await roleIdOf(role)),
    meta: { silent: true },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: memberKeys.all }),
        queryClient.invalidateQueries({ queryKey: orgKeys.all }),
        queryClient.invalidateQueries({ queryKey: permissionKeys.all }),
      ]),
  });
}

/**
 * Removes memberships (all or nothing). Refreshes the members, the organizations (counts, and the
 * list itself when one leaves), the teams (a removed member leaves the organization's teams and
 * its pickers) and the permissions (leaving drops one's role).
 */
export function useRemoveMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberIds: readonly number[]) => removeMembers(memberIds),
    meta: { silent: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: memberKeys.all }),
        queryClient.invalidateQueries({ queryKey: orgKeys.all }),
        queryClient.invalidateQueries({ queryKey: teamKeys.all }),
        queryClient.invalidateQueries({ queryKey: permissionKeys.all }),
      ]),
  });
}

/** One edit in the tags dialog: add a tag, change a value, or delete a tag. */
export type MemberTagEdit =
  | { kind: 'create'; memberId: number; key: string; value: string }
  | { kind: 'update'; id: number; value: string }
  | { kind: 'delete'; id: number };

/** Tags show only in the members table, so only the members are refreshed. */
export function useEditMemberTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (edit: MemberTagEdit) => {
      if (edit.kind === 'create') return createMemberTag(edit.memberId, edit.key, edit.value);
      if (edit.kind === 'update') return updateMemberTag(edit.id, edit.value);
      return deleteMemberTag(edit.id);
    },
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.all }),
  });
}
