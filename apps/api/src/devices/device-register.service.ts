import { randomInt } from 'node:crypto';
import type { DeviceRegisterBody } from '@flotilla/core/schemas/device-protocol';
import { SUGGESTION_ADJECTIVES, SUGGESTION_NOUNS } from '@flotilla/core/fleet-name-suggestion';
import type { Db } from '../db/database.ts';
import type { Principal } from '../auth/principal.ts';
import { assertOrganizationCanGrow } from '../billing/frozen-organization.ts';
import { badRequest, conflict, forbidden, unauthorized } from '../lib/errors.ts';
import { generateApiKeySecret, hashApiKey } from '../api-keys/api-key-secret.ts';
import { isDeviceArchCompatibleWithFleet } from '@flotilla/core/cpu-architecture';
import {
  deviceUuidExists,
  findDeviceTypeByAlias,
  findFleetForRegister,
  insertDeviceWithKey,
  isUniqueViolation,
  listUserFleetRoles,
} from './device-register.repository.ts';

/** POST /device/register (compat §5.2 step 2). */

/** Checked at the boundary by the route schema (@flotilla/core/schemas/device-protocol). */
export type RegisterBody = DeviceRegisterBody;

export interface RegisteredDevice {
  id: number;
  uuid: string;
  api_key: string;
}

/** Roles holding resin.device.create (fleets spec §6 "Permissions by role"). */
const DEVICE_CREATE_ROLES = new Set(['administrator', 'developer', 'safe-developer', 'operator', 'safe-operator']);

export const UUID_NOT_UNIQUE = '"uuid" must be unique.';

export function generateDeviceName(random: (n: number) => number = randomInt): string {
  const adjective = SUGGESTION_ADJECTIVES[random(SUGGESTION_ADJECTIVES.length)];
  const noun = SUGGESTION_NOUNS[random(SUGGESTION_NOUNS.length)];
  return `${adjective}-${noun}`;
}

function newUuid(): string {
  return Array.from({ length: 32 }, () => randomInt(16).toString(16)).join('');
}

/** The fleet the caller may register into: the provisioning key's own, or one the user may add devices to. */
async function resolveFleetId(db: Db, principal: Principal, requested: number | undefined): Promise<{ fleetId: number; userId: number | null }> {
  switch (principal.kind) {
    case 'application':
      if (requested !== undefined && requested !== principal.applicationId) {
        throw forbidden('The provisioning key does not belong to this fleet');
      }
      return { fleetId: principal.applicationId, userId: null };
    case 'user': {
      if (requested === undefined) throw badRequest('"application" is required');
      const roles = await listUserFleetRoles(db, principal.userId, requested);
      if (!roles.some((r) => DEVICE_CREATE_ROLES.has(r))) throw forbidden('You are not allowed to add devices to this fleet');
      return { fleetId: requested, userId: principal.userId };
    }
    case 'anonymous':
      throw unauthorized('You have to log in');
    default:
      throw forbidden('Only a provisioning key or a user may register devices');
  }
}

export async function registerDevice(db: Db, principal: Principal, body: RegisterBody): Promise<RegisteredDevice> {
  const { fleetId, userId } = await resolveFleetId(db, principal, body.application);
  const fleet = await findFleetForRegister(db, fleetId);
  if (!fleet) throw forbidden('Fleet not found');
  const deviceType = await findDeviceTypeByAlias(db, body.device_type, fleet.id);
  if (!deviceType) throw badRequest(`Invalid device type: ${body.device_type}`);
  if (!isDeviceArchCompatibleWithFleet(deviceType.arch, fleet.arch)) {
    throw badRequest(`Device type ${deviceType.slug} (${deviceType.arch}) is not compatible with the fleet's architecture (${fleet.arch})`);
  }
  const uuid = body.uuid ?? newUuid();
  // A device already registered gets its 409 (the supervisor then exchanges its key), even in a
  // frozen organization: only a new device is refused there.
  if (await deviceUuidExists(db, uuid)) throw conflict(UUID_NOT_UNIQUE);
  await assertOrganizationCanGrow(db, { fleetId: fleet.id });
  const apiKey = body.api_key ?? generateApiKeySecret();
  try {
    const id = await insertDeviceWithKey(
      db,
      {
        uuid,
        device_name: generateDeviceName(),
        belongs_to__application: fleet.id,
        belongs_to__user: userId,
        is_of__device_type: deviceType.id,
        os_version: body.os_version ?? null,
        os_variant: body.os_variant ?? null,
        supervisor_version: body.supervisor_version ?? null,
        mac_address: body.mac_address ?? null,
      },
      hashApiKey(apiKey),
    );
    return { id, uuid, api_key: apiKey };
  } catch (err) {
    // Two registrations racing for one uuid: the loser gets the same answer as a repeat.
    if (isUniqueViolation(err, 'uuid')) throw conflict(UUID_NOT_UNIQUE);
    if (isUniqueViolation(err, 'key_hash')) throw conflict('"api_key" must be unique.');
    throw err;
  }
}
