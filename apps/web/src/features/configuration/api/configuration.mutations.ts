import { useMutation, useQueryClient } from '@tanstack/react-query';
import { configurationKeys } from './configuration.queries.ts';
import { createConfigVariable, deleteConfigVariable, updateConfigVariable, type ConfigOwner } from './configuration.requests.ts';

/** What a write does: set a value (create when there is no row yet, else patch it) or remove the row. */
export type ConfigWrite = { kind: 'set'; name: string; value: string; existingId: number | null } | { kind: 'remove'; id: number };

function write(owner: ConfigOwner, change: ConfigWrite): Promise<void> {
  if (change.kind === 'remove') return deleteConfigVariable(owner, change.id);
  if (change.existingId === null) return createConfigVariable(owner, change.name, change.value);
  return updateConfigVariable(owner, change.existingId, change.value);
}

/**
 * A fleet's or a device's configuration writes; each refreshes every configuration read (the
 * fleet's values show on its devices' pages, the devices' overrides on the fleet's). The error
 * shows where the write was asked (a dialog, or a toast for a toggle).
 */
export function useConfigWrite(owner: ConfigOwner, options: { silent?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ConfigWrite) => write(owner, change),
    meta: { silent: options.silent ?? true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: configurationKeys.all }),
  });
}
