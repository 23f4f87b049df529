import { randomBytes } from 'node:crypto';
import { fleetSlug, validateFleetName } from '@flotilla/core/fleet-name';
import { PUBLIC_NEEDS_REPOSITORY_URL } from '@flotilla/core/fleet-publicity';
import { repositoryUrlProblem } from '@flotilla/core/repository-url';
import { assertOrganizationCanGrow } from '../billing/frozen-organization.ts';
import { badRequest, conflict } from '../lib/errors.ts';
import { createActor } from '../model/resources/actor.repository.ts';
import type { ResourceHooks, Values, WriteContext } from '../model/types.ts';
import { getApplicationTypeId, getOrganizationHandle, isFleetNameTaken, listFleets } from './application.repository.ts';
import { checkNewFleetType, checkSupportAccessDate, checkTransfer, checkTypeChange, renameLegacyError, trackLatest } from './fleet-changes.ts';

export const DEFAULT_APPLICATION_TYPE = 'microservices';
export const FLEET_CLASSES = ['fleet', 'block', 'app'] as const;
const UUID_PATTERN = /^[0-9a-f]{32}$/;
/** 409 text: clients (pine upsert, dashboard) match /unique/i. */
export const DUPLICATE_FLEET_NAME = '"app_name" must be unique.';

function asId(value: unknown, field: string): number {
  const n = typeof value === 'object' && value !== null && '__id' in value ? (value as { __id: unknown }).__id : value;
  if (typeof n !== 'number' || !Number.isInteger(n)) throw badRequest(`Invalid ${field}`);
  return n;
}

function checkName(name: unknown): string {
  const message = validateFleetName(typeof name === 'string' ? name : undefined);
  if (message) throw badRequest(message);
  return name as string;
}

function checkClass(value: unknown): void {
  if (!(FLEET_CLASSES as readonly unknown[]).includes(value)) throw badRequest('is_of__class must be one of fleet, block, app');
}

async function slugFor(ctx: WriteContext, organizationId: number, appName: string): Promise<string> {
  const handle = await getOrganizationHandle(ctx.db, organizationId);
  if (!handle) throw badRequest('Organization not found');
  return fleetSlug(handle, appName);
}

/**
 * Making a fleet public is deliberate (fleets spec §5 "Fleet changes": "must first enter repo
 * URL"): anyone, signed in or not, can then read the fleet, its releases (composition
 * included), services, images and fleet tags — PUBLIC_FLEET_EXPOSES in packages/core says so
 * in the dashboard. Legacy fleets are exempt, as in the spec.
 */
/** The repository URL rule shared with the dashboard: http(s), no credentials (a public fleet shows it to anyone). */
function checkRepositoryUrl(values: Values): void {
  const url = values.is_stored_at__repository_url;
  if (url === undefined || url === null || url === '') return;
  if (typeof url !== 'string' || repositoryUrlProblem(url) !== null) {
    throw badRequest('The repository URL must be an http(s) address of at most 255 characters without credentials', 'invalid_repository_url');
  }
}

function assertMayBePublic(fleet: { is_legacy: boolean }, repositoryUrl: unknown): void {
  if (fleet.is_legacy) return;
  if (typeof repositoryUrl !== 'string' || repositoryUrl.trim() === '') throw badRequest(PUBLIC_NEEDS_REPOSITORY_URL, 'must_first_enter_repo_url');
}

/**
 * Application (fleet/app/block) write rules: fleets spec §5 "Fleet name", "Creating a fleet",
 * "Fleet changes"; compat §6.1 server-filled fields.
 */
