import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type { Principal } from '../auth/principal.ts';
import type { Db } from '../db/database.ts';
import { createPglitePool } from '../db/pool.ts';
import { badRequest } from '../lib/errors.ts';
import type { ResourceDef, ResourceRegistry, RowRule } from '../model/types.ts';

/**
 * Test support only: a small balena-shaped model (orgs, fleets, releases, devices, tags,
 * env vars, services) with its own tables on an in-memory PGlite, so the engine's tests do
 * not depend on the real registry. Access: a user reads/writes what their organisations
 * own; public fleets are readable by anyone (including anonymous) but not writable.
 */
const SCHEMA = `
CREATE TABLE "user" (id serial PRIMARY KEY, username text NOT NULL UNIQUE, password_hash text);
CREATE TABLE organization (id serial PRIMARY KEY, created_at timestamptz NOT NULL DEFAULT now(), name text NOT NULL, handle text NOT NULL UNIQUE);
CREATE TABLE organization_membership (id serial PRIMARY KEY, "user" int NOT NULL REFERENCES "user"(id), is_member_of__organization int NOT NULL REFERENCES organization(id), UNIQUE ("user", is_member_of__organization));
CREATE TABLE cpu_architecture (id serial PRIMARY KEY, slug text NOT NULL UNIQUE);
CREATE TABLE device_type (id serial PRIMARY KEY, slug text NOT NULL UNIQUE, name text NOT NULL, contract jsonb, is_of__cpu_architecture int REFERENCES cpu_architecture(id));
CREATE TABLE application (id serial PRIMARY KEY, created_at timestamptz NOT NULL DEFAULT now(), app_name text NOT NULL, slug text NOT NULL UNIQUE,
  organization int NOT NULL REFERENCES organization(id), is_for__device_type int REFERENCES device_type(id), is_public boolean NOT NULL DEFAULT false,
  is_accessible_by_support_until__date timestamptz, should_be_running__release int);
CREATE TABLE release (id serial PRIMARY KEY, created_at timestamptz NOT NULL DEFAULT now(), commit text NOT NULL, status text NOT NULL DEFAULT 'running',
  belongs_to__application int NOT NULL REFERENCES application(id) ON DELETE CASCADE, is_final boolean NOT NULL DEFAULT false, composition jsonb, image_size bigint, score real);
ALTER TABLE application ADD FOREIGN KEY (should_be_running__release) REFERENCES release(id);
CREATE TABLE device (id serial PRIMARY KEY, created_at timestamptz NOT NULL DEFAULT now(), uuid text NOT NULL UNIQUE, device_name text NOT NULL,
  note text, is_online boolean NOT NULL DEFAULT false, belongs_to__application int REFERENCES application(id), is_of__device_type int REFERENCES device_type(id),
  is_pinned_on__release int REFERENCES release(id), is_running__release int REFERENCES release(id), api_secret text);
CREATE TABLE device_tag (id serial PRIMARY KEY, device int NOT NULL REFERENCES device(id) ON DELETE CASCADE, tag_key text NOT NULL, value text NOT NULL DEFAULT '', UNIQUE (device, tag_key));
CREATE TABLE app_env_var (id serial PRIMARY KEY, created_at timestamptz NOT NULL DEFAULT now(), application int NOT NULL REFERENCES application(id) ON DELETE CASCADE,
  name text NOT NULL, value text NOT NULL, UNIQUE (application, name));
CREATE TABLE service (id serial PRIMARY KEY, application int NOT NULL REFERENCES application(id) ON DELETE CASCADE, service_name text NOT NULL, UNIQUE (application, service_name));
CREATE TABLE service_install (id serial PRIMARY KEY, device int NOT NULL REFERENCES device(id) ON DELETE CASCADE, service int NOT NULL REFERENCES service(id) ON DELETE CASCADE, UNIQUE (device, service));
CREATE TABLE hook_log (id serial PRIMARY KEY, entry text NOT NULL);
`;

const ref = (alias: string, col: string) => sql.ref(`${alias}.${col}`);
const userId = (p: Principal) => (p.kind === 'user' ? p.userId : -1);

