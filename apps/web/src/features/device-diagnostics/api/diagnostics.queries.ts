import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { NO_ONLINE_DEVICES } from '@flotilla/core/device-link';
import { diagnosticResult, DIAGNOSTICS_POLL_MS, type DiagnosticAction, type DiagnosticResult } from '@flotilla/core/diagnostics';
import { ApiError, apiRequest } from '../../../lib/http.ts';
import { parseResponse } from '../../../lib/parse-response.ts';

/** Query keys of a device's diagnostics: everything under `all`. */
export const diagnosticsKeys = {
  all: ['device-diagnostics'] as const,
  result: (uuid: string, action: DiagnosticAction) => [...diagnosticsKeys.all, uuid, action] as const,
  supervisorState: (uuid: string) => [...diagnosticsKeys.all, uuid, 'supervisor-state'] as const,
};

const route = (uuid: string, action: DiagnosticAction) => `/actions/v1/${uuid}/${action}`;

/**
 * The device's latest health checks or diagnostics (`GET /actions/v1/<uuid>/<action>`), polled
 * every 15 s (checks) or 5 s (diagnostics), fleets spec §7, §9. Only sent for an online device
 * the user may diagnose (`enabled`): an offline device has no diagnostics data (§8).
 */
export function diagnosticResultQuery(uuid: string, action: DiagnosticAction, enabled: boolean) {
  return queryOptions({
    queryKey: diagnosticsKeys.result(uuid, action),
    queryFn: async (): Promise<DiagnosticResult> => parseResponse(diagnosticResult, route(uuid, action), await apiRequest(route(uuid, action))),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? 1_000 : DIAGNOSTICS_POLL_MS[action]),
    enabled,
    // failed_query_check: the tab shows the failure with the server's words (§8), not a toast.
    meta: { silent: true },
  });
}

/** Starts a run (`POST /actions/v1/<uuid>/<action>`); the tab shows it running at once and polls until it is done. */
export function useRunDiagnostic(uuid: string, action: DiagnosticAction) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<DiagnosticResult> => parseResponse(diagnosticResult, route(uuid, action), await apiRequest(route(uuid, action), { method: 'POST' })),
    meta: { silent: true },
    onSuccess: (result) => queryClient.setQueryData(diagnosticsKeys.result(uuid, action), result),
  });
}

/** The supervisor's own summary of the device, as `GET /v1/device` answers it (any JSON object). */
const supervisorState = z.record(z.string(), z.unknown());
export type SupervisorState = z.output<typeof supervisorState>;

/**
 * The supervisor's current state (balena-sdk's getSupervisorState: `POST /supervisor/v1/device`
 * with method GET, compat §4.1). "No online device(s) found" is passed through silently: null,
 * the tab says the device is offline; any other failure is the "Supervisor Current State error" (§8).
 */
export function supervisorStateQuery(uuid: string, enabled: boolean) {
  return queryOptions({
    queryKey: diagnosticsKeys.supervisorState(uuid),
    queryFn: async (): Promise<SupervisorState | null> => {
      try {
        return parseResponse(supervisorState, '/supervisor/v1/device', await apiRequest('/supervisor/v1/device', { method: 'POST', body: { uuid, method: 'GET' } }));
      } catch (error) {
        if (error instanceof ApiError && error.status === 404 && error.message === NO_ONLINE_DEVICES) return null;
        throw error;
      }
    },
    enabled,
    meta: { silent: true },
  });
}
