import { useMutation } from '@tanstack/react-query';
import { refreshToken } from '../../../lib/auth-api.ts';

/**
 * Makes the browser POST `token=<token>` to the CLI's callback as a top-level form, the way
 * balena-cli expects it (compat §3.8): no fetch, so no CORS, and the CLI's answer page shows.
 */
function postTokenTo(callback: URL, token: string): void {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = callback.href;
  const field = document.createElement('input');
  field.type = 'hidden';
  field.name = 'token';
  field.value = token;
  form.append(field);
  document.body.append(form);
  form.submit();
}

/**
 * Authorize on `/login/cli/*`: a fresh session token (not this tab's own; 36 hours, ended by
 * "log out other sessions"), handed to the CLI's callback. Errors show on the page (meta.silent).
 */
export function useAuthorizeCli(callback: URL) {
  return useMutation({
    mutationFn: refreshToken,
    meta: { silent: true },
    onSuccess: (token) => postTokenTo(callback, token),
  });
}
