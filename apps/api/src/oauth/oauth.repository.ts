import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** Queries of the OAuth grant (tables of migrations 0011 and 0110). */

export interface OAuthApplicationRow {
  id: number;
  client_id: string;
  client_secret_hash: string | null;
  redirect_uri: string;
  name: string;
  description: string | null;
}

export async function findApplicationByClientId(db: Db, clientId: string): Promise<OAuthApplicationRow | undefined> {
  return db
    .selectFrom('oauth_application')
    .select(['id', 'client_id', 'client_secret_hash', 'redirect_uri', 'name', 'description'])
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

export interface NewApplication {
  clientId: string;
  clientSecretHash: string;
  name: string;
  description: string | null;
  redirectUri: string;
  creator: number;
}

export async function insertApplication(db: Db, app: NewApplication): Promise<{ id: number }> {
  return db
    .insertInto('oauth_application')
    .values({
      client_id: app.clientId,
      client_secret_hash: app.clientSecretHash,
      name: app.name,
      description: app.description,
      redirect_uri: app.redirectUri,
      is_created_by__user: app.creator,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** The user's consent to the application, kept if it exists already; its id either way. */
export async function upsertAuthorization(db: Db, userId: number, applicationId: number): Promise<number> {
  const row = await db
    .insertInto('oauth_application_authorization')
    .values({ belongs_to__user: userId, oauth_application: applicationId })
    // A no-op update, so RETURNING answers the existing row too (in one statement).
    .onConflict((oc) => oc.columns(['belongs_to__user', 'oauth_application']).doUpdateSet({ belongs_to__user: (eb) => eb.ref('excluded.belongs_to__user') }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findAuthorizationId(db: Db, userId: number, applicationId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('oauth_application_authorization')
    .select('id')
    .where('belongs_to__user', '=', userId)
    .where('oauth_application', '=', applicationId)
    .executeTakeFirst();
  return row?.id;
}

export interface NewCode {
  codeHash: string;
  applicationId: number;
  userId: number;
  redirectUri: string;
  hasExplicitRedirectUri: boolean;
  codeChallenge: string | null;
  expiresAt: Date;
}

export async function insertCode(db: Db, code: NewCode): Promise<void> {
  await db
    .insertInto('oauth_authorization_code')
    .values({
      code_hash: code.codeHash,
      oauth_application: code.applicationId,
      user: code.userId,
      redirect_uri: code.redirectUri,
      has_explicit_redirect_uri: code.hasExplicitRedirectUri,
      code_challenge: code.codeChallenge,
      expires_at: code.expiresAt,
    })
    .execute();
}

export interface ClaimedCode {
  id: number;
  user: number;
  redirect_uri: string;
  has_explicit_redirect_uri: boolean;
  code_challenge: string | null;
  expires_at: Date | string;
}

/**
 * Marks the application's code used, in one statement: of two requests with the same code, only
 * one gets the row. `isClientAuthenticated` false (no secret): only a code bound to a PKCE
 * challenge may be claimed, so a stolen code without its verifier or the secret is not burnt.
 */
export async function claimCode(db: Db, codeHash: string, applicationId: number, isClientAuthenticated: boolean): Promise<ClaimedCode | undefined> {
  return db
    .updateTable('oauth_authorization_code')
    .set({ used_at: sql`now()` })
    .where('code_hash', '=', codeHash)
    .where('oauth_application', '=', applicationId)
    .where('used_at', 'is', null)
    .$if(!isClientAuthenticated, (q) => q.where('code_challenge', 'is not', null))
    .returning(['id', 'user', 'redirect_uri', 'has_explicit_redirect_uri', 'code_challenge', 'expires_at'])
    .executeTakeFirst();
}

/** The application's code as it stands (after a claim failed: used before, or not PKCE-bound). */
export async function findCode(
  db: Db,
  codeHash: string,
  applicationId: number,
): Promise<{ id: number; used_at: Date | string | null; code_challenge: string | null; issued__api_key: number | null } | undefined> {
  return db
    .selectFrom('oauth_authorization_code')
    .select(['id', 'used_at', 'code_challenge', 'issued__api_key'])
    .where('code_hash', '=', codeHash)
    .where('oauth_application', '=', applicationId)
    .executeTakeFirst();
}

export async function deleteApiKey(db: Db, id: number): Promise<void> {
  await db.deleteFrom('api_key').where('id', '=', id).execute();
}

export async function userActor(db: Db, userId: number): Promise<{ actor: number; is_verified: boolean } | undefined> {
  return db.selectFrom('user').select(['actor', 'is_verified']).where('id', '=', userId).executeTakeFirst();
}

export interface NewAccessToken {
  actor: number;
  keyHash: string;
  name: string;
  description: string;
  expiryDate: Date;
  authorizationId: number;
  codeId: number;
}

/** The access token (a user API key tied to the consent), recorded on the code it was issued for. */
export async function insertAccessToken(db: Db, token: NewAccessToken): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const key = await tx
      .insertInto('api_key')
      .values({
        is_of__actor: token.actor,
        key_hash: token.keyHash,
        name: token.name,
        description: token.description,
        expiry_date: token.expiryDate,
        is_issued_for__oauth_authorization: token.authorizationId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx.updateTable('oauth_authorization_code').set({ issued__api_key: key.id }).where('id', '=', token.codeId).execute();
  });
}
