import { sql } from 'kysely';
import type { ResourceDef } from '../types.ts';
import { byPrincipal, col, nobody, or, userFleetPermission } from '../access/rule-builders.ts';
import type { IdOf, UserPrincipal } from '../access/rule-builders.ts';
import { createdAt, field, fk, hidden, id, writable } from './field-helpers.ts';

/**
 * The fleet a key's actor belongs to: the fleet itself for a provisioning key (the fleet's own
 * actor), the device's fleet for a device key; NULL for user keys. Each actor owns at most
 * one application or device, so the coalesce picks the single match.
 */
const keyFleet: IdOf = (a) =>
  sql`coalesce((SELECT ka.id FROM application ka WHERE ka.actor = ${col(a, 'is_of__actor')}),
               (SELECT kd.belongs_to__application FROM device kd WHERE kd.actor = ${col(a, 'is_of__actor')}))`;

/**
 * Keys of your own actor, plus provisioning and device keys (the SDK lists the latter with
 * `apiKey.getDeviceApiKeysByDevice`) of fleets where you hold the verb's `resin.api_key.*`.
 */
function ownOrFleetKey(verb: 'read' | 'update' | 'delete') {
  return (a: string, p: UserPrincipal) => or(sql`${col(a, 'is_of__actor')} = ${p.actorId}`, userFleetPermission(p, `resin.api_key.${verb}`, keyFleet(a)));
}

export const apiKey: ResourceDef = {
  name: 'api_key',
  table: 'api_key',
  fields: [
    id,
    createdAt,
    writable('name', 'Short Text', { nullable: true }),
    writable('description', 'Text', { nullable: true }),
    // A key's lifetime is set by a signed-in session, never by an API key: a key could otherwise
    // lift its own expiry (null: never expires) and outlive what its owner chose. Same rule as
    // minting (api-keys.service.ts: session only); renaming and revoking stay open to keys.
    writable('expiry_date', 'Date Time', { nullable: true, changeRule: byPrincipal({ user: (_alias, p) => p.via === 'jwt' }) }),
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
