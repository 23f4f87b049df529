import { deepStrictEqual } from 'node:assert/strict';
import { sql } from 'kysely';
import type { Principal } from '../apps/api/src/auth/principal.ts';
import type { Db } from '../apps/api/src/db/database.ts';
import { createODataEngine } from '../apps/api/src/odata/engine.ts';
import { registry } from '../apps/api/src/model/registry.ts';
import { isMain, readIntOptions } from './lib/args.ts';
import { openBenchDatabase } from './lib/database.ts';
import { environmentInfo, printRows, writeResult, type BenchRow } from './lib/report.ts';
import { ratio, summarize, timed, type LatencySummary } from './lib/stats.ts';

/**
 * W9 (issue 16): permission-heavy reads. An organization `member` whose access comes only from
 * a team granted `developer` on each of the organization's F fleets (default 500) lists fleets
 * and devices; the same URLs are answered for an organization `administrator`, whose access is
 * the organization role alone. Target: member ≤ 2 × administrator at p50, per query. Both see
 * the same rows (every fleet is granted), which the bench asserts before timing; a second
 * organization with as many fleets and devices is there for both to be kept out of.
 *
 * Seeded with straight SQL (as device-list.seed.ts), measured through the OData engine
 * (`createODataEngine(registry).execute`: parse → compile → one statement → JSON), the two
 * principals alternating.
 *
 *   npx tsx bench/permission-reads.bench.ts [--fleets 500] [--devicesPerFleet 20] [--iterations 40]
 */
export const PERMISSION_READS_DEFAULTS = { fleets: 500, devicesPerFleet: 20, iterations: 40, warmup: 5 };
export type PermissionReadsOptions = typeof PERMISSION_READS_DEFAULTS;

export const PERMISSION_RATIO_TARGET = 2;

type UserPrincipal = Extract<Principal, { kind: 'user' }>;

export interface PermissionCase {
  name: string;
  url: string;
  member: LatencySummary;
  admin: LatencySummary;
  ratioMedian: number;
}

export interface PermissionReadsResult {
  name: 'permission-reads';
  options: PermissionReadsOptions;
  setup: { fleets: number; devices: number; seedMs: number };
  environment: Record<string, unknown>;
  cases: PermissionCase[];
}

/** An organization of `fleets` fleets with `perFleet` devices each, in three statements. */
async function seedOrganization(db: Db, tag: string, fleets: number, perFleet: number): Promise<number> {
  const org = await sql<{ id: number }>`INSERT INTO organization (name, handle) VALUES (${`Bench ${tag}`}, ${`bench_${tag}`}) RETURNING id`.execute(db);
  const orgId = org.rows[0]!.id;
  await sql`
    WITH new_actor AS (INSERT INTO actor (created_at) SELECT now() FROM generate_series(1, ${fleets}::int) RETURNING id),
         numbered AS (SELECT id AS actor, row_number() OVER (ORDER BY id) AS i FROM new_actor)
    INSERT INTO application (actor, app_name, slug, uuid, organization, is_for__device_type, application_type)
    SELECT n.actor, ${tag} || '-fleet-' || n.i, 'bench_' || ${tag} || '/fleet-' || n.i, md5(${tag} || 'fleet' || n.i), ${orgId},
           (SELECT id FROM device_type WHERE slug = 'raspberrypi4-64'), (SELECT id FROM application_type WHERE slug = 'microservices')
      FROM numbered n`.execute(db);
  await sql`
    WITH fleets AS (SELECT id, row_number() OVER (ORDER BY id) AS f FROM application WHERE organization = ${orgId}),
         new_actor AS (INSERT INTO actor (created_at) SELECT now() FROM generate_series(1, ${fleets * perFleet}::int) RETURNING id),
         numbered AS (SELECT id AS actor, row_number() OVER (ORDER BY id) - 1 AS i FROM new_actor)
    INSERT INTO device (actor, uuid, device_name, belongs_to__application, is_of__device_type, os_version, os_variant, supervisor_version, status)
    SELECT n.actor, md5(${tag} || 'device' || n.i), 'dev-' || substr(md5(${tag} || 'name' || n.i), 1, 10), f.id,
           (SELECT id FROM device_type WHERE slug = 'raspberrypi4-64'), 'balenaOS 6.0.0', 'prod', '17.0.0', 'Idle'
      FROM numbered n JOIN fleets f ON f.f = 1 + n.i / ${perFleet}`.execute(db);
  return orgId;
}

async function user(db: Db, name: string, orgId: number, orgRole: 'member' | 'administrator'): Promise<UserPrincipal> {
  const row = await sql<{ id: number; actor: number }>`
    WITH a AS (INSERT INTO actor DEFAULT VALUES RETURNING id)
    INSERT INTO "user" (actor, username, email) SELECT a.id, ${name}, ${`${name}@example.com`} FROM a RETURNING id, actor`.execute(db);
  const { id, actor } = row.rows[0]!;
  await sql`INSERT INTO organization_membership ("user", is_member_of__organization, organization_membership_role)
            SELECT ${id}, ${orgId}, id FROM organization_membership_role WHERE name = ${orgRole}`.execute(db);
  return { kind: 'user', actorId: actor, userId: id, username: name, email: `${name}@example.com`, via: 'jwt' };
}

