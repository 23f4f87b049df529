import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sshKeyKeys, type SshKeyRow } from './ssh-keys.queries.ts';
import { createSshKey, deleteSshKey, importSshKeys } from './ssh-keys.requests.ts';

/**
 * The SSH key writes. Each hook refreshes the key list through the key factory; the add and
 * import dialogs show their errors inline (meta.silent), a failed delete toasts.
 */

export function useAddSshKey(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ title, key }: { title: string; key: string }) => createSshKey(userId, title, key),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sshKeyKeys.all }),
  });
}

export function useDeleteSshKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteSshKey(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sshKeyKeys.all }),
  });
}

/** Imports a code-host user's keys; `saved` (the keys shown) decides what is new and the titles. */
export function useImportSshKeys(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ apiUrl, username, saved }: { apiUrl: string; username: string; saved: readonly SshKeyRow[] }) =>
      importSshKeys(apiUrl, username, userId, saved),
    meta: { silent: true },
    // Some keys may have been saved even when others failed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: sshKeyKeys.all }),
  });
}
