import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../apps/api/src/db/database.ts';
import type { Principal } from '../apps/api/src/auth/principal.ts';

/**
 * Seed for the device-list benchmark, written straight into the real schema (the API's
 * create paths are not what is measured here, and 100 000 POSTs would dominate the run).
 *
 * One organization with two fleets. The user is an organization `member` (which alone gives
 * no fleet access) and a `developer` of fleet A only, so the permission check has rows to
 * reject: fleet B's devices share the table and the indexes but must never show up.
 *
 * Devices are created by one `INSERT … SELECT generate_series` per fleet; a data-modifying
 * CTE inserts their actors the same way and pairs each actor with one device. The schema's
 * triggers stay on (they are part of the real write cost): the AFTER INSERT trigger
 * `device_service_installs_insert` adds a `service_install` per service of the fleet, which
 * is why each fleet gets one service first, as a real fleet with a release would have.
 */
export interface DeviceListSeed {
  principal: Extract<Principal, { kind: 'user' }>;
  fleetId: number;
  otherFleetId: number;
  devices: number;
  otherDevices: number;
  seedMs: number;
}

async function one<T>(db: Db, query: RawBuilder<T>): Promise<T> {
  const r = await query.execute(db);
  const row = r.rows[0];
  if (!row) throw new Error('seed statement returned no row');
  return row;
}

async function createFleet(db: Db, orgId: number, name: string): Promise<{ fleetId: number; releaseIds: number[] }> {
  const fleet = await one<{ id: number }>(
    db,
    sql`WITH a AS (INSERT INTO actor DEFAULT VALUES RETURNING id)
        INSERT INTO application (actor, app_name, slug, uuid, organization, is_for__device_type, application_type)
        SELECT a.id, ${name}, ${`bench/${name}`}, md5(${name}), ${orgId},
               (SELECT id FROM device_type WHERE slug = 'raspberrypi4-64'),
               (SELECT id FROM application_type WHERE slug = 'microservices')
          FROM a RETURNING id`,
  );
  return { fleetId: fleet.id, releaseIds: await addReleasesAndService(db, fleet.id, name) };
}

/** Three releases (old, current, next; the fleet tracks the last) and one service: devices of a real fleet run a mix of them. */
async function addReleasesAndService(db: Db, fleetId: number, name: string): Promise<number[]> {
  const releases = await sql<{ id: number }>`
    INSERT INTO release (belongs_to__application, commit, status, semver, raw_version, semver_major, semver_minor)
    SELECT ${fleetId}, md5(${name} || g), 'success', '1.' || g || '.0', '1.' || g || '.0', 1, g
      FROM generate_series(0, 2) g RETURNING id`.execute(db);
  await sql`UPDATE application SET should_be_running__release = ${releases.rows[2]!.id} WHERE id = ${fleetId}`.execute(db);
  await sql`INSERT INTO service (application, service_name) VALUES (${fleetId}, 'main')`.execute(db);
  return releases.rows.map((r) => r.id);
}

/**
 * `count` devices, seeded as the benchmark seeds them, in a fleet created through the API (browser
 * tests and the browser bench): adds releases 1.0.0, 1.1.0 and 1.2.0 and a service first. Device i
 * (1-based) is named `dev-<10 hex>`, runs release 1.(i % 3).0, has heartbeat
 * online/online/offline/timeout/unknown by i % 5 and OS `balenaOS 6.(i % 4).0`.
 */
export async function seedFleetDevices(db: Db, fleetId: number, count: number, tag: string): Promise<void> {
  const releaseIds = await addReleasesAndService(db, fleetId, `${tag}-${fleetId}`);
  await insertDevices(db, fleetId, releaseIds, count, tag);
  await sql`ANALYZE device`.execute(db);
}

/** `count` devices in the fleet: names random relative to ids, a spread of heartbeat states and versions. */
async function insertDevices(db: Db, fleetId: number, releaseIds: number[], count: number, tag: string): Promise<void> {
  if (count === 0) return;
  await sql`
    WITH new_actor AS (
      INSERT INTO actor (created_at) SELECT now() FROM generate_series(1, ${count}::int) RETURNING id
    ), numbered AS (
      SELECT id AS actor, row_number() OVER (ORDER BY id) AS i FROM new_actor
    )
    INSERT INTO device (actor, uuid, device_name, belongs_to__application, is_of__device_type, is_running__release,
                        api_heartbeat_state, is_online, last_connectivity_event, os_version, os_variant,
                        supervisor_version, ip_address, status)
    SELECT n.actor,
           md5(${tag} || n.i),
           'dev-' || substr(md5('name' || ${tag} || n.i), 1, 10),
           ${fleetId},
           (SELECT id FROM device_type WHERE slug = 'raspberrypi4-64'),
           (ARRAY[${releaseIds[0]!}::int, ${releaseIds[1]!}::int, ${releaseIds[2]!}::int])[1 + n.i % 3],
           (ARRAY['online', 'online', 'offline', 'timeout', 'unknown'])[1 + n.i % 5],
           n.i % 5 < 2,
           CASE WHEN n.i % 5 = 4 THEN NULL ELSE now() - make_interval(mins => (n.i % 10000)::int) END,
           'balenaOS 6.' || (n.i % 4) || '.0',
           'prod',
           '17.' || (n.i % 3) || '.0',
           '10.0.' || (n.i / 250 % 250) || '.' || (n.i % 250),
           'Idle'
      FROM numbered n`.execute(db);
}

export async function seedDeviceList(db: Db, devices: number, otherDevices: number): Promise<DeviceListSeed> {
  const start = Date.now();
  const org = await one<{ id: number }>(db, sql`INSERT INTO organization (name, handle) VALUES ('Bench Org', 'bench_org') RETURNING id`);
  const user = await one<{ id: number; actor: number; username: string; email: string }>(
    db,
    sql`WITH a AS (INSERT INTO actor DEFAULT VALUES RETURNING id)
        INSERT INTO "user" (actor, username, email) SELECT a.id, 'bench_user', 'bench@example.com' FROM a
        RETURNING id, actor, username, email`,
  );
  await sql`INSERT INTO organization_membership ("user", is_member_of__organization, organization_membership_role)
            SELECT ${user.id}, ${org.id}, id FROM organization_membership_role WHERE name = 'member'`.execute(db);
  const a = await createFleet(db, org.id, 'fleet-a');
  const b = await createFleet(db, org.id, 'fleet-b');
  await sql`INSERT INTO user_application_membership ("user", is_member_of__application, application_membership_role)
            SELECT ${user.id}, ${a.fleetId}, id FROM application_membership_role WHERE name = 'developer'`.execute(db);
  await insertDevices(db, a.fleetId, a.releaseIds, devices, 'a');
  await insertDevices(db, b.fleetId, b.releaseIds, otherDevices, 'b');
  // Fresh statistics, as autovacuum would have them on a long-lived database.
  await sql`ANALYZE`.execute(db);
  return {
    principal: { kind: 'user', actorId: user.actor, userId: user.id, username: user.username, email: user.email, via: 'jwt' },
    fleetId: a.fleetId,
    otherFleetId: b.fleetId,
    devices,
    otherDevices,
    seedMs: Date.now() - start,
  };
}
