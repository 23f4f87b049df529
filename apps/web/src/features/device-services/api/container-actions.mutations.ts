import { useMutation, useQueryClient } from '@tanstack/react-query';
import { containerActionRequest, type ContainerAction } from '@flotilla/core/container-controls';
import { ApiError, apiRequest } from '../../../lib/http.ts';
import { deviceServiceKeys } from './device-services.queries.ts';

/** The device's update lock refused the container action (the supervisor's 423). */
export class ContainerLockedError extends Error {
  constructor() {
    super('Supervisor locked');
    this.name = 'ContainerLockedError';
  }
}

export interface ContainerActionInput {
  action: ContainerAction;
  deviceId: number;
  appId: number;
  imageId: number;
}

/**
 * Starts, stops or restarts one container through `POST /supervisor/v2/applications/<appId>/
 * <action>-service`, the call balena-sdk's startService/stopService/restartService make (compat
 * §4.1). Errors are shown by the card (silent here); the device's services are read again after.
 */
export function useContainerAction(deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, ...target }: ContainerActionInput) => {
      const { path, body } = containerActionRequest(action, target);
      try {
        await apiRequest(`/supervisor${path}`, { method: 'POST', body });
      } catch (error) {
        if (error instanceof ApiError && error.status === 423) throw new ContainerLockedError();
        throw error;
      }
    },
    meta: { silent: true },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: deviceServiceKeys.list(deviceId) }),
  });
}
