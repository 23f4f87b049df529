import type { FastifyRequest } from 'fastify';
import { MSG_DEVICE_FROZEN } from '../devices/device-frozen.ts';
import type { Db } from '../db/database.ts';
import type { AppConfig } from '../lib/config.ts';
import type { Principal } from '../auth/principal.ts';
import { AUTH_MESSAGES, resolveCredential } from '../auth/credentials.ts';
import { unauthorized } from '../lib/errors.ts';
import { TWO_FACTOR_REQUIRED } from '../plugins/auth.ts';

/**
 * Who asks for a registry token. Docker clients send Basic credentials: `d_<uuid>` with the
 * device key for devices (compat §5.6), or any user name with a session token or API key as
 * the password (`balena deploy`, `docker login`). Bearer was already resolved by the auth
 * plugin. A Basic password that resolves to another kind (a fleet key, another device's key
 * under `d_<uuid>`) is refused like a wrong one. A device, however its key came, is served
 * only while active and not frozen.
 */
export async function registryPrincipal(request: FastifyRequest, db: Db, config: AppConfig): Promise<Principal> {
  const header = request.headers.authorization;
  const basic = header ? /^Basic\s+(\S+)\s*$/i.exec(header) : null;
  if (!basic?.[1]) return servedDevice(db, request.principal);
  const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw unauthorized(AUTH_MESSAGES.notLoggedIn);
  const username = decoded.slice(0, colon);
  const password = decoded.slice(colon + 1);
  if (password === '') throw unauthorized(AUTH_MESSAGES.notLoggedIn);
  const { principal, session } = await resolveCredential(request.server.credentialReads, config, password, { allowSession: true });
  // A session still waiting for its second factor is refused here as on every other route
  // (plugins/auth.ts): a password alone must not reach the fleet's images.
  if (session?.twoFactorRequired === true) throw unauthorized(TWO_FACTOR_REQUIRED, 'two_factor_required');
  const deviceUuid = /^d_([0-9a-f]{32}(?:[0-9a-f]{30})?)$/.exec(username)?.[1];
  if (deviceUuid) {
    if (principal.kind !== 'device') throw unauthorized(AUTH_MESSAGES.notLoggedIn);
    return servedDevice(db, principal, deviceUuid);
  }
  if (principal.kind !== 'user') throw unauthorized(AUTH_MESSAGES.notLoggedIn);
  return principal;
}

/**
 * A device principal as the registry may serve it: the device exists (under `uuid` when the
 * client named one), is active, and is not frozen (devices/device-frozen.ts: no images
 * either). Checked for every device, Bearer or Basic; other principals pass through.
 */
async function servedDevice(db: Db, principal: Principal, uuid?: string): Promise<Principal> {
  if (principal.kind !== 'device') return principal;
  if (principal.isFrozen) throw unauthorized(MSG_DEVICE_FROZEN);
  let q = db.selectFrom('device').select(['is_active', 'is_frozen']).where('id', '=', principal.deviceId);
  if (uuid !== undefined) q = q.where('uuid', '=', uuid);
  const device = await q.executeTakeFirst();
  if (!device || !device.is_active) throw unauthorized(AUTH_MESSAGES.notLoggedIn);
  if (device.is_frozen) throw unauthorized(MSG_DEVICE_FROZEN);
  return principal;
}

/** The token's `sub`: who the registry logs as the client. */
export function subjectOf(principal: Principal): string {
  switch (principal.kind) {
    case 'user':
      return principal.username;
    case 'device':
      return `device:${principal.deviceId}`;
    default:
      return '';
  }
}
