import { sql, type RawBuilder } from 'kysely';
import { SignJWT } from 'jose';
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { AppConfig } from '../lib/config.ts';
import type { Principal } from '../auth/principal.ts';
import { image } from '../model/resources/releases.ts';
import { userFleetPermission } from '../model/access/rule-builders.ts';
import { registryHost } from './registry-host.ts';
import type { GrantedAccess, ScopeRequest } from './registry-scope.ts';
import type { RegistryTokenKey } from './token-signing-key.ts';

/** The `iss` of registry tokens; the registry's `auth.token.issuer` must say the same. */
export const REGISTRY_TOKEN_ISSUER = 'flotilla';
/** Seconds a registry token is valid; clients fetch a new one when it runs out mid-transfer. */
export const REGISTRY_TOKEN_TTL_SECONDS = 600;

type Cond = RawBuilder<unknown> | boolean;
const asSql = (c: Cond): RawBuilder<unknown> => (c === true ? sql`TRUE` : c === false ? sql`FALSE` : c);

/**
 * Who may pull and push an image's repository, as SQL over the image `i` and its service `s`:
 * - users pull what they may read (the image resource's read rule: fleet members, staff,
 *   public fleets) and push to fleets where they may create releases;
 * - a device pulls images of its own fleet's releases, never pushes;
 * - anonymous callers pull public fleets' images only (the read rule says so); fleet
 *   (provisioning) keys get nothing.
 */
function rights(principal: Principal): { pull: Cond; push: Cond } {
  switch (principal.kind) {
    case 'user':
      return { pull: image.permissions.read!('i', principal), push: userFleetPermission(principal, 'resin.release.create', sql.ref('s.application')) };
    case 'device':
      return {
        pull:
          principal.applicationId == null
            ? false
            : sql`EXISTS (SELECT 1 FROM release_image ri JOIN release r ON r.id = ri.is_part_of__release WHERE ri.image = i.id AND r.belongs_to__application = ${principal.applicationId})`,
        push: false,
      };
    case 'anonymous':
      return { pull: image.permissions.read!('i', principal), push: false };
    default:
      return { pull: false, push: false };
  }
}

/**
 * The access granted for each requested scope: the requested actions the caller holds, on
 * repositories of images stored in our registry. A repository that does not exist, another
 * type, or no rights all give an entry with no actions (the token spec's answer), so the
 * answer never tells whether a repository exists.
 */
export async function grantAccess(db: Db, config: AppConfig, principal: Principal, scopes: readonly ScopeRequest[]): Promise<GrantedAccess[]> {
  const host = registryHost(config);
  const { pull, push } = rights(principal);
  const asked = pull === false && push === false ? [] : [...new Set(scopes.filter((s) => s.type === 'repository').map((s) => `${host}/${s.name}`))];
  // One statement for every repository asked (a request may name hundreds): never one per scope.
  const rightsByLocation = new Map<string, { pull: boolean; push: boolean }>();
  if (asked.length > 0) {
    const { rows } = await sql<{ location: string; pull: boolean; push: boolean }>`
      SELECT i.is_stored_at__image_location AS location,
             coalesce(${asSql(pull)}, FALSE) AS pull, coalesce(${asSql(push)}, FALSE) AS push
        FROM image i JOIN service s ON s.id = i.is_a_build_of__service
       WHERE i.is_stored_at__image_location = ANY(${asked}::text[])`.execute(db);
    for (const row of rows) rightsByLocation.set(row.location, row);
  }
  return scopes.map((scope) => {
    const entry: GrantedAccess = { type: scope.type, name: scope.name, actions: [] };
    const row = scope.type === 'repository' ? rightsByLocation.get(`${host}/${scope.name}`) : undefined;
    if (!row) return entry;
    // Pushing needs to read what is there (layer mounts, existing manifests): push implies pull.
    const allowed = new Set<string>();
    if (row.pull || row.push) allowed.add('pull');
    if (row.push) allowed.add('push');
    entry.actions = [...new Set(scope.actions)].filter((a) => allowed.has(a));
    return entry;
  });
}

export interface RegistryToken {
  token: string;
  access_token: string;
  expires_in: number;
  issued_at: string;
}

/** A registry bearer token (distribution "Token Authentication Implementation"), ES256 with the libtrust `kid`. */
export async function signRegistryToken(key: RegistryTokenKey, opts: { subject: string; service: string; access: GrantedAccess[] }): Promise<RegistryToken> {
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ access: opts.access })
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: key.kid })
    .setIssuer(REGISTRY_TOKEN_ISSUER)
    .setSubject(opts.subject)
    .setAudience(opts.service)
    .setIssuedAt(now)
    .setNotBefore(now - 10)
    .setExpirationTime(now + REGISTRY_TOKEN_TTL_SECONDS)
    .setJti(randomBytes(16).toString('hex'))
    .sign(key.privateKey);
  return { token, access_token: token, expires_in: REGISTRY_TOKEN_TTL_SECONDS, issued_at: new Date(now * 1000).toISOString() };
}
