import { z } from 'zod';
import { CODE_CHALLENGE_PATTERN, OAUTH_REDIRECT_URI_MAX, REDIRECT_URI_MESSAGES, redirectUriProblem } from '../oauth.ts';
import { objectBody, requiredString, safeString } from './primitives.ts';

/** Request and response shapes of the OAuth routes (apps/api/src/oauth/), shared with the dashboard. */

export const OAUTH_CLIENT_ID_MAX = 128;
export const OAUTH_STATE_MAX = 1024;

/** POST /oauth/authorize (accounts spec §7), sent by the consent page with the user's session. */
export const oauthAuthorizeBody = objectBody({
  client_id: requiredString('client_id', OAUTH_CLIENT_ID_MAX),
  response_type: z.literal('code', { error: 'response_type must be "code"' }),
  state: safeString(OAUTH_STATE_MAX).optional(),
  redirect_uri: safeString(OAUTH_REDIRECT_URI_MAX).optional(),
  code_challenge: z.string().regex(CODE_CHALLENGE_PATTERN, 'code_challenge must be 43 base64url characters (S256)').optional(),
  code_challenge_method: z.literal('S256', { error: 'code_challenge_method must be "S256"' }).optional(),
}).refine((body) => body.code_challenge_method === undefined || body.code_challenge !== undefined, {
  message: 'code_challenge_method needs a code_challenge',
  path: ['code_challenge'],
});
export type OAuthAuthorizeBody = z.input<typeof oauthAuthorizeBody>;

export const oauthAuthorizeResponse = z.object({ code: z.string() });

/** A redirect URI an application may register (core/oauth.ts `redirectUriProblem`). */
export const oauthRedirectUri = z
  .string({ error: 'redirect_uri is required' })
  .trim()
  .min(1, 'redirect_uri is required')
  .superRefine((value, ctx) => {
    const problem = redirectUriProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: REDIRECT_URI_MESSAGES[problem], params: { problem } });
  });

/** POST /oauth/application: a signed-in user registers an application. */
export const createOAuthApplicationBody = objectBody({
  name: requiredString('name', 100, { trim: true }),
  description: safeString(1000).trim().nullish(),
  redirect_uri: oauthRedirectUri,
});
export type CreateOAuthApplicationBody = z.input<typeof createOAuthApplicationBody>;

/** The new application with its secret, shown this once (stored hashed). */
export const createdOAuthApplication = z.object({
  id: z.number().int(),
  client_id: z.string(),
  client_secret: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  redirect_uri: z.string(),
});
export type CreatedOAuthApplication = z.output<typeof createdOAuthApplication>;

/**
 * GET /oauth/application/:clientId: what the consent page shows of the application whose client
 * id the user was sent with. The client id is the capability: the OData list shows applications
 * only to their creator and to users who authorized them.
 */
export const oauthConsentApplicationParams = z.object({ clientId: requiredString('clientId', OAUTH_CLIENT_ID_MAX) });
export const oauthConsentApplication = createdOAuthApplication.omit({ client_secret: true });
export type OAuthConsentApplication = z.output<typeof oauthConsentApplication>;

/**
 * POST /oauth/token (RFC 6749 §4.1.3), form-encoded or JSON. Every parameter is optional here:
 * which are missing is the grant's own answer (`invalid_request`), in RFC 6749 §5.2's shape.
 */
export const oauthTokenRequest = z.object({
  grant_type: safeString(64).optional(),
  code: safeString(256).optional(),
  redirect_uri: safeString(OAUTH_REDIRECT_URI_MAX).optional(),
  client_id: safeString(OAUTH_CLIENT_ID_MAX).optional(),
  client_secret: safeString(256).optional(),
  code_verifier: safeString(256).optional(),
});
export type OAuthTokenRequest = z.output<typeof oauthTokenRequest>;

export const oauthTokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int().positive(),
});

/** RFC 6749 §5.2 error codes the token endpoint answers with. */
export const oauthTokenErrorCode = z.enum(['invalid_request', 'invalid_client', 'invalid_grant', 'unsupported_grant_type']);
export type OAuthTokenErrorCode = z.output<typeof oauthTokenErrorCode>;

export const oauthTokenError = z.object({ error: oauthTokenErrorCode, error_description: z.string().optional() });
