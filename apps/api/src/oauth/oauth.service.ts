import { OAUTH_CODE_TTL_MS } from '@flotilla/core/oauth';
import type { z } from 'zod';
import type { createOAuthApplicationBody, CreatedOAuthApplication, oauthAuthorizeBody, OAuthConsentApplication } from '@flotilla/core/schemas/oauth';
import type { Db } from '../db/database.ts';
import type { AppConfig } from '../lib/config.ts';
import { badRequest, forbidden, notFound } from '../lib/errors.ts';
import { claimAttempt } from '../auth/attempt-limits.ts';
import { assertOwnSession, type UserPrincipal } from '../auth/guards.ts';
import type { VerifiedSession } from '../auth/tokens.ts';
import { authorizeLimits, registerLimits } from './oauth-rate-limit.ts';
import { generateAuthorizationCode, generateClientId, generateClientSecret, sha256Hex } from './oauth-secrets.ts';
import { findApplicationByClientId, insertApplication, insertCode, upsertAuthorization, userActor } from './oauth.repository.ts';

export const UNKNOWN_APPLICATION = 'OAuth application not found';
export const REDIRECT_URI_MISMATCH = "redirect_uri does not match the application's registered redirect URI";
export const EMAIL_NOT_VERIFIED_FOR_OAUTH = 'Verify your email address before authorizing applications';

/**
 * What the consent page shows of the application with this client id, to any signed-in user:
 * the client id is the capability (the OData list shows applications only to their creator and
 * to users who authorized them).
 */
export async function consentApplication(db: Db, clientId: string): Promise<OAuthConsentApplication> {
  const found = await findApplicationByClientId(db, clientId);
  if (!found) throw notFound(UNKNOWN_APPLICATION);
  return { id: found.id, client_id: found.client_id, name: found.name, description: found.description, redirect_uri: found.redirect_uri };
}

/**
 * The user agrees on the consent page (`/login/oauth/{clientId}`, accounts spec §7): their
 * consent is recorded (kept if given before) and a one-time code minted for the application.
 * Only the account owner's own session: an API key or an application's token cannot hand out
 * codes, and a login-as-user session (auth/guards.ts) cannot leave a credential behind. Where
 * emails must be verified, not before (as for user API keys, api-keys.service.ts).
 */
export async function authorizeApplication(
  db: Db,
  config: AppConfig,
  user: UserPrincipal,
  session: VerifiedSession,
  body: z.output<typeof oauthAuthorizeBody>,
): Promise<{ code: string }> {
  assertOwnSession(session);
  await claimAttempt(db, authorizeLimits(user.userId));
  const application = await findApplicationByClientId(db, body.client_id);
  if (!application) throw notFound(UNKNOWN_APPLICATION);
  if (body.redirect_uri !== undefined && body.redirect_uri !== application.redirect_uri) throw badRequest(REDIRECT_URI_MISMATCH, 'redirect_uri_mismatch');
  if (config.requireEmailVerification && (await userActor(db, user.userId))?.is_verified !== true) throw forbidden(EMAIL_NOT_VERIFIED_FOR_OAUTH, 'email_not_verified');
  const code = generateAuthorizationCode();
  await db.transaction().execute(async (tx) => {
    await upsertAuthorization(tx, user.userId, application.id);
    await insertCode(tx, {
      codeHash: sha256Hex(code),
      applicationId: application.id,
      userId: user.userId,
      redirectUri: application.redirect_uri,
      hasExplicitRedirectUri: body.redirect_uri !== undefined,
      codeChallenge: body.code_challenge ?? null,
      expiresAt: new Date(Date.now() + OAUTH_CODE_TTL_MS),
    });
  });
  return { code };
}

/**
 * A signed-in user registers an application: its client id and secret are made here, the
 * secret answered this once and stored as its digest. Listing, renaming and deleting are OData
 * on `oauth_application` (only the creator's rows, model/resources/identity.ts).
 */
export async function registerApplication(
  db: Db,
  user: UserPrincipal,
  session: VerifiedSession,
  body: z.output<typeof createOAuthApplicationBody>,
): Promise<CreatedOAuthApplication> {
  assertOwnSession(session);
  await claimAttempt(db, registerLimits(user.userId));
  const clientId = generateClientId();
  const clientSecret = generateClientSecret();
  const description = body.description ? body.description : null;
  const { id } = await insertApplication(db, {
    clientId,
    clientSecretHash: sha256Hex(clientSecret),
    name: body.name,
    description,
    redirectUri: body.redirect_uri,
    creator: user.userId,
  });
  return { id, client_id: clientId, client_secret: clientSecret, name: body.name, description, redirect_uri: body.redirect_uri };
}
