import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { InviteKind } from './invite-kinds.ts';

/** Queries of organization and fleet invites (tables named by the InviteKind). */

/** The invitee row for an email (stored lower-case), created on first invite. */
export async function findOrCreateInvitee(db: Db, email: string): Promise<number> {
  await db.insertInto('invitee').values({ email }).onConflict((oc) => oc.column('email').doNothing()).execute();
  const row = await db.selectFrom('invitee').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return row.id;
}

export async function findRoleId(db: Db, kind: InviteKind, name: string): Promise<number | undefined> {
  const row = await db.selectFrom(kind.roleTable).select('id').where('name', '=', name).executeTakeFirst();
  return row?.id;
}

export async function findRoleName(db: Db, kind: InviteKind, roleId: number): Promise<string | undefined> {
  const row = await db.selectFrom(kind.roleTable).select('name').where('id', '=', roleId).executeTakeFirst();
  return row?.name as string | undefined;
}

export async function findTargetName(db: Db, kind: InviteKind, targetId: number): Promise<string | undefined> {
  const row = await db.selectFrom(kind.targetTable).select(`${kind.targetNameColumn} as name`).where('id', '=', targetId).executeTakeFirst();
  return row?.name as string | undefined;
}

/** The organizations or fleets the invites `ids` are for. */
export async function findInviteTargets(db: Db, kind: InviteKind, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom(kind.inviteTable).select(`${kind.targetColumn} as target`).where('id', 'in', ids).distinct().execute();
  return rows.map((r) => r.target as number);
}

export async function findUsername(db: Db, userId: number): Promise<string | undefined> {
  const row = await db.selectFrom('user').select('username').where('id', '=', userId).executeTakeFirst();
  return row?.username;
}

export async function findUserEmail(db: Db, userId: number): Promise<string | null | undefined> {
  const row = await db.selectFrom('user').select('email').where('id', '=', userId).executeTakeFirst();
  return row?.email;
}

/** A direct member of the organization / fleet has an account with this (lower-case) email. */
export async function isMemberByEmail(db: Db, kind: InviteKind, targetId: number, email: string): Promise<boolean> {
  const row = await db
    .selectFrom(kind.membershipTable)
    .select('id')
    .where(kind.membershipTargetColumn, '=', targetId)
    .where('user', 'in', (eb) => eb.selectFrom('user').select('id').where('email', '=', email))
    .executeTakeFirst();
  return row !== undefined;
}

/** True when an unexpired invite exists; an expired one is removed so the address can be invited again. */
export async function hasLiveInvite(db: Db, kind: InviteKind, targetId: number, inviteeId: number): Promise<boolean> {
  await db
    .deleteFrom(kind.inviteTable)
    .where(kind.targetColumn, '=', targetId)
    .where('invitee', '=', inviteeId)
    .where('expires_at', '<=', sql<Date>`now()`)
    .execute();
  const row = await db.selectFrom(kind.inviteTable).select('id').where(kind.targetColumn, '=', targetId).where('invitee', '=', inviteeId).executeTakeFirst();
  return row !== undefined;
}

export interface InviteRow {
  id: number;
  target_id: number;
  target_name: string;
  role_id: number;
  role_name: string;
  invitee_email: string;
  inviter_username: string | null;
  message: string | null;
  expires_at: Date;
}

/**
 * The unexpired invite whose token hashes to `tokenHash`. `lock` takes a row lock, so two
 * concurrent accepts of one link run one after the other (the second finds it deleted).
 */
export async function findLiveInviteByHash(db: Db, kind: InviteKind, tokenHash: string, { lock = false } = {}): Promise<InviteRow | undefined> {
  const result = await sql<InviteRow>`
    SELECT i.id, i.${sql.id(kind.targetColumn)} AS target_id, t.${sql.id(kind.targetNameColumn)} AS target_name,
           r.id AS role_id, r.name AS role_name, e.email AS invitee_email, u.username AS inviter_username,
           i.message, i.expires_at
      FROM ${sql.table(kind.inviteTable)} i
      JOIN ${sql.table(kind.targetTable)} t ON t.id = i.${sql.id(kind.targetColumn)}
      JOIN ${sql.table(kind.roleTable)} r ON r.id = i.${sql.id(kind.roleColumn)}
      JOIN invitee e ON e.id = i.invitee
      LEFT JOIN "user" u ON u.id = i.is_created_by__user
     WHERE i.token_hash = ${tokenHash} AND i.expires_at > now()
     ${lock ? sql`FOR UPDATE OF i` : sql``}`.execute(db);
  return result.rows[0];
}

/** Adds the membership unless the user already is a member; true when a row was added. */
export async function addMembership(db: Db, kind: InviteKind, userId: number, targetId: number, roleId: number): Promise<boolean> {
  const result = await db
    .insertInto(kind.membershipTable)
    .values({ user: userId, [kind.membershipTargetColumn]: targetId, [kind.roleColumn]: roleId })
    .onConflict((oc) => oc.columns(['user', kind.membershipTargetColumn]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * A fleet's members are members of its organization (the rule every `user_application_membership`
 * write holds, model/resources/applications.ts `FLEET_MEMBER_NOT_IN_ORGANIZATION`): accepting a
 * fleet invite makes an outsider an organization `member` too (no fleet but this one, no team),
 * so the organization lists them, and removing them there removes their fleet role
 * (organizations/ `removeMembershipGrants`). An existing membership keeps its role.
 */
export async function ensureFleetOrganizationMember(db: Db, userId: number, fleetId: number): Promise<void> {
  await sql`
    INSERT INTO organization_membership ("user", is_member_of__organization, organization_membership_role)
    SELECT ${userId}, a.organization, r.id FROM application a, organization_membership_role r
     WHERE a.id = ${fleetId} AND r.name = 'member'
    ON CONFLICT ("user", is_member_of__organization) DO NOTHING`.execute(db);
}

export async function deleteInvite(db: Db, kind: InviteKind, id: number): Promise<void> {
  await db.deleteFrom(kind.inviteTable).where('id', '=', id).execute();
}
