import { samlFinalizeResponse } from '@flotilla/core/saml';
import { apiRequest } from '../../../lib/http.ts';

/**
 * POST /auth/saml/finalize {code, jwt?} → {token} (accounts spec §7): the one-time code the
 * sign-in callback sent the browser here with; a merge also sends the signed-in user's session.
 * Sent once by the page (the code is good once), never retried.
 */
export async function finalizeSamlSignIn(code: string, jwt?: string): Promise<string> {
  const body = await apiRequest('/auth/saml/finalize', { method: 'POST', body: jwt ? { code, jwt } : { code }, auth: false });
  return samlFinalizeResponse.parse(body).token;
}
