import { randomBytes } from 'node:crypto';
import { ORGANIZATION_HANDLE_PATTERN, organizationHandleFromName } from '@flotilla/core/fleet-name';
import { badRequest, conflict } from '../lib/errors.ts';
import type { ResourceHooks, Values } from '../model/types.ts';
import {
  addOrganizationMember,
  countFleets,
  getOrganizationRoleId,
  isHandleTaken,
  orgsLosingLastAdmin,
  userHasOrganizationNamed,
} from './organization.repository.ts';

export const LAST_ADMIN_MESSAGE = 'errors.cannot_delete_last_organization_admin';

function requireName(name: unknown, what: string): string {
  if (typeof name !== 'string' || name.trim() === '') throw badRequest(`${what} name is required`);
  return name.trim();
}

/**
 * Organizations (accounts spec §5, compat §6.3): handle derived from the name when missing,
 * names unique among the creator's organizations, the creator becomes administrator.
 */
export const organizationHooks: ResourceHooks = {
  async beforeCreate(values: Values, ctx) {
    const name = requireName(values.name, 'Organization');
    const out: Values = { ...values, name };
    if (ctx.principal.kind === 'user' && (await userHasOrganizationNamed(ctx.db, ctx.principal.userId, name))) {
      throw conflict('"name" must be unique.');
    }
    if (out.handle != null) {
      if (typeof out.handle !== 'string' || !ORGANIZATION_HANDLE_PATTERN.test(out.handle)) {
        throw badRequest('The handle may only contain lower-case letters, digits, hyphens and underscores');
      }
      if (await isHandleTaken(ctx.db, out.handle)) throw conflict('"handle" must be unique.');
    } else {
      // A derived handle takes a suffix when the plain one is taken.
      const base = organizationHandleFromName(name) || 'org';
      let handle = base;
      while (await isHandleTaken(ctx.db, handle)) handle = `${base}_${randomBytes(3).toString('hex')}`;
      out.handle = handle;
    }
    return out;
  },
  async afterCreate(row, ctx) {
    if (ctx.principal.kind === 'user') await addOrganizationMember(ctx.db, ctx.principal.userId, row.id, 'administrator');
  },
  async beforeUpdate(patch: Values, ids: number[], ctx) {
    const out: Values = { ...patch };
    if ('name' in out) {
      out.name = requireName(out.name, 'Organization');
      if (ctx.principal.kind === 'user') {
        for (const id of ids) {
          if (await userHasOrganizationNamed(ctx.db, ctx.principal.userId, out.name as string, id)) throw conflict('"name" must be unique.');
        }
      }
    }
    if ('handle' in out) {
      if (typeof out.handle !== 'string' || !ORGANIZATION_HANDLE_PATTERN.test(out.handle)) {
        throw badRequest('The handle may only contain lower-case letters, digits, hyphens and underscores');
      }
      if (ids.length > 1) throw badRequest('Handles are changed one organization at a time');
      if (await isHandleTaken(ctx.db, out.handle, ids[0])) throw conflict('"handle" must be unique.');
    }
    return out;
  },
  async beforeDelete(ids: number[], ctx) {
    if ((await countFleets(ctx.db, ids)) > 0) throw conflict('Delete or transfer the fleets of this organization first');
  },
};

/** Organization memberships: the last administrator can neither leave nor be demoted (accounts §6). */
export const membershipHooks: ResourceHooks = {
  async beforeUpdate(patch: Values, ids: number[], ctx) {
    if ('organization_membership_role' in patch) {
      const adminRole = await getOrganizationRoleId(ctx.db, 'administrator');
      const role = patch.organization_membership_role;
      const roleId = typeof role === 'object' && role !== null && '__id' in role ? (role as { __id: unknown }).__id : role;
      if (roleId !== adminRole && (await orgsLosingLastAdmin(ctx.db, ids)).length > 0) throw conflict(LAST_ADMIN_MESSAGE);
    }
    return patch;
  },
  async beforeDelete(ids: number[], ctx) {
    if ((await orgsLosingLastAdmin(ctx.db, ids)).length > 0) throw conflict(LAST_ADMIN_MESSAGE);
  },
};

/** Teams: a name is required; case-insensitive uniqueness per organization is a unique index (409). */
export const teamHooks: ResourceHooks = {
  beforeCreate(values: Values) {
    return { ...values, name: requireName(values.name, 'Team') };
  },
  beforeUpdate(patch: Values) {
    return 'name' in patch ? { ...patch, name: requireName(patch.name, 'Team') } : patch;
  },
};