/** The caller is a member of the organisation whose id is `orgExpr`. */
const memberOf = (orgExpr: ReturnType<typeof ref>, p: Principal) =>
  sql`EXISTS (SELECT 1 FROM organization_membership om WHERE om.is_member_of__organization = ${orgExpr} AND om."user" = ${userId(p)})`;

const appMember: RowRule = (a, p) => (p.kind === 'user' ? memberOf(ref(a, 'organization'), p) : false);
const appRead: RowRule = (a, p) => (p.kind === 'user' ? sql`(${ref(a, 'is_public')} OR ${memberOf(ref(a, 'organization'), p)})` : sql`${ref(a, 'is_public')}`);
/** A row owned through a fleet column: rule of the fleet. */
const viaApp =
  (col: string, rule: RowRule): RowRule =>
  (a, p) => {
    const r = rule('pa', p);
    if (typeof r === 'boolean') return r;
    return sql`EXISTS (SELECT 1 FROM application pa WHERE pa.id = ${ref(a, col)} AND ${r})`;
  };
const viaDevice =
  (rule: RowRule): RowRule =>
  (a, p) => {
    const r = viaApp('belongs_to__application', rule)('pd', p);
    if (typeof r === 'boolean') return r;
    return sql`EXISTS (SELECT 1 FROM device pd WHERE pd.id = ${ref(a, 'device')} AND ${r})`;
  };
const all = (rule: RowRule) => ({ read: rule, create: rule, update: rule, delete: rule });

const id = { name: 'id', type: 'Serial' } as const;
const createdAt = { name: 'created_at', type: 'Date Time' } as const;
const log = (db: Db, entry: string) => sql`INSERT INTO hook_log (entry) VALUES (${entry})`.execute(db);

