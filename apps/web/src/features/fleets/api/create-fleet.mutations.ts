import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/http.ts';
import { orgKeys } from '../../organizations/api/organizations.queries.ts';
import { teamKeys } from '../../teams/api/teams.queries.ts';
import { fleetKeys } from './fleets.queries.ts';
import { createFleet, type CreateFleetInput } from './fleets.requests.ts';

/** A 409 whose text mentions "unique" is a duplicate name (compat §1.5). */
export function isDuplicateError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && /unique/i.test(error.message);
}

/**
 * Creates a fleet. Refreshes the fleet list, and what other features show of an
 * organization's fleets: the organization list's fleet counts and application lists
 * (`orgKeys.all`), and the team pages' fleet picker (`teamKeys.all`). Errors show in the
 * dialog (meta.silent): a duplicate name on the name field, anything else as an alert.
 */
export function useCreateFleet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateFleetInput) => createFleet(input),
    meta: { silent: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: fleetKeys.all }),
        queryClient.invalidateQueries({ queryKey: orgKeys.all }),
        queryClient.invalidateQueries({ queryKey: teamKeys.all }),
      ]),
  });
}