async function seed(db: Db, o: PermissionReadsOptions): Promise<{ member: UserPrincipal; admin: UserPrincipal; orgId: number; seedMs: number }> {
  const start = Date.now();
  const orgId = await seedOrganization(db, 'granted', o.fleets, o.devicesPerFleet);
  await seedOrganization(db, 'other', o.fleets, o.devicesPerFleet);
  const admin = await user(db, 'bench_admin', orgId, 'administrator');
  const member = await user(db, 'bench_member', orgId, 'member');
  // The member's access: one team of the organization, granted developer on every fleet.
  await sql`
    WITH t AS (INSERT INTO team (name, belongs_to__organization) VALUES ('fleet crew', ${orgId}) RETURNING id),
         m AS (INSERT INTO team_membership ("user", is_member_of__team) SELECT ${member.userId}, t.id FROM t)
    INSERT INTO team_application_access (team, grants_access_to__application, application_membership_role)
    SELECT t.id, a.id, (SELECT id FROM application_membership_role WHERE name = 'developer') FROM t, application a WHERE a.organization = ${orgId}`.execute(db);
  await sql`ANALYZE`.execute(db);
  return { member, admin, orgId, seedMs: Date.now() - start };
}

export async function runPermissionReadsBench(partial: Partial<PermissionReadsOptions> = {}): Promise<PermissionReadsResult> {
  const o = { ...PERMISSION_READS_DEFAULTS, ...partial };
  const { database, drop } = await openBenchDatabase();
  try {
    const db = database.db;
    console.log(`permission-reads: ${o.fleets} fleets × ${o.devicesPerFleet} devices (twice) on ${database.kind}…`);
    const s = await seed(db, o);
    const engine = createODataEngine(registry);
    const urls = [
      { name: 'fleets page', url: `/application?$select=id,app_name,slug&$filter=organization%20eq%20${s.orgId}&$orderby=app_name%20asc&$top=50` },
      { name: 'devices page', url: `/device?$select=id,uuid,device_name,status&$expand=belongs_to__application($select=app_name)&$orderby=device_name%20asc&$top=50` },
      { name: 'devices $count', url: '/device/$count' },
    ];
    const cases: PermissionCase[] = [];
    for (const c of urls) {
      const run = async (p: UserPrincipal) => {
        const r = await engine.execute(db, p, { method: 'GET', url: c.url });
        if (r.status !== 200) throw new Error(`${c.name} as ${p.username} → ${r.status}: ${JSON.stringify(r.body)}`);
        return r.body;
      };
      // The same answer for both, or the ratio would compare different work.
      const seen = await run(s.member);
      deepStrictEqual(seen, await run(s.admin), `${c.name}: member and administrator see different rows`);
      // …and not the same nothing: every fleet and device of the organization is visible.
      const expected = c.name === 'devices $count' ? o.fleets * o.devicesPerFleet : Math.min(50, c.name === 'fleets page' ? o.fleets : o.fleets * o.devicesPerFleet);
      const d = (seen as { d: unknown }).d;
      const got = Array.isArray(d) ? d.length : d;
      if (got !== expected) throw new Error(`${c.name}: ${JSON.stringify(seen).slice(0, 200)} — expected ${expected}`);
      for (let i = 0; i < o.warmup; i++) await Promise.all([run(s.member), run(s.admin)]);
      const m: number[] = [];
      const a: number[] = [];
      for (let i = 0; i < o.iterations; i++) {
        m.push((await timed(() => run(s.member))).ms);
        a.push((await timed(() => run(s.admin))).ms);
      }
      const member = summarize(m);
      const admin = summarize(a);
      cases.push({ name: c.name, url: c.url, member, admin, ratioMedian: ratio(member.medianMs, admin.medianMs) });
    }
    return {
      name: 'permission-reads',
      options: o,
      setup: { fleets: o.fleets, devices: o.fleets * o.devicesPerFleet, seedMs: s.seedMs },
      environment: await environmentInfo(database.kind),
      cases,
    };
  } finally {
    await drop();
  }
}

export function permissionReadsRows(r: PermissionReadsResult): BenchRow[] {
  return r.cases.map((c) => ({
    workload: 'W9',
    name: `team-granted member: ${c.name}, p50`,
    figure: c.member.medianMs,
    unit: 'ms',
    ceiling: c.admin.medianMs,
    ceilingNote: 'the same URL as an organization administrator',
    ratio: c.ratioMedian,
    target: { on: 'ratio', op: '<=', value: PERMISSION_RATIO_TARGET, text: `≤ ${PERMISSION_RATIO_TARGET}× admin` },
    size: `${r.setup.fleets.toLocaleString('en-US')} fleets, ${r.setup.devices.toLocaleString('en-US')} devices`,
    sizeUnit: 'fleets',
    growth: { none: 'single run' },
    notes: [`p95 ${c.member.p95Ms.toFixed(1)} / ${c.admin.p95Ms.toFixed(1)} ms`],
  }));
}

if (isMain(import.meta.url)) {
  const result = await runPermissionReadsBench(readIntOptions(process.argv.slice(2), PERMISSION_READS_DEFAULTS));
  printRows('Permission-heavy reads (W9)', permissionReadsRows(result));
  console.log(`\nwrote ${writeResult('permission-reads', result)}`);
}
