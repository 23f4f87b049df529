import { AUTH_TIME_WINDOW_MS } from '@flotilla/core/account-rules';
import { rolesWithPermission } from '@flotilla/core/roles';
import type { Db } from '../db/database.ts';
import type { AppConfig } from '../lib/config.ts';
import { AppError, badRequest, conflict, forbidden } from '../lib/errors.ts';
import type { Principal } from '../auth/principal.ts';
import { assertOwnSession, type UserPrincipal } from '../auth/guards.ts';
import type { VerifiedSession } from '../auth/tokens.ts';
import { generateApiKeySecret, hashApiKey } from './api-key-secret.ts';
import {
  deleteApiKeysExcept,
  findApiKeyActorByHash,
  findApplicationActor,
  findDeviceActor,
  insertApiKey,
  isUserEmailVerified,
  userHasFleetRole,
} from './api-keys.repository.ts';

/** Fleet roles allowed to mint provisioning and device keys ("safe-operator: API keys", fleets §6). */
const KEY_CREATOR_ROLES = rolesWithPermission('resin.api_key.create');

export const RECENT_AUTH_REQUIRED = 'This action requires you to have been recently authenticated';
export const NO_FLEET_ACCESS = 'You do not have access to create API keys for this fleet';
export const NO_DEVICE_ACCESS = 'You do not have access to create API keys for this device';
export const EMAIL_NOT_VERIFIED_FOR_KEYS = 'Verify your email address before creating API keys';

export interface KeyOptions {
  name?: string | null;
  description?: string | null;
  /** ISO date, or null/undefined for a key that never expires. */
  expiryDate?: string | null;
  /** A key chosen by the client (supervisor key exchange); otherwise one is generated. */
  apiKey?: string;
}

function parseExpiry(expiryDate: string | null | undefined, now = Date.now()): Date | null {
  if (expiryDate === null || expiryDate === undefined) return null;
  const date = new Date(expiryDate);
  if (Number.isNaN(date.getTime())) throw badRequest('expiryDate: Invalid date');
  if (date.getTime() <= now) throw badRequest('expiryDate: The expiry date must be in the future');
  return date;
}

/**
 * Stores the key (hash only) for the actor and returns the secret, shown this once. A
 * client-chosen key that already belongs to the same actor is accepted again (the supervisor
 * retries its key exchange); one that belongs to someone else is refused.
 */
async function mintKey(db: Db, actor: number, opts: KeyOptions): Promise<string> {
  const expiryDate = parseExpiry(opts.expiryDate);
  const key = opts.apiKey ?? generateApiKeySecret();
  const keyHash = hashApiKey(key);
  if (opts.apiKey !== undefined) {
    const owner = await findApiKeyActorByHash(db, keyHash);
    if (owner === actor) return key;
    if (owner !== undefined) throw conflict('"apiKey" must be unique.');
  }
  await insertApiKey(db, { actor, keyHash, name: opts.name ?? null, description: opts.description ?? null, expiryDate });
  return key;
}

/**
 * `POST /api-key/user/full`: a named key for the signed-in user (compat §3.5). Not from a
 * login-as-user session (auth/guards.ts `assertOwnSession`). Where the deployment requires
 * verified emails, not before the address is verified: an account made with someone else's
 * address (before they sign up) would otherwise keep a key that outlives the owner taking the
 * account back by a password reset (account/password.service.ts `resetPassword` deletes the
 * keys of such an account too). Verified users are served as before.
 */
export async function createUserApiKey(db: Db, config: AppConfig, user: UserPrincipal, session: VerifiedSession, opts: KeyOptions): Promise<string> {
  assertOwnSession(session);
  // Accounts §9: creating a user key needs a password proof within the auth-time window.
  if (Date.now() - session.authTime > AUTH_TIME_WINDOW_MS) {
    throw new AppError(401, RECENT_AUTH_REQUIRED, 'recent_auth_required');
  }
  if (config.requireEmailVerification && !(await isUserEmailVerified(db, user.userId))) throw forbidden(EMAIL_NOT_VERIFIED_FOR_KEYS, 'email_not_verified');
  return mintKey(db, user.actorId, { ...opts, apiKey: undefined });
}

/** Whether `principal` may make keys of the fleet (a user holding one of KEY_CREATOR_ROLES on it). */
export async function canManageFleetKeys(db: Db, principal: Principal, applicationId: number): Promise<boolean> {
  if (principal.kind !== 'user') return false;
  return userHasFleetRole(db, principal.userId, applicationId, KEY_CREATOR_ROLES);
}

/** A provisioning key for a fleet; the caller needs API-key rights on it. */
export async function createProvisioningKey(db: Db, principal: Principal, applicationId: number, opts: KeyOptions): Promise<string> {
  const app = await findApplicationActor(db, applicationId);
  // Unknown and inaccessible fleets answer alike, so ids cannot be probed.
  if (!app || !(await canManageFleetKeys(db, principal, app.id))) throw forbidden(NO_FLEET_ACCESS);
  return mintKey(db, app.actor, opts);
}

/**
 * A device key: by a user with API-key rights on the device's fleet, or by that fleet's
 * provisioning key (supervisor key exchange, compat §5.2 step 3) for a device never heard from
 * yet (registered ahead, e.g. by `balena device register`, and booting for the first time).
 * The provisioning key is in every image of the fleet: were it to mint keys for devices that
 * already run, anyone holding one device's config.json could take the identity of any other
 * device of the fleet (its variables, its logs, its link and the terminals opened over it).
 * Re-provisioning a device that has run is a user's act (balena-sdk `device.generateDeviceKey`)
 * or a fresh registration. A key set by the provisioning key replaces the device's others: a
 * device never heard from has used none, and whoever set one before it (the key is in every
 * image) keeps nothing once the device itself has exchanged.
 */
export async function createDeviceKey(db: Db, principal: Principal, deviceId: number, opts: KeyOptions): Promise<string> {
  if (principal.kind === 'application') {
    // One exchange at a time per device (its row locked): two racing exchanges cannot both keep a key.
    return db.transaction().execute(async (tx) => {
      const device = await findDeviceActor(tx, deviceId, { lock: true });
      // A frozen device is not served (devices/device-frozen.ts) and stays "never heard from": not its key either.
      if (!device || device.belongs_to__application !== principal.applicationId || device.has_connected || device.is_frozen) throw forbidden(NO_DEVICE_ACCESS);
      const key = await mintKey(tx, device.actor, opts);
      await deleteApiKeysExcept(tx, device.actor, hashApiKey(key));
      return key;
    });
  }
  const device = await findDeviceActor(db, deviceId);
  const fleet = device?.belongs_to__application ?? null;
  if (!device || fleet === null || !(await canManageFleetKeys(db, principal, fleet))) throw forbidden(NO_DEVICE_ACCESS);
  return mintKey(db, device.actor, opts);
}
