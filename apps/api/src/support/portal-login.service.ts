import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { SUPPORT_PORTAL_JWT_TTL_SECONDS, SUPPORT_PORTAL_NOT_CONFIGURED, supportPortalJwtUrl } from '@flotilla/core/support-portal';
import type { SupportPortalLoginResponse } from '@flotilla/core/schemas/support-portal';
import type { Db } from '../db/database.ts';
import type { AppConfig } from '../lib/config.ts';
import { claimAttempt } from '../auth/attempt-limits.ts';
import { forbidden, notFound, unauthorized } from '../lib/errors.ts';
import { AUTH_MESSAGES } from '../auth/credentials.ts';
import type { SupportCaller } from './support.service.ts';
import { getPortalIdentity } from './portal-login.repository.ts';

/**
 * The support portal's sign-in (accounts spec §2 "/zendesk-login (query return_to) is the
 * support-portal login", §7 "GET /zendesk/v1/login … returns {redirect} with a jwt posted to a
 * form"), as Zendesk's JWT single sign-on: a token signed HS256 with the secret shared with the
 * portal, naming the user by email (the portal's key for its users), name and external_id (our
 * user id), with a random jti (the portal accepts each once) and a three-minute life.
 */

export const PORTAL_NOT_CONFIGURED = 'The support portal is not configured on this server';
export const PORTAL_VERIFY_EMAIL_FIRST = 'Verify your email address before signing in to the support portal';
export const PORTAL_NOT_WHILE_LOGGED_IN_AS = 'The support portal cannot be signed in to while logged in as another user';

/** Portal sign-ins one user may start an hour: plenty for a person, a bound on minting tokens. */
const SIGN_INS_PER_HOUR = 60;

export async function createPortalLogin(
  db: Db,
  portal: AppConfig['supportPortal'],
  caller: SupportCaller,
  returnTo: string | undefined,
  now = new Date(),
): Promise<SupportPortalLoginResponse> {
  if (!portal) throw notFound(PORTAL_NOT_CONFIGURED, SUPPORT_PORTAL_NOT_CONFIGURED);
  // The portal would file tickets and show history as the user: never as someone staff are looking through.
  if (caller.loggedInAs) throw forbidden(PORTAL_NOT_WHILE_LOGGED_IN_AS, 'logged_in_as_user');
  const user = await getPortalIdentity(db, caller.user.userId);
  if (!user) throw unauthorized(AUTH_MESSAGES.notLoggedIn);
  // The portal trusts the email claim as who this is: an address nobody proved is not sent.
  if (!user.is_verified || !user.email) throw forbidden(PORTAL_VERIFY_EMAIL_FIRST, 'email_not_verified');
  await claimAttempt(db, [{ bucket: `support-portal-login:${user.id}`, max: SIGN_INS_PER_HOUR, windowMs: 3_600_000 }], now);

  const issuedAt = Math.floor(now.getTime() / 1000);
  const name = [user.first_name, user.last_name].filter((part) => part && part.trim() !== '').join(' ').trim() || user.username;
  const jwt = await new SignJWT({ email: user.email, name, external_id: String(user.id) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + SUPPORT_PORTAL_JWT_TTL_SECONDS)
    .setJti(randomUUID())
    .sign(new TextEncoder().encode(portal.jwtSecret));
  return { redirect: supportPortalJwtUrl(portal.url), jwt, ...(returnTo ? { return_to: returnTo } : {}) };
}
