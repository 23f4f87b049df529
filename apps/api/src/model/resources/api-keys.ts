import { sql } from 'kysely';
import type { ResourceDef } from '../types.ts';
import { byPrincipal, col, nobody, or } from '../access/rule-builders.ts';
import type { UserPrincipal } from '../access/rule-builders.ts';
import { rolesWithPermission } from '@flotilla/core/roles';
import { createdAt, field, fk, hidden, id, writable } from './field-helpers.ts';

/**
 * Keys of your own actor, plus provisioning keys (keys of a fleet's actor) of fleets where
 * you hold the verb's `resin.api_key.*` permission. Device keys are never listed to users.
 */
function ownOrFleetKey(verb: 'read' | 'update' | 'delete') {
  return (a: string, p: UserPrincipal) => {
    const roles = rolesWithPermission(`resin.api_key.${verb}`);
    const fleetKey =
      roles.length === 0
        ? false
        : sql`EXISTS (SELECT 1 FROM application ka JOIN user_application_role r ON r.application_id = ka.id
             WHERE ka.actor = ${col(a, 'is_of__actor')} AND r.user_id = ${p.userId}
               AND r.role_name IN (${sql.join(roles.map((x) => sql`${x}`))}))`;
    return or(sql`${col(a, 'is_of__actor')} = ${p.actorId}`, fleetKey);
  };
}

export const apiKey: ResourceDef = {
  name: 'api_key',
  table: 'api_key',
  fields: [
    id,
    createdAt,
    writable('name', 'Short Text', { nullable: true }),
    writable('description', 'Text', { nullable: true }),
    writable('expiry_date', 'Date Time', { nullable: true }),
    fk('is_of__actor', 'actor'),
    hidden('key_hash'),
    field('last_used_at', 'Date Time', { hidden: true }),
  ],
  // Keys are minted only by /api-key/* routes (the secret is shown once); OData reads, renames and revokes.
  permissions: {
    read: byPrincipal({ user: ownOrFleetKey('read') }),
    create: nobody,
    update: byPrincipal({ user: ownOrFleetKey('update') }),
    delete: byPrincipal({ user: ownOrFleetKey('delete') }),
  },
};
