import { apiRequestToken } from '../../../lib/http.ts';

/** `POST /user/v1/logout-others` (accounts spec §7): ends every other session, returns a new token for this one. */
export function logoutOtherSessions(): Promise<string> {
  return apiRequestToken('/user/v1/logout-others', { method: 'POST' });
}
