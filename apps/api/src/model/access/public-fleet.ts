import { sql } from 'kysely';
import type { PermissionRules, RowRule } from '../types.ts';
import { or, testFleet, type IdOf } from './rule-builders.ts';

/**
 * Rows of public fleets (host OS applications and their releases, tags, images) are readable by
 * anyone, signed in or not: that is how clients list OS versions and supported device types.
 */
export function withPublicFleetRead(rules: PermissionRules, fleetOf: IdOf): PermissionRules {
  const base: RowRule = rules.read ?? (() => false);
  const read: RowRule = (alias, p) => {
    if (p.kind === 'system') return true;
    return or(base(alias, p), testFleet(fleetOf, alias, (fleetId) => sql`${fleetId} IN (SELECT pa.id FROM application pa WHERE pa.is_public)`));
  };
  return { ...rules, read };
}
