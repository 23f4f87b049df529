import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/http.ts';
import { fleetKeys } from './fleets.queries.ts';
import { patchFleet } from './fleets.requests.ts';

/**
 * Fleet settings writes (fleets spec §7 "PATCH application: any of is_public,
 * is_stored_at__repository_url, …"). Each hook refreshes the fleet query before it settles, so a
 * control never shows "saved" over the old value, nor keeps showing a state the API refused. Errors are the caller's to show (meta.silent):
 * the settings card shows them where they belong.
 */
function useFleetPatch<T>(fleetId: number, body: (value: T) => Record<string, unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: T) => patchFleet(fleetId, body(value)),
    meta: { silent: true },
    // A refusal also refreshes: it usually means the fleet changed elsewhere (its URL removed).
    onSettled: () => queryClient.invalidateQueries({ queryKey: fleetKeys.detail(fleetId), exact: true }),
  });
}

/** Sets (a string) or clears (null) the fleet's repository URL. */
export function useSetRepositoryUrl(fleetId: number) {
  return useFleetPatch<string | null>(fleetId, (url) => ({ is_stored_at__repository_url: url }));
}

/** Makes the fleet public or private; the API needs resin.application.update and a repository URL first. */
export function useSetFleetPublic(fleetId: number) {
  return useFleetPatch<boolean>(fleetId, (isPublic) => ({ is_public: isPublic }));
}

/** The API's 400 for "making a fleet public needs a repository URL first" (fleets spec §5, §8). */
export function isRepositoryUrlRequiredError(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'must_first_enter_repo_url';
}
