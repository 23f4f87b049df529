import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as device from '@flotilla/core/schemas/odata/device';
import type { SupervisorAction } from '@flotilla/core/device-actions';
import { pine } from '../../../lib/pine.ts';
import { deviceKeys } from '../../devices/api/devices.queries.ts';
import { fleetKeys } from '../../fleets/api/fleets.queries.ts';
import { runDeviceAction, type ActionTarget } from './device-actions.requests.ts';

/**
 * The device action writes. Errors are shown by the screen (in its dialog, or as a toast that
 * also reports a 404 "No online device(s) found", which the global handler would drop), so
 * both are silent here.
 */

/**
 * Runs a supervisor action (restart, identify, reboot, purge, shutdown), forced or not. The
 * device's state changes afterwards (it goes offline, its services restart): the device reads
 * are refreshed whether it ran or not, so a refusal also shows the device as it is now.
 */
export function useRunDeviceAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, target, force = false }: { action: SupervisorAction; target: ActionTarget; force?: boolean }) => runDeviceAction(action, target, force),
    meta: { silent: true },
    // Not awaited: the screen's follow-ups (toast, closing the dialog) need not wait for the reads.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}

/** Deletes one device (resin.device.delete); its fleet's lists and counts lose it. */
export function useDeleteDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id }: { id: number; fleetId: number }) => {
      await pine.delete({ resource: device.resource, id });
    },
    meta: { silent: true },
    onSuccess: (_result, { fleetId }) => {
      void queryClient.invalidateQueries({ queryKey: deviceKeys.all });
      void queryClient.invalidateQueries({ queryKey: fleetKeys.detail(fleetId) });
      void queryClient.invalidateQueries({ queryKey: fleetKeys.list() });
    },
  });
}
