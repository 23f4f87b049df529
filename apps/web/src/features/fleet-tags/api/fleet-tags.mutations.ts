import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fleetTagKeys } from './fleet-tags.queries.ts';
import { createFleetTag, deleteFleetTag, updateFleetTag, type FleetTagValues } from './fleet-tags.requests.ts';

/** Fleet-tag writes; each refreshes the fleet's tags. Errors show inside the dialogs (meta.silent). */

export function useCreateFleetTag(fleetId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: FleetTagValues) => createFleetTag(fleetId, values),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fleetTagKeys.list(fleetId) }),
  });
}

export function useUpdateFleetTag(fleetId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...values }: FleetTagValues & { id: number }) => updateFleetTag(id, values),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fleetTagKeys.list(fleetId) }),
  });
}

export function useDeleteFleetTag(fleetId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteFleetTag(id),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fleetTagKeys.list(fleetId) }),
  });
}
