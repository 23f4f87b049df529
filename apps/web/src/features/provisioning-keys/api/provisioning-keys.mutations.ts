import { useMutation, useQueryClient } from '@tanstack/react-query';
import { provisioningKeyKeys } from './provisioning-keys.queries.ts';
import { createProvisioningKey, revokeProvisioningKey, type NewProvisioningKey } from './provisioning-keys.requests.ts';

/** Provisioning-key writes; each refreshes the fleet's key list through the key factory. */

export function useCreateProvisioningKey(fleetId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: NewProvisioningKey) => createProvisioningKey(fleetId, values),
    // The error shows inside the dialog.
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: provisioningKeyKeys.list(fleetId) }),
  });
}

export function useRevokeProvisioningKey(fleetId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => revokeProvisioningKey(id),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: provisioningKeyKeys.list(fleetId) }),
  });
}
