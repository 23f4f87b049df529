import { useMutation, useQueryClient } from '@tanstack/react-query';
import { provisioningKeyKeys } from '../../provisioning-keys/api/provisioning-keys.queries.ts';
import type { DownloadConfigRequest } from '../add-device.ts';
import { requestDeviceConfig } from './add-device.requests.ts';

/**
 * Asks for a new device's config.json. The server mints a provisioning key with it, so the
 * fleet's key list refreshes. Errors show in the dialog (meta.silent).
 */
export function useDownloadDeviceConfig(fleetId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DownloadConfigRequest) => requestDeviceConfig(body),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: provisioningKeyKeys.list(fleetId) }),
  });
}
