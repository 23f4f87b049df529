import { useMutation } from '@tanstack/react-query';
import { createDeployVariables, type DeployVariables } from './deploy-import.requests.ts';

/**
 * Writes the deployed repository's variables on the fleet just created. Nothing on screen lists
 * a new fleet's variables yet, so there is nothing to refresh; a failure shows as a toast.
 */
export function useCreateDeployVariables() {
  return useMutation({
    mutationFn: ({ fleetId, variables }: { fleetId: number; variables: DeployVariables }) => createDeployVariables(fleetId, variables),
  });
}