export const fixtureResources: ResourceDef[] = [
  {
    name: 'user',
    table: 'user',
    fields: [id, { name: 'username', type: 'Short Text', writable: true, required: true }, { name: 'password_hash', type: 'Text', hidden: true }],
    naturalKeys: [['username']],
    permissions: { read: (a, p) => sql`${ref(a, 'id')} = ${userId(p)}` },
  },
  {
    name: 'organization',
    table: 'organization',
    fields: [id, createdAt, { name: 'name', type: 'Short Text', writable: true, required: true }, { name: 'handle', type: 'Short Text', writable: true, required: true }],
    navs: [
      { name: 'organization_membership', target: 'organization_membership', cardinality: 'many', on: (pa, c) => sql`${ref(c, 'is_member_of__organization')} = ${ref(pa, 'id')}` },
      { name: 'application', target: 'application', cardinality: 'many', on: (pa, c) => sql`${ref(c, 'organization')} = ${ref(pa, 'id')}` },
    ],
    naturalKeys: [['handle']],
    permissions: { read: (a, p) => memberOf(ref(a, 'id'), p), create: (_a, p) => p.kind === 'user', update: (a, p) => memberOf(ref(a, 'id'), p) },
  },
  {
    name: 'organization_membership',
    aliases: ['user__is_member_of__organization'],
    table: 'organization_membership',
    fields: [
      id,
      { name: 'user', type: 'ForeignKey', references: 'user' },
      { name: 'is_member_of__organization', type: 'ForeignKey', references: 'organization', aliases: ['organization'] },
    ],
    permissions: { read: (a, p) => sql`${ref(a, 'user')} = ${userId(p)}` },
  },
  {
    name: 'cpu_architecture',
    table: 'cpu_architecture',
    fields: [id, { name: 'slug', type: 'Short Text' }],
    permissions: { read: () => true },
  },
  {
    name: 'device_type',
    table: 'device_type',
    fields: [
      id,
      { name: 'slug', type: 'Short Text' },
      { name: 'name', type: 'Short Text' },
      { name: 'contract', type: 'JSON', nullable: true },
      { name: 'is_of__cpu_architecture', type: 'ForeignKey', references: 'cpu_architecture' },
    ],
    naturalKeys: [['slug']],
    permissions: { read: () => true },
  },
  {
    name: 'application',
    table: 'application',
    fields: [
      id,
      createdAt,
      { name: 'app_name', type: 'Text', writable: true, required: true },
      { name: 'slug', type: 'Short Text', writable: true },
      { name: 'organization', type: 'ForeignKey', references: 'organization', writable: true, required: true },
      { name: 'is_for__device_type', type: 'ForeignKey', references: 'device_type', writable: true },
      { name: 'is_public', type: 'Boolean', writable: true },
      { name: 'is_accessible_by_support_until__date', type: 'Date Time', writable: true, nullable: true },
      { name: 'should_be_running__release', type: 'ForeignKey', references: 'release', writable: true, nullable: true },
    ],
    navs: [
      { name: 'owns__device', target: 'device', cardinality: 'many', on: (pa, c) => sql`${ref(c, 'belongs_to__application')} = ${ref(pa, 'id')}` },
      { name: 'owns__release', target: 'release', cardinality: 'many', on: (pa, c) => sql`${ref(c, 'belongs_to__application')} = ${ref(pa, 'id')}` },
      {
        name: 'application_environment_variable',
        aliases: ['application__has__env_var_name'],
        target: 'application_environment_variable',
        cardinality: 'many',
        on: (pa, c) => sql`${ref(c, 'application')} = ${ref(pa, 'id')}`,
      },
      { name: 'service', target: 'service', cardinality: 'many', on: (pa, c) => sql`${ref(c, 'application')} = ${ref(pa, 'id')}` },
      {
        name: 'is_directly_accessible_by__user',
        target: 'user',
        cardinality: 'many',
        on: (pa, c) => sql`EXISTS (SELECT 1 FROM organization_membership m WHERE m."user" = ${ref(c, 'id')} AND m.is_member_of__organization = ${ref(pa, 'organization')})`,
      },
    ],
    naturalKeys: [['slug']],
    permissions: { read: appRead, create: appMember, update: appMember, delete: appMember },
    hooks: {
      async beforeCreate(values, { db }) {
        if (values.slug !== undefined) return values;
        const org = await sql<{ handle: string }>`SELECT handle FROM organization WHERE id = ${values.organization as number}`.execute(db);
        const handle = org.rows[0]?.handle;
        if (!handle) throw badRequest('Unknown organization');
        return { ...values, slug: `${handle}/${String(values.app_name).toLowerCase()}` };
      },
      async afterCreate(row, { db }) {
        await log(db, `created application ${row.id}`);
      },
    },
  },
  {
    name: 'release',
    table: 'release',
    fields: [
      id,
      createdAt,
      { name: 'commit', type: 'Short Text', writable: true, required: true },
      { name: 'status', type: 'Short Text', writable: true },
      { name: 'belongs_to__application', type: 'ForeignKey', references: 'application', writable: true, required: true },
      { name: 'is_final', type: 'Boolean', writable: true },
      { name: 'composition', type: 'JSON', writable: true, nullable: true },
      { name: 'image_size', type: 'Big Integer', writable: true, nullable: true },
      { name: 'score', type: 'Real', writable: true, nullable: true },
    ],
    permissions: { ...all(viaApp('belongs_to__application', appMember)), read: viaApp('belongs_to__application', appRead) },
  },
  {
    name: 'device',
    table: 'device',
    fields: [
      id,
      createdAt,
      { name: 'uuid', type: 'Short Text', writable: true },
      { name: 'device_name', type: 'Text', writable: true },
      { name: 'note', type: 'Text', writable: true, nullable: true },
      { name: 'is_online', type: 'Boolean', writable: true },
      { name: 'belongs_to__application', type: 'ForeignKey', references: 'application', writable: true, nullable: true },
      { name: 'is_of__device_type', type: 'ForeignKey', references: 'device_type', writable: true },
      { name: 'is_pinned_on__release', type: 'ForeignKey', references: 'release', writable: true, nullable: true },
      { name: 'is_running__release', type: 'ForeignKey', references: 'release', nullable: true },
      { name: 'api_secret', type: 'Text', hidden: true },
      {
        name: 'overall_status',
        type: 'Short Text',
        computed: (a) => sql`CASE WHEN ${ref(a, 'is_online')} THEN 'idle' ELSE 'offline' END`,
      },
    ],
    navs: [
      { name: 'device_tag', target: 'device_tag', cardinality: 'many', on: (pa, c) => sql`${ref(c, 'device')} = ${ref(pa, 'id')}` },
      { name: 'service_install', target: 'service_install', cardinality: 'many', on: (pa, c) => sql`${ref(c, 'device')} = ${ref(pa, 'id')}` },
    ],
    naturalKeys: [['uuid']],
    permissions: { ...all(viaApp('belongs_to__application', appMember)), read: viaApp('belongs_to__application', appRead) },
    hooks: {
      beforeCreate: (values) => ({ uuid: `u${Math.random().toString(16).slice(2)}`, device_name: 'unnamed', ...values }),
      async beforeUpdate(patch, ids, { db }) {
        await log(db, `update device ${ids.join(',')}`);
        // A fleet move clears the release pin (compat Appendix A).
        return 'belongs_to__application' in patch ? { ...patch, is_pinned_on__release: null } : patch;
      },
      async afterUpdate(ids, _patch, { db }) {
        await log(db, `updated device ${ids.join(',')}`);
      },
      async beforeDelete(ids, { db }) {
        await log(db, `delete device ${ids.join(',')}`);
      },
    },
  },
  {
    name: 'device_tag',
    aliases: ['device__has__tag_key'],
    table: 'device_tag',
    fields: [
      id,
      { name: 'device', type: 'ForeignKey', references: 'device', writable: true, required: true },
      { name: 'tag_key', type: 'Short Text', writable: true, required: true },
      { name: 'value', type: 'Text', writable: true },
    ],
    naturalKeys: [['device', 'tag_key']],
    permissions: { ...all(viaDevice(appMember)), read: viaDevice(appRead) },
  },
  {
    name: 'application_environment_variable',
    aliases: ['application__has__env_var_name'],
    table: 'app_env_var',
    fields: [
      id,
      createdAt,
      { name: 'application', type: 'ForeignKey', references: 'application', writable: true, required: true },
      { name: 'name', type: 'Short Text', writable: true, required: true },
      { name: 'value', type: 'Text', writable: true, required: true },
    ],
    naturalKeys: [['application', 'name']],
    permissions: all(viaApp('application', appMember)),
  },
  {
    name: 'service',
    aliases: ['application__has__service_name'],
    table: 'service',
    fields: [
      id,
      { name: 'application', type: 'ForeignKey', references: 'application', writable: true, required: true },
      { name: 'service_name', type: 'Short Text', writable: true, required: true },
    ],
    naturalKeys: [['application', 'service_name']],
    permissions: { ...all(viaApp('application', appMember)), read: viaApp('application', appRead) },
  },
  {
    name: 'service_install',
    table: 'service_install',
    fields: [
      id,
      { name: 'device', type: 'ForeignKey', references: 'device' },
      { name: 'installs__service', column: 'service', type: 'ForeignKey', references: 'service', aliases: ['service'] },
    ],
    naturalKeys: [['device', 'installs__service']],
    permissions: { read: viaDevice(appRead) },
  },
];

export function fixtureRegistry(resources: ResourceDef[] = fixtureResources): ResourceRegistry {
  const byName = new Map<string, ResourceDef>();
  for (const r of resources) for (const n of [r.name, ...(r.aliases ?? [])]) byName.set(n, r);
  return { get: (n) => byName.get(n), all: () => resources };
}

export async function openFixtureDb(): Promise<{ db: Db; close(): Promise<void> }> {
  const pg = new PGlite();
  await pg.waitReady;
  const db: Db = new Kysely({ dialect: new PostgresDialect({ pool: createPglitePool(pg) as never }) });
  await sql.raw(SCHEMA).execute(db);
  return { db, close: () => db.destroy() };
}

export const userPrincipal = (uid: number): Principal => ({ kind: 'user', actorId: uid + 1000, userId: uid, username: `u${uid}`, email: null, via: 'jwt' });
