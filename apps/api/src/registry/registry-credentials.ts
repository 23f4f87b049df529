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
 * under `d_<uuid>`) is refused like a wrong one.
 */
export async function registryPrincipal(request: FastifyRequest, db: Db, config: AppConfig): Promise<Principal> {
  const header = request.headers.authorization;
  const basic = header ? /^Basic\s+(\S+)\s*$/i.exec(header) : null;
  if (!basic?.[1]) return request.principal;
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
    const own = await db.selectFrom('device').select('id').where('id', '=', principal.deviceId).where('uuid', '=', deviceUuid).executeTakeFirst();
    if (!own) throw unauthorized(AUTH_MESSAGES.notLoggedIn);
    // A frozen device is not served (devices/device-frozen.ts): no images either.
    if (principal.isFrozen) throw unauthorized(MSG_DEVICE_FROZEN);
    return principal;
  }
  if (principal.kind !== 'user') throw unauthorized(AUTH_MESSAGES.notLoggedIn);
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
