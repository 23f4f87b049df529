import { useMutation } from '@tanstack/react-query';
import { clearDeviceLogs } from './device-logs.requests.ts';

/** Clears a device's stored logs; the panel drops the lines it shows on success. Errors show in the dialog (meta.silent). */
export function useClearDeviceLogs(uuid: string) {
  return useMutation({
    mutationFn: () => clearDeviceLogs(uuid),
    meta: { silent: true },
  });
}
