import { useMutation } from '@tanstack/react-query';
import { apiRequestToken } from '../../../lib/http.ts';
import { setToken } from '../../../lib/session.ts';

/**
 * `POST /user/v1/logout-others` (accounts spec §7): ends every other session and answers a new
 * token for this one, which replaces the session's. The card shows the failure (meta.silent).
 */
export function useLogoutOtherSessions() {
  return useMutation({
    mutationFn: () => apiRequestToken('/user/v1/logout-others', { method: 'POST' }),
    meta: { silent: true },
    onSuccess: (token) => setToken(token),
  });
}
