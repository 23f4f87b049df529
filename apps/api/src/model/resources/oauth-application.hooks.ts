import { REDIRECT_URI_MESSAGES, redirectUriProblem } from '@flotilla/core/oauth';
import { badRequest } from '../../lib/errors.ts';
import type { Values } from '../types.ts';

/**
 * PATCH of `oauth_application`: a new redirect URI must be one an application may register
 * (https, or http on localhost; core/oauth.ts), as at registration (POST /oauth/application).
 */
export function assertOAuthRedirectUri(patch: Values): Values {
  const uri = patch.redirect_uri;
  if (uri === undefined) return patch;
  const problem = typeof uri === 'string' ? redirectUriProblem(uri) : 'invalid';
  if (problem) throw badRequest(`redirect_uri: ${REDIRECT_URI_MESSAGES[problem]}`);
  return patch;
}