export const applicationHooks: ResourceHooks = {
  async beforeCreate(values: Values, ctx) {
    if (values.app_name == null || values.organization == null || values.is_for__device_type == null) {
      throw badRequest('missing required attributes');
    }
    const appName = checkName(values.app_name);
    const organizationId = asId(values.organization, 'organization');
    const out: Values = { ...values, app_name: appName, organization: organizationId };
    await assertOrganizationCanGrow(ctx.db, { organizationId });
    if (out.is_of__class != null) checkClass(out.is_of__class);
    if (out.uuid != null && (typeof out.uuid !== 'string' || !UUID_PATTERN.test(out.uuid))) throw badRequest('Invalid uuid');
    out.uuid ??= randomBytes(16).toString('hex');
    out.slug = await slugFor(ctx, organizationId, appName);
    if (await isFleetNameTaken(ctx.db, organizationId, appName)) throw conflict(DUPLICATE_FLEET_NAME);
    if (out.application_type == null) {
      const typeId = await getApplicationTypeId(ctx.db, DEFAULT_APPLICATION_TYPE);
      if (typeId == null) throw new Error('The default application type is missing');
      out.application_type = typeId;
    } else {
      out.application_type = asId(out.application_type, 'application_type');
      // The device type's OS versions narrow the choice when it is given by id (the SDK's form).
      const deviceTypeId = typeof out.is_for__device_type === 'number' ? out.is_for__device_type : 0;
      await checkNewFleetType(ctx, organizationId, out.application_type as number, deviceTypeId);
    }
    checkRepositoryUrl(out);
    checkSupportAccessDate(out);
    if (out.is_public === true) assertMayBePublic({ is_legacy: false }, out.is_stored_at__repository_url);
    out.should_track_latest_release ??= true;
    out.is_of__class ??= 'fleet';
    out.actor = await createActor(ctx.db);
    return out;
  },

  async beforeUpdate(patch: Values, ids: number[], ctx) {
    const out: Values = { ...patch };
    if ('is_of__class' in out) checkClass(out.is_of__class);
    if ('uuid' in out && (typeof out.uuid !== 'string' || !UUID_PATTERN.test(out.uuid))) throw badRequest('Invalid uuid');
    checkRepositoryUrl(out);
    checkSupportAccessDate(out);
    // The slug follows the name and the organization; a client-sent slug is not trusted.
    delete out.slug;
    const renaming = 'app_name' in out;
    const moving = 'organization' in out;
    const retyping = out.application_type != null;
    if (renaming) out.app_name = checkName(out.app_name);
    if (moving) out.organization = asId(out.organization, 'organization');
    if (retyping) out.application_type = asId(out.application_type, 'application_type');
    if ('is_for__device_type' in out) out.is_for__device_type = asId(out.is_for__device_type, 'is_for__device_type');
    if ((renaming || moving) && ids.length > 1) throw badRequest('Fleets can be renamed or transferred one at a time');
    // The engine has checked the transfer (resin.application.transfer here, resin.application.create
    // there), the type change (resin.application.change-type) and that a pinned release is this
    // fleet's (the fields' change and reference rules); the rules below look at other rows.
    const fleets = await listFleets(ctx.db, ids);
    for (const fleet of fleets) {
      if (renaming && fleet.is_legacy && out.app_name !== fleet.app_name) throw renameLegacyError();
      if (out.is_public === true) assertMayBePublic(fleet, 'is_stored_at__repository_url' in out ? out.is_stored_at__repository_url : fleet.is_stored_at__repository_url);
      if (moving) await checkTransfer(ctx, fleet, out.organization as number);
      if (retyping) await checkTypeChange(ctx, fleet, out.application_type as number, (out.is_for__device_type as number | undefined) ?? fleet.is_for__device_type);
      const organizationId = moving ? (out.organization as number) : fleet.organization;
      const appName = renaming ? (out.app_name as string) : fleet.app_name;
      if (renaming || moving) {
        if (await isFleetNameTaken(ctx.db, organizationId, appName, fleet.id)) throw conflict(DUPLICATE_FLEET_NAME);
        out.slug = await slugFor(ctx, organizationId, appName);
      }
    }
    if (ids.length === 1) await trackLatest(ctx, out, ids[0]!);
    return out;
  },
};
