import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applyAll, type Staging } from '../variable-staging.ts';
import { variableKeys } from './variables.queries.ts';
import { applyVariableEdit, type VariableOwner } from './variables.requests.ts';

/**
 * Apply all (fleets spec §4): sends the staged edits of `owner`'s table, 10 at a time, and
 * answers what is left staged (the failed edits, with their error) and how it went. Never
 * rejects; the screen reports the outcome. The variables are read again before it resolves, so
 * the applied rows show their saved values as their staged edits leave the table.
 */
export function useApplyVariables(owner: VariableOwner, messageOf: (error: unknown) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (staging: Staging) => applyAll(staging, (edit) => applyVariableEdit(owner, edit), messageOf),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: variableKeys.all }),
  });
}
