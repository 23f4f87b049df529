import { sql, type RawBuilder } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { rolesWithPermission, STAFF_ROLES } from '@flotilla/core/roles';
import { and, or, userFleetPermission, userHasFleetInOrg, userOrgPermission, type PermissionHolder } from './rule-builders.ts';
import { compileOnlyDb } from '../../test/compile-only-db.ts';

/** The SQL shape of permission checks (what they grant is proven in rule-builders.int.test.ts). */
const db: Db = compileOnlyDb;
const text = (c: RawBuilder<unknown> | boolean) => (typeof c === 'boolean' ? c : sql`SELECT ${c}`.compile(db).sql);
const fleet = sql.ref('t0.belongs_to__application');
const member: PermissionHolder = { userId: 7 };

describe('userFleetPermission', () => {
  it('is one array of the membership set function for a member, built once per statement', () => {
    const c = userFleetPermission(member, 'resin.device.read', fleet);
    const s = text(c);
    const memberRoles = rolesWithPermission('resin.device.read').filter((r) => !(STAFF_ROLES as readonly string[]).includes(r));
    expect(s).toBe(
      `SELECT "t0"."belongs_to__application" = ANY (ARRAY(SELECT m.id FROM fleet_ids_with_role($1, ARRAY[${memberRoles.map((_, i) => `$${i + 2}`).join(', ')}]::text[]) AS m(id)))`,
    );
    expect(typeof c !== 'boolean' && sql`SELECT ${c}`.compile(db).parameters).toEqual([7, ...memberRoles]);
    expect(s).not.toContain('EXISTS');
    expect(s).not.toContain('user_application_role');
    expect(s).not.toContain('support');
    expect(s).not.toContain('balena_admin');
  });

  it('adds the support and platform sets only for flagged principals', () => {
    const support = text(userFleetPermission({ ...member, isSupportAgent: true }, 'resin.device.read', fleet));
    expect(support).toContain('OR "t0"."belongs_to__application" IN (SELECT sa.id FROM application sa WHERE sa.is_accessible_by_support_until__date > now()))');
    expect(support).not.toContain('application aa');
    const admin = text(userFleetPermission({ ...member, isAdmin: true }, 'resin.device.read', fleet));
    expect(admin).toContain('IN (SELECT aa.id FROM application aa)');
    expect(admin).not.toContain('application sa');
  });

  it('gives support agents nothing their role lacks (support_agent cannot delete fleets)', () => {
    expect(text(userFleetPermission({ ...member, isSupportAgent: true }, 'resin.application.delete', fleet))).not.toContain('application sa');
  });

  it('is FALSE for a permission no role grants', () => {
    expect(userFleetPermission({ ...member, isAdmin: true }, 'resin.no_such.thing', fleet)).toBe(false);
  });
});

describe('userOrgPermission / userHasFleetInOrg', () => {
  const org = sql.ref('t0.id');
  it('reads the organization set function, and every organization only for platform admins', () => {
    const s = text(userOrgPermission(member, 'resin.organization.read', org));
    expect(s).toContain('"t0"."id" = ANY (ARRAY(SELECT m.id FROM organization_ids_with_role($1, ARRAY[');
    expect(s).not.toContain('organization ao');
    expect(text(userOrgPermission({ ...member, isAdmin: true }, 'resin.organization.read', org))).toContain('OR "t0"."id" IN (SELECT ao.id FROM organization ao))');
  });

  it('maps the fleets the user holds any role on to their organizations', () => {
    const s = text(userHasFleetInOrg(member, org));
    expect(s).toBe('SELECT "t0"."id" IN (SELECT fa.organization FROM application fa WHERE "fa"."id" = ANY (ARRAY(SELECT m.id FROM fleet_ids_with_role($1, NULL) AS m(id))))');
  });
});

describe('or / and', () => {
  const x = sql`x`;
  it('fold constants', () => {
    expect(or(false, true)).toBe(true);
    expect(or(false, false)).toBe(false);
    expect(and(true, false)).toBe(false);
    expect(and(true, true)).toBe(true);
    expect(or(false, x)).toBe(x);
    expect(text(and(x, x, true))).toBe('SELECT (x AND x)');
  });
});
