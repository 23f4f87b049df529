import type { FastifyRequest } from 'fastify';
import { LINK_CLOSE } from '@flotilla/core/device-link';
import { credentialStands } from '../auth/credential-still-stands.ts';
import { isDeviceActive } from './cloudlink.repository.ts';

/**
 * How often an open link is asked again whether it may stay (link.routes.ts). A link is checked
 * only when it opens; without this, a device key revoked because it leaked (a lost SD card, a
 * copied config.json) kept the link its thief had open, and with it every /supervisor call and
 * every web terminal session sent to that device, for as long as the socket lived. One key and
 * one device lookup per link per minute, as a log tail re-checks its reader (~58 s).
 */
export const LINK_ACCESS_CHECK_MS = 60_000;

/** Why an open link must end, or null when it may stay. */
export type LinkVerdict = typeof LINK_CLOSE.unauthorized | typeof LINK_CLOSE.gone | null;

/**
 * Whether the link opened by `request` for `deviceId` may stay: its key still stands (not
 * deleted, not expired, still the device's own) and the device is still active (not deleted or
 * deactivated; a frozen device keeps its link, as the targets of calls leave it out). A read
 * that fails (the database unreachable) throws: the caller keeps the link and asks again later,
 * since closing with `unauthorized` would stop the agent linking for good over a blip.
 */
export async function linkVerdict(request: FastifyRequest, deviceId: number): Promise<LinkVerdict> {
  // The link opened with the device's own key (link.routes.ts): the same actor is the same device.
  if (!(await credentialStands(request))) return LINK_CLOSE.unauthorized;
  return (await isDeviceActive(request.server.db, deviceId)) ? null : LINK_CLOSE.gone;
}
