import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type RawBuilder } from 'kysely';
import type { Principal } from '../auth/principal.ts';
import type { Database } from '../db/database.ts';
import { openTestDatabase } from '../test/harness.ts';
import { registry } from './registry.ts';
import type { ResourceDef } from './types.ts';

/**
 * Every resource definition against the real schema: each column exists, computed fields and
 * navigation joins are valid SQL, and every permission rule compiles and runs for every
 * principal kind.
 */
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => ({ database, drop } = await openTestDatabase()));
afterAll(async () => drop());

const principals: Principal[] = [
  { kind: 'anonymous' },
  { kind: 'user', actorId: 1, userId: 1, username: 'u', email: null, via: 'jwt', isSupportAgent: true },
  // Staff flags add their own role sets to permission rules (model/access/rule-builders.ts).
  { kind: 'user', actorId: 1, userId: 1, username: 'u', email: null, via: 'jwt', isAdmin: true },
  { kind: 'user', actorId: 1, userId: 1, username: 'u', email: null, via: 'jwt' },
  { kind: 'application', actorId: 2, applicationId: 1 },
  { kind: 'device', actorId: 3, deviceId: 1, applicationId: 1 },
  { kind: 'device', actorId: 4, deviceId: 2, applicationId: null },
];

function cond(c: RawBuilder<unknown> | boolean): RawBuilder<unknown> {
  return typeof c === 'boolean' ? (c ? sql`TRUE` : sql`FALSE`) : c;
}

function selectAll(def: ResourceDef): RawBuilder<unknown> {
  const cols = def.fields.map((f) =>
    f.computed ? sql`${f.computed('t')} AS ${sql.id(f.name)}` : sql`${sql.ref(`t.${f.column ?? f.name}`)} AS ${sql.id(f.name)}`,
  );
  return sql.join(cols);
}

describe('model registry', () => {
  it('resolves canonical names and long aliases', () => {
    expect(registry.get('application__has__env_var_name')?.name).toBe('application_environment_variable');
    expect(registry.get('image__is_part_of__release')?.name).toBe('release_image');
    expect(registry.get('user__has__public_key')?.name).toBe('user_public_key');
    expect(registry.get('invitee__is_invited_to__application')?.name).toBe('application_invite');
    expect(registry.get('device__installs__application__has__service_name')?.name).toBe('service_install');
    expect(registry.get('nope')).toBeUndefined();
  });

  it('points every foreign key and navigation at a registered resource', () => {
    for (const def of registry.all()) {
      for (const f of def.fields) if (f.type === 'ForeignKey') expect(registry.get(f.references!), `${def.name}.${f.name}`).toBeDefined();
      for (const n of def.navs ?? []) expect(registry.get(n.target), `${def.name}.${n.name}`).toBeDefined();
    }
  });

  it('never exposes password, key or secret columns', () => {
    const secret = /^(password_hash|key_hash|jwt_secret|api_secret|totp_secret|token|client_secret_hash)$/;
    for (const def of registry.all()) {
      for (const f of def.fields) if (secret.test(f.name)) expect(f.hidden, `${def.name}.${f.name}`).toBe(true);
    }
  });

  it('selects every field (computed included) of every resource', async () => {
    for (const def of registry.all()) {
      await expect(sql`SELECT ${selectAll(def)} FROM ${sql.table(def.table)} AS t LIMIT 1`.execute(database.db), def.name).resolves.toBeDefined();
    }
  });

  it('joins every navigation', async () => {
    for (const def of registry.all()) {
      for (const nav of def.navs ?? []) {
        const target = registry.get(nav.target)!;
        const q = sql`SELECT count(*)::int AS n FROM ${sql.table(def.table)} AS p JOIN ${sql.table(target.table)} AS c ON ${nav.on('p', 'c')}`;
        await expect(q.execute(database.db), `${def.name}.${nav.name}`).resolves.toBeDefined();
      }
    }
  });

  it('compiles every permission rule for every principal kind', async () => {
    for (const def of registry.all()) {
      for (const verb of ['read', 'create', 'update', 'delete'] as const) {
        const rule = def.permissions[verb];
        if (!rule) continue;
        for (const p of principals) {
          const q = sql`SELECT count(*)::int AS n FROM ${sql.table(def.table)} AS t WHERE ${cond(rule('t', p))}`;
          await expect(q.execute(database.db), `${def.name}.${verb} for ${p.kind}`).resolves.toBeDefined();
        }
      }
    }
  });

  it('compiles every field read rule for every principal kind, on read-only nullable fields only', async () => {
    for (const def of registry.all()) {
      for (const f of def.fields) {
        if (!f.readRule) continue;
        // NULL is what a reader the rule refuses gets: the field must be able to be NULL, and never written.
        expect(f.nullable && !f.writable && !f.hidden, `${def.name}.${f.name}`).toBe(true);
        for (const p of principals) {
          const q = sql`SELECT count(*)::int AS n FROM ${sql.table(def.table)} AS t WHERE ${cond(f.readRule('t', p))}`;
          await expect(q.execute(database.db), `${def.name}.${f.name} for ${p.kind}`).resolves.toBeDefined();
        }
      }
    }
  });

  it('lets the system principal do everything', () => {
    for (const def of registry.all()) {
      for (const verb of ['read', 'create', 'update', 'delete'] as const) {
        const rule = def.permissions[verb];
        if (rule) expect(rule('t', { kind: 'system' }), `${def.name}.${verb}`).toBe(true);
      }
    }
  });
});
