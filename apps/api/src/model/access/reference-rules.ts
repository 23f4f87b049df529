import { sql, type RawBuilder } from 'kysely';
import { ARCH_ALSO_RUNS } from '@flotilla/core/cpu-architecture';
import { ESR_MIN_MAJOR } from '@flotilla/core/os-releases';
import { OS_UPDATE_MESSAGES } from '@flotilla/core/os-update';
import { PIN_NEEDS_SUCCESSFUL_RELEASE } from '@flotilla/core/device-action-errors';
import type { ReferenceRule } from '../types.ts';
import { col, userFleetPermission, userOrgPermission } from './rule-builders.ts';

/**
 * The domain rules of foreign keys (FieldDef.reference.rules), written once and checked by the
 * engine for every writer (odata/write-checks.ts). Each is SQL over the written row as it will
 * be (`row`) and the referenced row (`target`).
 */

/** The referenced release belongs to the fleet named by the row's `fleetColumn` (pins, targets, running release). */
export function releaseOfRowFleet(fleetColumn: string): ReferenceRule {
  return {
    check: (row, target) => sql`${col(target, 'belongs_to__application')} = ${col(row, fleetColumn)}`,
    message: 'The release does not belong to this fleet',
  };
}

/**
 * The referenced release built successfully (a device's pin). Drafts and invalidated releases
 * may still be pinned, as in open-balena, whose rule asks only for status success; the
 * dashboard offers successful, valid ones.
 */
export const successfulRelease: ReferenceRule = {
  check: (_row, target) => sql`${col(target, 'status')} = 'success'`,
  message: PIN_NEEDS_SUCCESSFUL_RELEASE,
};

/** The referenced user is the caller (a release's creator): nobody writes in another user's name. */
export const callerThemself: ReferenceRule = {
  check: (_row, target, p) => (p.kind === 'user' ? sql`${col(target, 'id')} = ${p.userId}` : false),
  message: 'Only yourself can be named here',
  status: 403,
};

/** The caller holds `permission` on the referenced fleet (moving a device there needs resin.device.move). */
export function permissionOnTargetFleet(permission: string, message: string, on?: 'create' | 'update'): ReferenceRule {
  return {
    check: (_row, target, p) => (p.kind === 'user' ? userFleetPermission(p, permission, col(target, 'id')) : false),
    message,
    status: 403,
    on,
  };
}

/** The caller holds `permission` in the referenced organization (a fleet transferred there needs resin.application.create). */
export function permissionOnTargetOrganization(permission: string, message: string, on?: 'create' | 'update'): ReferenceRule {
  return {
    check: (_row, target, p) => (p.kind === 'user' ? userOrgPermission(p, permission, col(target, 'id')) : false),
    message,
    status: 403,
    on,
  };
}

/** Pairs (device arch, fleet arch) a device can run, besides equal architectures, as SQL VALUES. */
const archPairs = sql.join(Object.entries(ARCH_ALSO_RUNS).flatMap(([device, fleets]) => fleets.map((fleet) => sql`(${device}::text, ${fleet}::text)`)));

/** The CPU architecture slug of a device type id. */
const archOfType = (deviceType: RawBuilder<unknown>) =>
  sql`(SELECT ca.slug FROM device_type adt JOIN cpu_architecture ca ON ca.id = adt.is_of__cpu_architecture WHERE adt.id = ${deviceType})`;

function archRuns(deviceArch: RawBuilder<unknown>, fleetArch: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`(${deviceArch} = ${fleetArch} OR (${deviceArch}, ${fleetArch}) IN (VALUES ${archPairs}))`;
}

const ARCH_MESSAGE = "The device's CPU architecture cannot run this fleet's device type";

/** Device → fleet: the device's type (as it will be) runs the referenced fleet's architecture. */
export const deviceArchRunsTargetFleet: ReferenceRule = {
  check: (row, target) => archRuns(archOfType(col(row, 'is_of__device_type')), archOfType(col(target, 'is_for__device_type'))),
  message: ARCH_MESSAGE,
};

/** Device → device type: the referenced type runs the device's fleet (as it will be). */
export const targetTypeRunsDeviceFleet: ReferenceRule = {
  check: (row, target) =>
    sql`(${col(row, 'belongs_to__application')} IS NULL OR ${archRuns(
      archOfType(col(target, 'id')),
      archOfType(sql`(SELECT dfa.is_for__device_type FROM application dfa WHERE dfa.id = ${col(row, 'belongs_to__application')})`),
    )})`,
  message: ARCH_MESSAGE,
};

