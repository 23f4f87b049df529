import { randomBytes } from 'node:crypto';
import { ORGANIZATION_HANDLE_PATTERN, organizationHandleFromName } from '@flotilla/core/fleet-name';
import { NAME_ALREADY_USED, validateLogoImage, validateOrganizationName } from '@flotilla/core/organization-rules';
import type { Db } from '../db/database.ts';
import { badRequest, conflict, unauthorized } from '../lib/errors.ts';
import type { ResourceHooks, Values } from '../model/types.ts';
import { callerHoldsOrgPermission } from './caller-permission.ts';
import { rejectChanged } from './member-lookup.ts';
import {
  addOrganizationMember,
  countFleets,
  findMembershipOrganizations,
  getOrganizationRoleId,
  isHandleTaken,
  orgsLosingLastAdmin,
  removeMembershipGrants,
  userHasOrganizationNamed,
} from './organization.repository.ts';

export const LAST_ADMIN_MESSAGE = 'errors.cannot_delete_last_organization_admin';
const HANDLE_CHARACTERS = 'The handle may only contain lower-case letters, digits, hyphens and underscores';

function requireOrganizationName(name: unknown): string {
  const error = validateOrganizationName(name);
  if (error) throw badRequest(error);
  return (name as string).trim();
}

function checkLogo(values: Values): void {
  if (!('logo_image' in values)) return;
  const error = validateLogoImage(values.logo_image);
  if (error) throw badRequest(error);
}

/** A free handle: `base` itself, else `base_<random hex>` (handles are globally unique). */
export async function freeHandle(db: Db, base: string): Promise<string> {
  let handle = base;
  while (await isHandleTaken(db, handle)) handle = `${base}_${randomBytes(3).toString('hex')}`;
  return handle;
}

/**
 * Organizations (accounts spec §5, compat §6.3): handle derived from the name when missing,
 * names unique among the creator's organizations, logo a png/jpeg data URL of at most
 * 1,000,000 bytes, the creator becomes administrator.
 */
export const organizationHooks: ResourceHooks = {
  async beforeCreate(values: Values, ctx) {
    const name = requireOrganizationName(values.name);
    checkLogo(values);
    const out: Values = { ...values, name };
    if (ctx.principal.kind === 'user' && (await userHasOrganizationNamed(ctx.db, ctx.principal.userId, name))) {
      throw conflict(NAME_ALREADY_USED);
    }
    if (out.handle != null) {
      if (typeof out.handle !== 'string' || !ORGANIZATION_HANDLE_PATTERN.test(out.handle)) throw badRequest(HANDLE_CHARACTERS);
      if (await isHandleTaken(ctx.db, out.handle)) throw conflict('"handle" must be unique.');
    } else {
      out.handle = await freeHandle(ctx.db, organizationHandleFromName(name) || 'org');
    }
    return out;
  },
  async afterCreate(row, ctx) {
    if (ctx.principal.kind === 'user') await addOrganizationMember(ctx.db, ctx.principal.userId, row.id, 'administrator');
  },
  // `ids` are only rows the caller may update (the engine filters by the update rule first).
  async beforeUpdate(patch: Values, ids: number[], ctx) {
    const out: Values = { ...patch };
    checkLogo(out);
    if ('name' in out) {
      out.name = requireOrganizationName(out.name);
      if (ctx.principal.kind === 'user') {
        for (const id of ids) {
          if (await userHasOrganizationNamed(ctx.db, ctx.principal.userId, out.name as string, id)) throw conflict(NAME_ALREADY_USED);
        }
      }
    }
    if ('handle' in out) {
      if (typeof out.handle !== 'string' || !ORGANIZATION_HANDLE_PATTERN.test(out.handle)) throw badRequest(HANDLE_CHARACTERS);
      if (ids.length > 1) throw badRequest('Handles are changed one organization at a time');
      if (await isHandleTaken(ctx.db, out.handle, ids[0])) throw conflict('"handle" must be unique.');
    }
    return out;
  },
  async beforeDelete(ids: number[], ctx) {
    if ((await countFleets(ctx.db, ids)) > 0) throw conflict('Delete or transfer the fleets of this organization first');
  },
};

/**
 * Organization memberships: the last administrator can neither leave, be removed nor be
 * demoted (accounts §6); a membership never moves to another user or organization; removing
 * one removes the user's team memberships and fleet roles in that organization.
 */
export const membershipHooks: ResourceHooks = {
  async beforeUpdate(patch: Values, ids: number[], ctx) {
    rejectChanged(patch, ['user', 'is_member_of__organization'], 'organization_membership');
    // The update rule also passes an administrator's own row once demoted to member (so they
    // can step down); that state must not let a member edit their own row: role changes need
    // resin.organization_membership.update before the change.
    for (const org of await findMembershipOrganizations(ctx.db, ids)) {
      if (!(await callerHoldsOrgPermission(ctx, 'resin.organization_membership.update', org))) throw unauthorized();
    }
    if ('organization_membership_role' in patch) {
      const adminRole = await getOrganizationRoleId(ctx.db, 'administrator');
      if (patch.organization_membership_role !== adminRole && (await orgsLosingLastAdmin(ctx.db, ids)).length > 0) throw conflict(LAST_ADMIN_MESSAGE);
    }
    return patch;
  },
  async beforeDelete(ids: number[], ctx) {
    if ((await orgsLosingLastAdmin(ctx.db, ids)).length > 0) throw conflict(LAST_ADMIN_MESSAGE);
    // Leaving (or being removed) takes the organization's teams and fleets with it.
    await removeMembershipGrants(ctx.db, ids);
  },
};
