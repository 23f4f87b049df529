import { CODE_VERIFIER_PATTERN, OAUTH_ACCESS_TOKEN_TTL_SECONDS, oauthAccessTokenName } from '@flotilla/core/oauth';
import type { OAuthTokenErrorCode, OAuthTokenRequest } from '@flotilla/core/schemas/oauth';
import type { Db } from '../db/database.ts';
import { generateApiKeySecret, hashApiKey } from '../api-keys/api-key-secret.ts';
import { claimCode, deleteApiKey, findApplicationByClientId, findAuthorizationId, findCode, insertAccessToken, userActor, type OAuthApplicationRow } from './oauth.repository.ts';
import { pkceS256Matches, secretMatches, sha256Hex } from './oauth-secrets.ts';

/** An answer of the token endpoint in RFC 6749 §5.2's shape (not the API's `AppError`). */
export class OAuthTokenError extends Error {
  constructor(
    readonly error: OAuthTokenErrorCode,
    readonly description: string,
    /** The client tried HTTP Basic: a 401 then names the scheme (RFC 6749 §5.2). */
    readonly isBasicChallenge = false,
  ) {
    super(description);
    this.name = 'OAuthTokenError';
  }

  get status(): 400 | 401 {
    return this.error === 'invalid_client' ? 401 : 400;
  }
}

/** The client's credentials as the request carried them (RFC 6749 §2.3.1). */
export interface ClientCredentials {
  /** From `Authorization: Basic`, if sent. */
  basic?: { clientId: string; clientSecret: string };
  body: Pick<OAuthTokenRequest, 'client_id' | 'client_secret'>;
}

export interface IssuedToken {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

/** Who the client is, and whether it proved it with its secret (else it must use PKCE). */
async function authenticateClient(db: Db, credentials: ClientCredentials): Promise<{ application: OAuthApplicationRow; isAuthenticated: boolean }> {
  const { basic, body } = credentials;
  const usedBasic = basic !== undefined;
  if (basic && body.client_secret !== undefined) throw new OAuthTokenError('invalid_request', 'Use one way of client authentication, not both');
  if (basic && body.client_id !== undefined && body.client_id !== basic.clientId) throw new OAuthTokenError('invalid_request', 'client_id does not match the authenticated client');
  const clientId = basic?.clientId ?? body.client_id;
  const secret = basic?.clientSecret ?? body.client_secret;
  if (clientId === undefined || clientId === '') throw new OAuthTokenError('invalid_client', 'Client authentication failed', usedBasic);
  const application = await findApplicationByClientId(db, clientId);
  if (!application) throw new OAuthTokenError('invalid_client', 'Client authentication failed', usedBasic);
  if (secret === undefined) return { application, isAuthenticated: false };
  if (!secretMatches(secret, application.client_secret_hash)) throw new OAuthTokenError('invalid_client', 'Client authentication failed', usedBasic);
  return { application, isAuthenticated: true };
}

/**
 * The authorization code grant's token request (RFC 6749 §4.1.3, RFC 7636 §4.5): the client is
 * authenticated first (a wrong secret leaves the code alone), then the code is claimed in one
 * statement, so it is spent once whatever happens next. A code presented again is refused, and
 * the token it was exchanged for is revoked (RFC 6749 §4.1.2). The token is a user API key named
 * after the application and tied to the user's consent: revoking the consent revokes it.
 */
export async function exchangeAuthorizationCode(db: Db, request: OAuthTokenRequest, credentials: ClientCredentials): Promise<IssuedToken> {
  if (request.grant_type === undefined) throw new OAuthTokenError('invalid_request', 'grant_type is required');
  if (request.grant_type !== 'authorization_code') throw new OAuthTokenError('unsupported_grant_type', 'Only the authorization_code grant is supported');
  if (request.code === undefined || request.code === '') throw new OAuthTokenError('invalid_request', 'code is required');
  if (request.code_verifier !== undefined && !CODE_VERIFIER_PATTERN.test(request.code_verifier)) {
    throw new OAuthTokenError('invalid_request', 'code_verifier must be 43 to 128 unreserved characters');
  }
  const { application, isAuthenticated } = await authenticateClient(db, credentials);
  const codeHash = sha256Hex(request.code);
  const claimed = await claimCode(db, codeHash, application.id, isAuthenticated);
  if (!claimed) {
    const existing = await findCode(db, codeHash, application.id);
    if (existing && existing.used_at === null && existing.code_challenge === null) {
      throw new OAuthTokenError('invalid_client', 'This client must authenticate with its secret or use PKCE');
    }
    if (existing?.used_at != null && existing.issued__api_key !== null) await deleteApiKey(db, existing.issued__api_key);
    throw new OAuthTokenError('invalid_grant', 'The authorization code is invalid, expired or already used');
  }
  if (new Date(claimed.expires_at).getTime() <= Date.now()) throw new OAuthTokenError('invalid_grant', 'The authorization code has expired');
  if (request.redirect_uri !== undefined ? request.redirect_uri !== claimed.redirect_uri : claimed.has_explicit_redirect_uri) {
    throw new OAuthTokenError('invalid_grant', 'redirect_uri does not match the authorization request');
  }
  if (claimed.code_challenge !== null && (request.code_verifier === undefined || !pkceS256Matches(request.code_verifier, claimed.code_challenge))) {
    throw new OAuthTokenError('invalid_grant', 'The code_verifier does not match the code_challenge');
  }
  // The user may have revoked the consent between agreeing and this exchange.
  const authorizationId = await findAuthorizationId(db, claimed.user, application.id);
  const owner = await userActor(db, claimed.user);
  if (authorizationId === undefined || !owner) throw new OAuthTokenError('invalid_grant', 'The authorization was revoked');
  const accessToken = generateApiKeySecret();
  await insertAccessToken(db, {
    actor: owner.actor,
    keyHash: hashApiKey(accessToken),
    name: oauthAccessTokenName(application.name),
    description: `Access token of the OAuth application ${application.client_id}`,
    expiryDate: new Date(Date.now() + OAUTH_ACCESS_TOKEN_TTL_SECONDS * 1000),
    authorizationId,
    codeId: claimed.id,
  });
  return { access_token: accessToken, token_type: 'Bearer', expires_in: OAUTH_ACCESS_TOKEN_TTL_SECONDS };
}
