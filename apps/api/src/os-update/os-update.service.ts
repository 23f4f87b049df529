import { classifyOsUpdate, findOsRelease, isUpdatableClass, osUpdateType, OS_UPDATE_MESSAGES } from '@flotilla/core/os-update';
import { deviceOsSemver, isSameOsVersion } from '@flotilla/core/os-releases';
import { OS_UPDATE_LINK_PATH, type DeviceActionResponse, type OsUpdateLinkBody, type RemoteActionStatus } from '@flotilla/core/schemas/os-update';
import type { Db } from '../db/database.ts';
import type { UserPrincipal } from '../auth/guards.ts';
import { AppError, badRequest, notFound } from '../lib/errors.ts';
import type { LinkHub } from '../device-link/link-hub.ts';
import { LinkCallError } from '../device-link/link-connection.ts';
import { findHupDevice, listHostOsReleases, setHostOsTarget, type HupDevice } from './os-update.repository.ts';

/**
 * The OS update (fleets spec §4 classification, §5 availability, §6 resin.device.actions-proxy-hup,
 * §8 messages): the target must be a host OS release of the device's type that the
 * classification lets the device update to, and the device must be linked; the update goes to
 * the device over its link, and only once it took it is should_be_operated_by__release set.
 */

interface Deps {
  db: Db;
  linkHub: LinkHub;
}

const DEVICE_NOT_FOUND = 'Device not found';

async function deviceFor(db: Db, caller: UserPrincipal, uuid: string): Promise<HupDevice> {
  const device = await findHupDevice(db, caller, uuid);
  if (!device) throw notFound(DEVICE_NOT_FOUND);
  return device;
}

export async function startOsUpdate({ db, linkHub }: Deps, caller: UserPrincipal, uuid: string, targetVersion: string): Promise<DeviceActionResponse> {
  const device = await deviceFor(db, caller, uuid);
  const { releases, minTakeoverVersion } = await listHostOsReleases(db, device.device_type_id);
  const target = findOsRelease(releases, targetVersion);
  const updateClass = classifyOsUpdate({ ...device, deviceType: device.device_type }, target, minTakeoverVersion);
  if (updateClass === 'offline') throw badRequest(OS_UPDATE_MESSAGES.offline);
  if (!isUpdatableClass(updateClass) || !target) throw badRequest(OS_UPDATE_MESSAGES.notSupported, updateClass);
  const current = deviceOsSemver(device.os_version, device.os_variant)!;
  const type = osUpdateType(device.device_type, current, target.rawVersion, minTakeoverVersion) ?? 'balenahup';
  const body: OsUpdateLinkBody = { target_version: target.rawVersion, type, app_uuid: target.appUuid, release_uuid: target.commit };
  const reply = await linkHub.forward(device.uuid, { method: 'POST', path: OS_UPDATE_LINK_PATH, body }).catch((error: unknown) => {
    if (error instanceof LinkCallError) return null;
    throw error;
  });
  // The device did not take it (gone offline meanwhile, an older agent, a real supervisor): §8.
  if (!reply || reply.status < 200 || reply.status >= 300) throw new AppError(409, OS_UPDATE_MESSAGES.notStarted);
  await setHostOsTarget(db, device.id, target.id);
  return { id: target.commit, action: 'resinhup', status: 'in_progress', parameters: { target_version: target.rawVersion }, type };
}

/** Where the update to the release `actionId` (its commit) stands, read from the device. */
export async function getOsUpdateStatus({ db }: Pick<Deps, 'db'>, caller: UserPrincipal, uuid: string, actionId: string): Promise<DeviceActionResponse> {
  const device = await deviceFor(db, caller, uuid);
  const { releases, minTakeoverVersion } = await listHostOsReleases(db, device.device_type_id);
  const target = releases.find((r) => r.commit === actionId);
  if (!target) throw notFound('Action not found');
  const current = deviceOsSemver(device.os_version, device.os_variant);
  let status: RemoteActionStatus;
  if (current && isSameOsVersion(current, target.rawVersion)) status = 'done';
  else if (device.should_be_operated_by__release !== target.id) status = 'idle';
  else if (device.update_status === 'rejected' || device.update_status === 'aborted') status = 'error';
  else status = 'in_progress';
  const type = (current && osUpdateType(device.device_type, current, target.rawVersion, minTakeoverVersion)) || 'balenahup';
  return { id: target.commit, action: 'resinhup', status, parameters: { target_version: target.rawVersion }, type };
}
