import { socialCallbackPath, type SocialProvider } from '@flotilla/core/social-sign-in';
import { apiRequestToken } from '../../../lib/http.ts';

/**
 * The session token for the provider's answer on `/auth/{provider}/callback` (accounts spec §7:
 * `GET /auth/{provider}/callback` with the query returns the token text). The answer is good
 * once: the page sends it once (SocialCallbackPage), never retried.
 */
export function exchangeSocialAnswer(provider: SocialProvider, query: string): Promise<string> {
  return apiRequestToken(`${socialCallbackPath(provider)}${query}`, { auth: false });
}
