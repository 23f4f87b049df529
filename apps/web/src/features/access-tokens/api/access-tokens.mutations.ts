import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setToken } from '../../../lib/session.ts';
import { accessTokenKeys } from './access-tokens.queries.ts';
import { createAccessToken, revokeAccessToken, reverifyIdentity, updateAccessToken, type NewAccessToken } from './access-tokens.requests.ts';

/**
 * The access-token writes. Each hook owns what it refreshes, through the key factory, so no
 * component decides cache invalidation. Errors show inline in the dialogs (meta.silent).
 */

export function useCreateAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: NewAccessToken) => createAccessToken(values),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessTokenKeys.all }),
  });
}

export function useUpdateAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...values }: { id: number; name: string; description: string | null }) => updateAccessToken(id, values),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessTokenKeys.all }),
  });
}

export function useRevokeAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => revokeAccessToken(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessTokenKeys.all }),
  });
}

/** Proves identity again; the fresh session token (new authTime) replaces the old one. */
export function useReverifyIdentity() {
  return useMutation({
    mutationFn: (password: string) => reverifyIdentity(password),
    meta: { silent: true },
    onSuccess: (token) => setToken(token),
  });
}
