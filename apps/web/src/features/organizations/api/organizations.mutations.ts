import { useMutation, useQueryClient } from '@tanstack/react-query';
import { permissionKeys } from '../../../lib/permissions.ts';
import { fleetKeys } from '../../fleets/api/fleets.queries.ts';
import { orgKeys } from './organizations.queries.ts';
import { createOrganization, deleteMembership, deleteOrganization, updateOrganization } from './organizations.requests.ts';

/**
 * The organization writes. Each hook owns what it refreshes, through the key factories, so no
 * component decides cache invalidation. Errors show inline in the dialogs (meta.silent).
 */

/** The creator becomes the organization's administrator, hence the permissions too. */
export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, logoImage }: { name: string; logoImage: string | null }) => createOrganization(name, logoImage),
    meta: { silent: true },
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: orgKeys.all }), queryClient.invalidateQueries({ queryKey: permissionKeys.all })]),
  });
}

export function useRenameOrganization(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => updateOrganization(id, { name }),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orgKeys.all }),
  });
}

export function useChangeOrganizationLogo(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dataUrl: string) => updateOrganization(id, { logo_image: dataUrl }),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orgKeys.all }),
  });
}

/**
 * The organization is gone for this user: its cached detail is dropped rather than refetched
 * (the route guard would otherwise read a stale row), the rest and the roles are refreshed.
 *
 * Delete and leave take their follow-up (toast, navigation) as `onGone` rather than through
 * `mutate(…, { onSuccess })`: dropping the detail can put the summary page back to loading,
 * which unmounts the dialog, and mutate-level callbacks do not run for an unmounted caller.
 */
function useForgetOrganization(id: number) {
  const queryClient = useQueryClient();
  return () => {
    queryClient.removeQueries({ queryKey: orgKeys.detail(id) });
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: orgKeys.all }),
      queryClient.invalidateQueries({ queryKey: permissionKeys.all }),
      // Its fleets leave the fleet list with it.
      queryClient.invalidateQueries({ queryKey: fleetKeys.all }),
    ]);
  };
}

/** Offered to the sole administrator only; the API refuses (409) while fleets remain. */
export function useDeleteOrganization(id: number, onGone: () => void) {
  const forget = useForgetOrganization(id);
  return useMutation({
    mutationFn: () => deleteOrganization(id),
    meta: { silent: true },
    onSuccess: async () => {
      await forget();
      onGone();
    },
  });
}

/** Leaving deletes the user's own membership; the API refuses for the last administrator. */
export function useLeaveOrganization(id: number, onGone: () => void) {
  const forget = useForgetOrganization(id);
  return useMutation({
    mutationFn: (membershipId: number) => deleteMembership(membershipId),
    meta: { silent: true },
    onSuccess: async () => {
      await forget();
      onGone();
    },
  });
}
