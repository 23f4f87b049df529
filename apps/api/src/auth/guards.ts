import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../lib/errors.ts';
import type { Principal } from './principal.ts';
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
