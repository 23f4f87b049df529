import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/http.ts';
import { permissionKeys } from '../../../lib/permissions.ts';
import { fleetKeys, fleetQuery } from '../../fleets/api/fleets.queries.ts';
import { fleetSettingsKeys } from './fleet-settings.queries.ts';
import { deleteFleet, deleteFleetMembership, getLatestReleaseId, patchFleet } from './fleet-settings.requests.ts';

/**
 * The fleet settings writes (fleets spec §7 "Fleets"). Each hook refreshes the fleet before it
 * settles — the settings and the fleet's other pages (summary, breadcrumbs, list) — so a control
 * never shows "saved" over the old value, nor keeps a state the API refused. Errors are the
 * caller's to show (meta.silent): each setting shows them where they belong.
 */
function refreshFleet(queryClient: QueryClient, fleetId: number, options: { list?: boolean } = {}) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: fleetSettingsKeys.detail(fleetId) }),
    queryClient.invalidateQueries({ queryKey: fleetKeys.detail(fleetId) }),
    options.list ? queryClient.invalidateQueries({ queryKey: fleetKeys.list() }) : undefined,
  ]);
}

function useFleetPatch<T>(fleetId: number, body: (value: T) => Record<string, unknown>, options: { list?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: T) => patchFleet(fleetId, body(value)),
    meta: { silent: true },
    onSettled: () => refreshFleet(queryClient, fleetId, options),
  });
}

/** Renames the fleet (its slug follows on the server). */
export function useRenameFleet(fleetId: number) {
  return useFleetPatch<string>(fleetId, (name) => ({ app_name: name }), { list: true });
}

/** Grants support access until a date (ISO text), or revokes it (null). */
export function useSetSupportAccess(fleetId: number) {
  return useFleetPatch<string | null>(fleetId, (until) => ({ is_accessible_by_support_until__date: until }));
}

/** Sets (a string) or clears (null) the fleet's repository URL. */
export function useSetRepositoryUrl(fleetId: number) {
  return useFleetPatch<string | null>(fleetId, (url) => ({ is_stored_at__repository_url: url }));
}

/** Makes the fleet public or private; the API needs resin.application.update and a repository URL first. */
export function useSetFleetPublic(fleetId: number) {
  return useFleetPatch<boolean>(fleetId, (isPublic) => ({ is_public: isPublic }));
}

/** Changes the application type (resin.application.change-type). */
export function useChangeApplicationType(fleetId: number) {
  return useFleetPatch<number>(fleetId, (typeId) => ({ application_type: typeId }));
}

/** Changes the default device type (same CPU architecture only: the caller offers no other). */
export function useChangeDeviceType(fleetId: number) {
  return useFleetPatch<number>(fleetId, (deviceTypeId) => ({ is_for__device_type: deviceTypeId }), { list: true });
}

export type ReleaseTarget = { kind: 'latest' } | { kind: 'none' } | { kind: 'pinned'; releaseId: number };

/**
 * Points the fleet at a release (fleets spec §4 "Fleet release targeting"): track latest (which
 * resets a pin: the newest final release, as balena-sdk's trackLatestRelease), none ("No
 * release") or a pinned release.
 */
export function useSetReleaseTarget(fleetId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (target: ReleaseTarget) => {
      if (target.kind === 'latest') {
        await patchFleet(fleetId, { should_track_latest_release: true, should_be_running__release: await getLatestReleaseId(fleetId) });
      } else if (target.kind === 'none') {
        await patchFleet(fleetId, { should_track_latest_release: false, should_be_running__release: null });
      } else {
        await patchFleet(fleetId, { should_track_latest_release: false, should_be_running__release: target.releaseId });
      }
    },
    meta: { silent: true },
    onSettled: () => refreshFleet(queryClient, fleetId),
  });
}

/**
 * Transfers the fleet to another organization. Afterwards the user may no longer see it, so the
 * fleet, the lists and the user's permissions are all refreshed before the caller navigates.
 */
export function useTransferFleet(fleetId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (organizationId: number) => patchFleet(fleetId, { organization: organizationId }),
    meta: { silent: true },
    onSettled: () => refreshAccess(queryClient, fleetId),
  });
}

/**
 * After a change that may take the fleet out of the user's sight: the user's roles, the fleet
 * (refetched even if no screen shows it, so the fleet route's loader sees null and goes to
 * /fleets), its settings and the lists.
 */
async function refreshAccess(queryClient: QueryClient, fleetId: number) {
  await queryClient.invalidateQueries({ queryKey: permissionKeys.all });
  await Promise.all([
    queryClient.refetchQueries({ queryKey: fleetKeys.detail(fleetId), exact: true }),
    queryClient.invalidateQueries({ queryKey: fleetSettingsKeys.all }),
    queryClient.invalidateQueries({ queryKey: fleetKeys.list() }),
  ]);
}

/** Deletes the fleet; its cached reads are dropped (not refetched: it is gone) and the lists refreshed. */
export function useDeleteFleet(fleetId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteFleet(fleetId),
    meta: { silent: true },
    onSuccess: async () => {
      await queryClient.cancelQueries({ queryKey: fleetKeys.detail(fleetId) });
      queryClient.removeQueries({ queryKey: fleetSettingsKeys.detail(fleetId) });
      queryClient.removeQueries({ queryKey: fleetKeys.detail(fleetId) });
      await queryClient.invalidateQueries({ queryKey: fleetKeys.list() });
    },
  });
}

/**
 * Removes the user's own fleet membership (leaves the fleet). Their roles change, and they may
 * no longer see the fleet: permissions, the fleet and the lists are refreshed.
 */
/**
 * Removes the user's own fleet membership, refreshes what they may see, and answers whether the
 * fleet is still visible to them (through the organization or a team): the caller leads them to
 * the fleet or to the list. Decided here, not by re-entering the fleet route, whose loader the
 * router may serve from its cache while it revalidates.
 */
export function useRemoveOwnAccess(fleetId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (membershipId: number): Promise<{ stillVisible: boolean }> => {
      await deleteFleetMembership(membershipId);
      await refreshAccess(queryClient, fleetId);
      return { stillVisible: (await queryClient.fetchQuery(fleetQuery(fleetId))) !== null };
    },
    meta: { silent: true },
  });
}

/** The API's 400 for "making a fleet public needs a repository URL first" (fleets spec §5, §8). */
export function isRepositoryUrlRequiredError(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'must_first_enter_repo_url';
}

/** The API's 409 for a name already used in the organization. */
export function isDuplicateNameError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && /unique/i.test(error.message);
}
