import { useMutation, useQueryClient } from '@tanstack/react-query';
import { oauthReturnUrl } from '@flotilla/core/oauth';
import type { CreateOAuthApplicationBody } from '@flotilla/core/schemas/oauth';
import { accessTokenKeys } from '../../access-tokens/api/access-tokens.queries.ts';
import { oauthKeys } from './oauth.queries.ts';
import { authorizeApplication, deleteApplication, registerApplication, revokeAuthorization } from './oauth.requests.ts';

/** The browser leaves the dashboard for the application (a top-level navigation, as RFC 6749 §4.1.2 has it). */
export function goToApplication(url: string): void {
  window.location.assign(url);
}

/**
 * Authorize on `/login/oauth/{clientId}`: the code goes back to the application's registered
 * redirect URI with the state it sent. Errors show on the page (meta.silent).
 */
export function useAuthorizeApplication(application: { client_id: string; redirect_uri: string }, state: string | undefined) {
  return useMutation({
    mutationFn: () => authorizeApplication(application.client_id, state),
    meta: { silent: true },
    onSuccess: (code) => goToApplication(oauthReturnUrl(application.redirect_uri, { code }, state)),
  });
}

export function useRegisterApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: CreateOAuthApplicationBody) => registerApplication(values),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: oauthKeys.all }),
  });
}

/** Deleting an application or revoking a consent also removes access tokens (the access-token list). */
export function useDeleteApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteApplication(id),
    meta: { silent: true },
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: oauthKeys.all }), queryClient.invalidateQueries({ queryKey: accessTokenKeys.all })]),
  });
}

export function useRevokeAuthorization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => revokeAuthorization(id),
    meta: { silent: true },
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: oauthKeys.all }), queryClient.invalidateQueries({ queryKey: accessTokenKeys.all })]),
  });
}
