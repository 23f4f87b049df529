import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../apps/api/src/db/database.ts';
import { generateApiKeySecret, hashApiKey } from '../apps/api/src/api-keys/api-key-secret.ts';

/**
 * Devices for the device-link benchmarks, written straight into the real schema as the other
 * seeds are (10 000 `POST /device/register` would be the bench's longest part and measure
 * nothing it reports): one organization and fleet, then per device an actor, the device row and
 * a device API key (sha256 of the secret, as the API stores it), in batches of one statement.
 * What a registered device has that matters to its link: an active device, and a key whose
 * actor is the device's.
 */
export interface LinkDevice {
  uuid: string;
  key: string;
}

/** `count` fresh device keys and uuids (made by the bench, sent to whoever seeds them). */
export function newLinkDevices(count: number): LinkDevice[] {
  return Array.from({ length: count }, () => ({ uuid: randomBytes(16).toString('hex'), key: generateApiKeySecret() }));
}

const BATCH = 1000;

export async function seedLinkDevices(db: Db, devices: readonly LinkDevice[]): Promise<{ fleetId: number }> {
  const suffix = randomBytes(5).toString('hex');
  const org = await sql<{ id: number }>`INSERT INTO organization (name, handle) VALUES (${`Links ${suffix}`}, ${`links_${suffix}`}) RETURNING id`.execute(db);
  const fleet = await sql<{ id: number }>`
    WITH a AS (INSERT INTO actor DEFAULT VALUES RETURNING id)
    INSERT INTO application (actor, app_name, slug, uuid, organization, is_for__device_type, application_type)
    SELECT a.id, ${`links${suffix}`}, ${`links_${suffix}/links${suffix}`}, md5(${suffix}), ${org.rows[0]!.id},
           (SELECT id FROM device_type WHERE slug = 'raspberrypi4-64'),
           (SELECT id FROM application_type WHERE slug = 'microservices')
      FROM a RETURNING id`.execute(db);
  const fleetId = fleet.rows[0]!.id;
  for (let start = 0; start < devices.length; start += BATCH) {
    const batch = devices.slice(start, start + BATCH);
    const rows = sql.join(batch.map((d, i) => sql`(${start + i + 1}::int, ${d.uuid}::text, ${hashApiKey(d.key)}::text)`));
    // One actor per input row, paired by order; then the device and its key on that actor.
    await sql`
      WITH input(i, uuid, key_hash) AS (VALUES ${rows}),
      new_actor AS (INSERT INTO actor (created_at) SELECT now() FROM input RETURNING id),
      paired AS (
        SELECT a.id AS actor, input.uuid, input.key_hash, input.i
          FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM new_actor) a
          JOIN (SELECT *, row_number() OVER (ORDER BY i) AS n FROM input) input ON input.n = a.n
      ),
      new_device AS (
        INSERT INTO device (actor, uuid, device_name, belongs_to__application, is_of__device_type)
        SELECT actor, uuid, 'link-' || i, ${fleetId}, (SELECT id FROM device_type WHERE slug = 'raspberrypi4-64') FROM paired
        RETURNING id
      )
      INSERT INTO api_key (key_hash, is_of__actor, name) SELECT key_hash, actor, 'device key' FROM paired`.execute(db);
  }
  await sql`ANALYZE device`.execute(db);
  return { fleetId };
}

/** How many devices the database marks linked now (the link route sets it once a link is attached). */
export async function countLinked(db: Db): Promise<number> {
  const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM device WHERE is_connected_to_vpn`.execute(db);
  return r.rows[0]!.n;
}