/**
 * Fleet → its new default device type: of the fleet's current CPU architecture (fleets spec §5
 * "Fleet changes"; packages/core default-device-type.ts offers only those). Checked before the
 * write, so the subquery reads the fleet's type as it was.
 */
export function fleetDeviceTypeOfSameArchitecture(message: string): ReferenceRule {
  return {
    check: (row, target) =>
      sql`${archOfType(col(target, 'id'))} = ${archOfType(sql`(SELECT cfa.is_for__device_type FROM application cfa WHERE cfa.id = ${col(row, 'id')})`)}`,
    message,
    on: 'update',
  };
}

/** Device → release of a host OS fleet for the device's own device type (should_be_operated_by__release). */
export const hostOsReleaseOfDeviceType: ReferenceRule = {
  check: (row, target) =>
    sql`EXISTS (SELECT 1 FROM application hosa WHERE hosa.id = ${col(target, 'belongs_to__application')} AND hosa.is_host AND hosa.is_for__device_type = ${col(row, 'is_of__device_type')})`,
  message: "The release is not a host OS release for this device's type",
};

/** Device → release of a public supervisor fleet (not host OS) of the device's CPU architecture. */
export const supervisorReleaseOfDeviceArch: ReferenceRule = {
  check: (row, target) =>
    sql`EXISTS (SELECT 1 FROM application sva WHERE sva.id = ${col(target, 'belongs_to__application')} AND sva.is_public AND NOT sva.is_host
         AND ${archOfType(sql`sva.is_for__device_type`)} = ${archOfType(col(row, 'is_of__device_type'))})`,
  message: "The release is not a supervisor release for this device's architecture",
};

/**
 * Device → supervisor release: not on an ESR host OS (fleets spec §5 "Supervisor update is
 * unavailable for ESR OS versions", §8 "Cannot update the ESR supervisor"): the major of the
 * device's os_version ("balenaOS 2024.10.1") is not a year.
 */
export const supervisorNotOnEsrOs: ReferenceRule = {
  check: (row) => sql`coalesce(substring(${col(row, 'os_version')} from ${String.raw`(\d+)\.\d+`})::int, 0) <= ${ESR_MIN_MAJOR}`,
  message: OS_UPDATE_MESSAGES.esrSupervisor,
};

/** The caller holds `permission` on the fleet of the row as written (a device created with a field only that permission may set). */
export function permissionOnRowFleet(permission: string, fleetColumn: string, on?: 'create' | 'update'): ReferenceRule {
  return {
    check: (row, _target, p) => (p.kind === 'user' ? userFleetPermission(p, permission, col(row, fleetColumn)) : false),
    message: 'You may not set this on devices of this fleet',
    status: 403,
    on,
  };
}

/** Fleet → its own release (should_be_running__release): a new fleet has none yet. */
export const releaseOfThisFleet: ReferenceRule = {
  check: (row, target) => sql`${col(target, 'belongs_to__application')} = ${col(row, 'id')}`,
  message: 'The release does not belong to this fleet',
};

/**
 * The referenced user belongs to the organization `orgOf(row)` (teams and fleet members come
 * from it). 403 and one message whether the user is missing or not a member (scope `any`).
 */
export function userInOrganization(orgOf: (row: string) => RawBuilder<unknown>, message: string): ReferenceRule {
  return {
    check: (row, target) =>
      sql`EXISTS (SELECT 1 FROM organization_membership uom WHERE uom."user" = ${col(target, 'id')} AND uom.is_member_of__organization = ${orgOf(row)})`,
    message,
    status: 403,
  };
}

/** The referenced row (a fleet, a team) belongs to the organization `orgOf(row)`. */
export function inSameOrganization(targetOrgColumn: string, orgOf: (row: string) => RawBuilder<unknown>, message: string): ReferenceRule {
  return {
    check: (row, target) => sql`${col(target, targetOrgColumn)} = ${orgOf(row)}`,
    message,
  };
}

/** An image and a release (or an install's release) of the same fleet: the image's service belongs to the release's fleet. */
export function imageOfReleaseFleet(releaseOf: (row: string) => RawBuilder<unknown>): ReferenceRule {
  return {
    check: (row, target) =>
      sql`(SELECT ims.application FROM service ims WHERE ims.id = ${col(target, 'is_a_build_of__service')}) =
          (SELECT imr.belongs_to__application FROM release imr WHERE imr.id = ${releaseOf(row)})`,
    message: 'The image does not belong to a release of this fleet',
  };
}
