import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.ts';

/** SQL: the organization `orgId` is on a plan whose features include saml_access (accounts spec §6). */
export function orgHasSamlAccess(orgId: RawBuilder<unknown> | number): RawBuilder<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM subscription s JOIN plan_feature pf ON pf.plan = s.is_for__plan JOIN feature f ON f.id = pf.feature
    WHERE s.is_for__organization = ${orgId} AND s.is_active AND f.slug = 'saml_access')`;
}

export interface ProviderRow {
  id: number;
  sso_identifier: string;
  entry_point: string;
  issuer: string;
  certificate: string;
}

export function findProviderBySsoIdentifier(db: Db, ssoIdentifier: string): Promise<ProviderRow | undefined> {
  return db.selectFrom('identity_provider').select(['id', 'sso_identifier', 'entry_point', 'issuer', 'certificate']).where('sso_identifier', '=', ssoIdentifier).executeTakeFirst();
}

// ---- AuthnRequest ids (InResponseTo, once) ----

export async function saveSamlRequest(db: Db, id: string, providerId: number, expiresAt: Date): Promise<void> {
  await db.insertInto('saml_request').values({ id, identity_provider: providerId, expires_at: expiresAt }).execute();
}

/** When the pending request was made (node-saml checks its age), or null once consumed or expired. */
export async function pendingSamlRequestTime(db: Db, id: string, providerId: number): Promise<Date | null> {
  const row = await db.selectFrom('saml_request').select('created_at').where('id', '=', id).where('identity_provider', '=', providerId).where('expires_at', '>', sql<Date>`now()`).executeTakeFirst();
  return row ? new Date(row.created_at) : null;
}

/** Consumes the request: true for the one response that gets it (a replay, or a second tab, finds nothing). */
export async function consumeSamlRequest(db: Db, id: string, providerId: number): Promise<boolean> {
  const rows = await db.deleteFrom('saml_request').where('id', '=', id).where('identity_provider', '=', providerId).where('expires_at', '>', sql<Date>`now()`).returning('id').execute();
  await db.deleteFrom('saml_request').where('expires_at', '<=', sql<Date>`now()`).execute();
  return rows.length === 1;
}

// ---- accounts ----

export async function findUserIdBySamlAccount(db: Db, providerId: number, remoteId: string): Promise<number | undefined> {
  const row = await db.selectFrom('saml_account').select('belongs_to__user').where('was_generated_by__identity_provider', '=', providerId).where('remote_id', '=', remoteId).executeTakeFirst();
  return row?.belongs_to__user;
}

export async function hasSamlAccountOf(db: Db, providerId: number, userId: number): Promise<boolean> {
  const row = await db.selectFrom('saml_account').select('id').where('was_generated_by__identity_provider', '=', providerId).where('belongs_to__user', '=', userId).executeTakeFirst();
  return row !== undefined;
}

export async function linkSamlAccount(db: Db, userId: number, providerId: number, remoteId: string, displayName: string | null): Promise<void> {
  await db
    .insertInto('saml_account')
    .values({ belongs_to__user: userId, was_generated_by__identity_provider: providerId, remote_id: remoteId, display_name: displayName?.slice(0, 255) ?? null })
    .onConflict((oc) => oc.columns(['was_generated_by__identity_provider', 'remote_id']).doNothing())
    .execute();
}

/** Makes the user a member of each organization the provider authorizes (and of its default team), keeping any role they hold. */
export async function joinProviderOrganizations(db: Db, userId: number, providerId: number): Promise<void> {
  await sql`INSERT INTO organization_membership ("user", is_member_of__organization, organization_membership_role)
    SELECT ${userId}, ipm.authorizes__organization, (SELECT id FROM organization_membership_role WHERE name = 'member')
    FROM identity_provider_membership ipm WHERE ipm.is_authorized_by__identity_provider = ${providerId}
    ON CONFLICT ("user", is_member_of__organization) DO NOTHING`.execute(db);
  await sql`INSERT INTO team_membership ("user", is_member_of__team)
    SELECT ${userId}, ipm.grants_access_to__team FROM identity_provider_membership ipm
    WHERE ipm.is_authorized_by__identity_provider = ${providerId} AND ipm.grants_access_to__team IS NOT NULL
    ON CONFLICT ("user", is_member_of__team) DO NOTHING`.execute(db);
}

/** Merge consent (accounts spec §5): the user's API keys go. */
export async function deleteUserApiKeys(db: Db, actorId: number): Promise<void> {
  await db.deleteFrom('api_key').where('is_of__actor', '=', actorId).execute();
}

// ---- one-time codes ----

export interface NewSignInCode {
  codeHash: string;
  kind: 'signon' | 'merge';
  providerId: number;
  remoteId: string;
  email: string;
  displayName: string | null;
  userId: number | null;
  expiresAt: Date;
}

export async function saveSignInCode(db: Db, code: NewSignInCode): Promise<void> {
  await db
    .insertInto('saml_sign_in_code')
    .values({
      code_hash: code.codeHash,
      kind: code.kind,
      identity_provider: code.providerId,
      remote_id: code.remoteId,
      email: code.email,
      display_name: code.displayName,
      user: code.userId,
      expires_at: code.expiresAt,
    })
    .execute();
}

export function findLiveSignInCode(db: Db, codeHash: string) {
  return db
    .selectFrom('saml_sign_in_code')
    .select(['id', 'kind', 'identity_provider', 'remote_id', 'email', 'display_name', 'user'])
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/** Marks the code used: true for the one caller that gets it. */
export async function consumeSignInCode(db: Db, id: number): Promise<boolean> {
  const rows = await db.updateTable('saml_sign_in_code').set({ used_at: sql<Date>`now()` }).where('id', '=', id).where('used_at', 'is', null).returning('id').execute();
  await db.deleteFrom('saml_sign_in_code').where('expires_at', '<', sql<Date>`now() - interval '1 day'`).execute();
  return rows.length === 1;
}

/** GET /user/v1/saml-access: whether any organization of the user has saml_access, and those the user administers. */
export async function listSamlOrganizations(db: Db, userId: number): Promise<{ isEnabled: boolean; organizations: { id: number; name: string; handle: string }[] }> {
  const rows = await sql<{ id: number; name: string; handle: string; is_admin: boolean }>`
    SELECT o.id, o.name, o.handle, (r.name = 'administrator') AS is_admin
    FROM organization_membership om JOIN organization o ON o.id = om.is_member_of__organization
    JOIN organization_membership_role r ON r.id = om.organization_membership_role
    WHERE om."user" = ${userId} AND ${orgHasSamlAccess(sql`o.id`)}
    ORDER BY o.name, o.id`.execute(db);
  return { isEnabled: rows.rows.length > 0, organizations: rows.rows.filter((r) => r.is_admin).map(({ id, name, handle }) => ({ id, name, handle })) };
}

/** Unlinks every identity provider account of the user (a reset that first proves the address takes the account back). */
export async function deleteSamlAccountsOf(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('saml_account').where('belongs_to__user', '=', userId).execute();
}
