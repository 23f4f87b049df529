import { applicationTypeAvailability } from '@flotilla/core/application-type-change';
import { FLEET_CHANGE_ERRORS, SUPPORT_ACCESS_CLOCK_LEEWAY_MS, TYPE_CHANGE_ERRORS } from '@flotilla/core/fleet-change-messages';
import { assertOrganizationCanGrow } from '../billing/frozen-organization.ts';
import { AppError, badRequest, conflict, forbidden } from '../lib/errors.ts';
import { callerHoldsOrgPermission } from '../organizations/caller-permission.ts';
import type { Values, WriteContext } from '../model/types.ts';
import { getApplicationType, getLatestTrackableRelease, getTypeChangeFacts, type FleetRow } from './application.repository.ts';

/**
 * The rules of a fleet change that look at other rows (fleets spec §4–5), run by the
 * application beforeUpdate hook after the engine has checked the caller's permissions on the
 * fleet (resin.application.update, and the change rules of `organization` and
 * `application_type`). Architecture of a new default device type: a reference rule
 * (model/access/reference-rules.ts, fleetDeviceTypeOfSameArchitecture).
 */

/**
 * Support access until a date no earlier than now (spec §5 "Support access date"); null
 * revokes. Values reach the hook as ISO strings (odata/write-values.ts accepts epoch ms too).
 */
export function checkSupportAccessDate(values: Values, now = Date.now()): void {
  const until = values.is_accessible_by_support_until__date;
  if (until === undefined || until === null) return;
  const time = new Date(until as string).getTime();
  if (time < now - SUPPORT_ACCESS_CLOCK_LEEWAY_MS) throw badRequest(FLEET_CHANGE_ERRORS.supportAccessPast.message, FLEET_CHANGE_ERRORS.supportAccessPast.code);
}

/**
 * A transfer to another organization (spec §5 "Fleet changes"): the caller may create fleets
 * there (checked first, so the answers below never describe an organization the caller has no
 * say in), the fleet has no devices (they would change organization and billing with it), and
 * no application there has the same name (409 unique, below in the hook).
 */
export async function checkTransfer(ctx: WriteContext, fleet: FleetRow, organizationId: number): Promise<void> {
  if (organizationId === fleet.organization) return;
  if (!(await callerHoldsOrgPermission(ctx, 'resin.application.create', organizationId))) {
    throw forbidden(FLEET_CHANGE_ERRORS.transferTarget.message, FLEET_CHANGE_ERRORS.transferTarget.code);
  }
  if (fleet.device_count > 0) throw conflict(FLEET_CHANGE_ERRORS.transferWithDevices.message, FLEET_CHANGE_ERRORS.transferWithDevices.code);
  await assertOrganizationCanGrow(ctx.db, { organizationId });
}

/**
 * An application type change (spec §4 "Fleet type change availability"): only a type whose
 * availability is ok. Legacy types are not offered any more: they count as discontinued.
 */
export async function checkTypeChange(ctx: WriteContext, fleet: FleetRow, typeId: number, deviceTypeId: number): Promise<void> {
  if (typeId === fleet.application_type) return;
  await checkTypeAvailable(ctx, fleet, typeId, deviceTypeId);
}

/**
 * A fleet being created with a type of its choosing gets the same availability rule (a client
 * could otherwise create straight into a paid-only type); it has no services yet (id 0 has none).
 */
export async function checkNewFleetType(ctx: WriteContext, organizationId: number, typeId: number, deviceTypeId: number): Promise<void> {
  await checkTypeAvailable(ctx, { id: 0, organization: organizationId }, typeId, deviceTypeId);
}

async function checkTypeAvailable(ctx: WriteContext, fleet: { id: number; organization: number }, typeId: number, deviceTypeId: number): Promise<void> {
  const type = await getApplicationType(ctx.db, typeId);
  if (!type) throw badRequest('Unknown application type');
  const availability = type.is_legacy
    ? 'noVersionDiscontinued'
    : applicationTypeAvailability(type, await getTypeChangeFacts(ctx.db, fleet, deviceTypeId));
  if (availability !== 'ok') {
    const { code, message } = TYPE_CHANGE_ERRORS[availability];
    throw new AppError(400, message, code);
  }
}

/**
 * Choosing "track latest" (spec §4 "Fleet release targeting": it resets a pin): when the body
 * does not name the target itself (balena-sdk trackLatestRelease does), the fleet's newest
 * final successful release becomes the target, or it stays as it is when there is none.
 */
export async function trackLatest(ctx: WriteContext, out: Values, fleetId: number): Promise<void> {
  if (out.should_track_latest_release !== true || 'should_be_running__release' in out) return;
  const latest = await getLatestTrackableRelease(ctx.db, fleetId);
  if (latest !== undefined) out.should_be_running__release = latest;
}

export const renameLegacyError = () => badRequest(FLEET_CHANGE_ERRORS.renameLegacy.message, FLEET_CHANGE_ERRORS.renameLegacy.code);
