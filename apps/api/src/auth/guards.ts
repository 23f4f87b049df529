import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../lib/errors.ts';
import type { Principal } from './principal.ts';
import type { VerifiedSession } from './tokens.ts';
import { AUTH_MESSAGES } from './credentials.ts';

/**
 * Route guards over `request.principal` (set by plugins/auth.ts). Anonymous callers get 401
 * "You have to log in" (clients treat 401 as "not logged in", compat §1.5); an authenticated
 * caller of the wrong kind gets 403.
 */
export type PrincipalKind = Principal['kind'];
export type PrincipalOf<K extends PrincipalKind> = Extract<Principal, { kind: K }>;
export type UserPrincipal = PrincipalOf<'user'>;

export function requirePrincipal<K extends PrincipalKind>(request: FastifyRequest, kinds: readonly K[]): PrincipalOf<K> {
  const principal = request.principal;
  if (principal.kind === 'anonymous') throw unauthorized(AUTH_MESSAGES.notLoggedIn);
  if (!(kinds as readonly PrincipalKind[]).includes(principal.kind)) throw forbidden();
  return principal as PrincipalOf<K>;
}

export interface RequireUserOptions {
  /** 'jwt' = only a session token will do (e.g. minting user API keys, refreshing). */
  via?: UserPrincipal['via'];
}

export function requireUser(request: FastifyRequest, options: RequireUserOptions = {}): UserPrincipal {
  const user = requirePrincipal(request, ['user']);
  if (options.via && user.via !== options.via) throw unauthorized(AUTH_MESSAGES.notLoggedIn);
  return user;
}

export const NOT_WHILE_LOGGED_IN_AS =
  'Not allowed while logged in as another user: only the account owner can create API keys, change two-factor authentication, email or password';

/**
 * Refuses (403 `logged_in_as_user`) a login-as-user session (token claim `actualUser`,
 * staff/login-as.service.ts) what would outlive it: minting the user's API keys, enabling or
 * disabling two-factor and its recovery codes, changing the email or the password. A platform
 * admin may look and act as the user while the session lasts, not leave a key or a credential
 * behind that works after it, nor lock the owner out.
 */
export function assertOwnSession(session: Pick<VerifiedSession, 'actualUser'>): void {
  if (session.actualUser !== undefined) throw forbidden(NOT_WHILE_LOGGED_IN_AS, 'logged_in_as_user');
}
