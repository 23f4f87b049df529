import type { RawBuilder } from 'kysely';
import { byPrincipal, or, userOrgPermission, type IdOf, type UserPrincipal } from './rule-builders.ts';
import type { PermissionRules } from '../types.ts';

/** Users holding `resin.<resource>.<verb>` through their organization role. */
export function orgPermission(permission: string, orgOf: IdOf) {
  return (alias: string, p: UserPrincipal) => userOrgPermission(p, permission, orgOf(alias));
}

/** Rules for a resource owned by an organization: `resin.<resource>.<verb>` through organization roles. */
export function orgScoped(resource: string, orgOf: IdOf, extra: { readAlso?: (a: string, p: UserPrincipal) => RawBuilder<unknown> | boolean } = {}): PermissionRules {
  const verb = (v: string) => byPrincipal({ user: orgPermission(`resin.${resource}.${v}`, orgOf) });
  return {
    read: byPrincipal({
      user: (a, p) => or(userOrgPermission(p, `resin.${resource}.read`, orgOf(a)), extra.readAlso ? extra.readAlso(a, p) : false),
    }),
    create: verb('create'),
    update: verb('update'),
    delete: verb('delete'),
  };
}
