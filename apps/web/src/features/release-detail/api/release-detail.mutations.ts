import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { fleetKeys } from '../../fleets/api/fleets.queries.ts';
import { fleetSettingsKeys } from '../../fleet-settings/api/fleet-settings.queries.ts';
import { releaseDetailKeys } from './release-detail.queries.ts';
import { createReleaseTag, deleteRelease, deleteReleaseTag, patchRelease, updateReleaseTag, type ReleasePatch, type ReleaseTagValues } from './release-detail.requests.ts';

/**
 * The release detail's writes. Each refreshes the release's reads before it settles, so a control
 * never shows the old value as saved nor keeps a state the API refused; a change that the fleet's
 * release choices show (version, validity, finality, deletion) refreshes those too. Errors are
 * the caller's to show (meta.silent).
 */
function refreshRelease(queryClient: QueryClient, fleetId: number, releaseId: number) {
  void queryClient.invalidateQueries({ queryKey: fleetSettingsKeys.releases(fleetId) });
  return queryClient.invalidateQueries({ queryKey: releaseDetailKeys.detail(releaseId) });
}

/** A PATCH of the release (notes, known issues, semver, validity, finalize). */
export function usePatchRelease(fleetId: number, releaseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReleasePatch) => patchRelease(releaseId, body),
    meta: { silent: true },
    onSettled: () => refreshRelease(queryClient, fleetId, releaseId),
  });
}

/** Deletes the release; its fleet (whose target may have named it) and release choices refresh. */
export function useDeleteRelease(fleetId: number, releaseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteRelease(releaseId),
    meta: { silent: true },
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: releaseDetailKeys.detail(releaseId) });
      void queryClient.invalidateQueries({ queryKey: fleetSettingsKeys.releases(fleetId) });
      void queryClient.invalidateQueries({ queryKey: fleetKeys.detail(fleetId) });
    },
  });
}

/** Release-tag writes; each refreshes the release's tags. Errors show inside the dialogs. */
export function useCreateReleaseTag(releaseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ReleaseTagValues) => createReleaseTag(releaseId, values),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: releaseDetailKeys.tags(releaseId) }),
  });
}

export function useUpdateReleaseTag(releaseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...values }: ReleaseTagValues & { id: number }) => updateReleaseTag(id, values),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: releaseDetailKeys.tags(releaseId) }),
  });
}

export function useDeleteReleaseTag(releaseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteReleaseTag(id),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: releaseDetailKeys.tags(releaseId) }),
  });
}
