import { sql, type RawBuilder } from 'kysely';
import type { ResourceDef } from '../types.ts';
import { byPrincipal, col, nobody, or } from '../access/rule-builders.ts';
import { publicKeyHooks } from './public-key.hooks.ts';
import { userHooks } from '../../account/user.hooks.ts';
import { createdAt, field, fk, hidden, id, reverse } from './field-helpers.ts';

/**
 * Users that share an organization with `userId`, or a fleet where `userId` may list members.
 * The other user counts by membership only (user_application_member_role): the staff rows of
 * user_application_role (a platform admin on every fleet, a support agent on every fleet open
 * to support) would let anyone with a fleet list the platform's staff accounts.
 */
export function userIsVisibleTo(userRow: RawBuilder<unknown>, userId: number): RawBuilder<unknown> {
  return sql`(${userRow} = ${userId}
    OR EXISTS (SELECT 1 FROM organization_membership m1 JOIN organization_membership m2
                 ON m2.is_member_of__organization = m1.is_member_of__organization
                WHERE m1."user" = ${userId} AND m2."user" = ${userRow})
    OR EXISTS (SELECT 1 FROM user_application_role ur1 JOIN user_application_member_role ur2
                 ON ur2.application_id = ur1.application_id
                WHERE ur1.user_id = ${userId} AND ur2.user_id = ${userRow}))`;
}

export const actor: ResourceDef = {
  name: 'actor',
  table: 'actor',
  fields: [id, createdAt],
  navs: [
    reverse('is_of__user', 'user', 'actor'),
    reverse('is_of__application', 'application', 'actor'),
    reverse('is_of__device', 'device', 'actor'),
    reverse('api_key', 'api_key', 'is_of__actor'),
  ],
  permissions: {
    read: byPrincipal({
      user: (a, p) =>
        or(
          sql`${col(a, 'id')} = ${p.actorId}`,
          sql`EXISTS (SELECT 1 FROM "user" au WHERE au.actor = ${col(a, 'id')} AND ${userIsVisibleTo(sql`au.id`, p.userId)})`,
          sql`EXISTS (SELECT 1 FROM application aa JOIN user_application_role r ON r.application_id = aa.id WHERE aa.actor = ${col(a, 'id')} AND r.user_id = ${p.userId})`,
          sql`EXISTS (SELECT 1 FROM device ad JOIN user_application_role r ON r.application_id = ad.belongs_to__application WHERE ad.actor = ${col(a, 'id')} AND r.user_id = ${p.userId})`,
        ),
      device: (a, p) => sql`${col(a, 'id')} = ${p.actorId}`,
      application: (a, p) => sql`${col(a, 'id')} = ${p.actorId}`,
    }),
    create: nobody,
    update: nobody,
    delete: nobody,
  },
};

export const user: ResourceDef = {
  name: 'user',
  table: 'user',
  fields: [
    id,
    createdAt,
    field('username', 'Short Text'),
    fk('actor', 'actor'),
    fk('has_legacy_link_to__organization', 'organization', { nullable: true }),
    hidden('email'),
    hidden('password_hash'),
    hidden('jwt_secret'),
    hidden('first_name'),
    hidden('last_name'),
    hidden('company'),
    hidden('account_type'),
    hidden('totp_secret'),
    field('has_password_set', 'Boolean', { hidden: true }),
    field('has_disabled_newsletter', 'Boolean', { hidden: true }),
    field('must_be_verified', 'Boolean', { hidden: true }),
    field('is_verified', 'Boolean', { hidden: true }),
    field('is_platform_admin', 'Boolean', { hidden: true }),
    field('is_support_agent', 'Boolean', { hidden: true }),
    field('is_2fa_enabled', 'Boolean', { hidden: true }),
    // Writing true asks for a new verification email (account/user.hooks.ts).
    field('has_been_sent_verification_email', 'Boolean', { writable: true }),
  ],
  navs: [
    reverse('organization_membership', 'organization_membership', 'user', ['user__is_member_of__organization']),
    reverse('team_membership', 'team_membership', 'user', ['user__is_member_of__team']),
    reverse('user_application_membership', 'user_application_membership', 'user', ['user__is_member_of__application']),
    reverse('user_public_key', 'user_public_key', 'user', ['user__has__public_key']),
    reverse('owns__device', 'device', 'belongs_to__user'),
    reverse('creates__release', 'release', 'is_created_by__user'),
    reverse('user_profile', 'user_profile', 'id'),
    reverse('saml_account', 'saml_account', 'belongs_to__user'),
    reverse('social_service_account', 'social_service_account', 'belongs_to__user'),
  ],
  naturalKeys: [['username']],
  permissions: {
    read: byPrincipal({ user: (a, p) => userIsVisibleTo(col(a, 'id'), p.userId) }),
    create: nobody,
    // Only one's own row; has_been_sent_verification_email is the one writable field.
    update: byPrincipal({ user: (a, p) => sql`${col(a, 'id')} = ${p.userId}` }),
    delete: nobody,
  },
  hooks: userHooks,
};

/** Profile fields of the caller only (v7 keeps email here, not on user). */
export const userProfile: ResourceDef = {
  name: 'user_profile',
  table: 'user_profile',
  fields: [
    id,
    createdAt,
    field('email', 'Short Text', { nullable: true }),
    field('first_name', 'Short Text', { nullable: true }),
    field('last_name', 'Short Text', { nullable: true }),
    field('company', 'Short Text', { nullable: true }),
    field('account_type', 'Short Text', { nullable: true }),
    field('has_disabled_newsletter', 'Boolean'),
    field('has_password_set', 'Boolean'),
    field('must_be_verified', 'Boolean'),
    field('is_verified', 'Boolean'),
  ],
  permissions: {
    read: byPrincipal({ user: (a, p) => sql`${col(a, 'id')} = ${p.userId}` }),
    create: nobody,
    update: nobody,
    delete: nobody,
  },
};

const ownRow = byPrincipal({ user: (a, p) => sql`${col(a, 'user')} = ${p.userId}` });

export const userPublicKey: ResourceDef = {
  name: 'user_public_key',
  aliases: ['user__has__public_key'],
  table: 'user_public_key',
  fields: [
    id,
    createdAt,
    fk('user', 'user', { writable: true, required: true }),
    field('title', 'Short Text', { writable: true, required: true }),
    field('public_key', 'Text', { writable: true, required: true }),
    field('fingerprint', 'Short Text', { nullable: true }),
  ],
  permissions: { read: ownRow, create: ownRow, update: nobody, delete: ownRow },
  hooks: publicKeyHooks,
};
