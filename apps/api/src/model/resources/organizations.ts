import { sql } from 'kysely';
import { ROLE_ORDER } from '@flotilla/core/roles';
import type { ResourceDef } from '../types.ts';
import { membershipHooks, organizationHooks } from '../../organizations/organization.hooks.ts';
import { teamHooks, teamMembershipHooks } from '../../organizations/team.hooks.ts';
import { organizationInviteHooks } from '../../invitations/invite.hooks.ts';
import { organizationInvitePermissions } from '../../invitations/invite-permissions.ts';
import { orgScoped } from '../access/org-rules.ts';
import { and, byPrincipal, col, column, everyone, fleetVia, nobody, or, userHasFleetInOrg, userOrgPermission } from '../access/rule-builders.ts';
import { userInOrganization } from '../access/reference-rules.ts';
import { TEAM_MEMBER_NOT_IN_ORGANIZATION } from '../../organizations/membership-messages.ts';
import { createdAt, field, fk, id, reverse, writable } from './field-helpers.ts';

/**
 * The organization's billing state, on a row that members of its fleets read too (their fleet
 * pages show its id, name and is_frozen, fleets spec §3 and §2 "A frozen organization redirects").
 * Only organization administrators see billing (accounts spec §6): the account code that links
 * the organization to the payment provider reads as null for everyone else. The past-due date
 * is the notice on every organization page (accounts spec §4 "Notices", PastDueNotice in the
 * dashboard), so the organization's own members read it; a fleet member who is not one of them
 * does not (null, in $filter too).
 */
const billingStateReaders = byPrincipal({ user: (a, p) => userOrgPermission(p, 'resin.organization.access_billing', col(a, 'id')) });
const pastDueReaders = byPrincipal({ user: (a, p) => userOrgPermission(p, 'resin.organization.read', col(a, 'id')) });

export const organization: ResourceDef = {
  name: 'organization',
  table: 'organization',
  fields: [
    id,
    createdAt,
    writable('name', 'Short Text', { required: true }),
    writable('handle', 'Short Text'),
    writable('company_name', 'Short Text', { nullable: true }),
    writable('industry', 'Short Text', { nullable: true }),
    writable('website', 'Short Text', { nullable: true }),
    // A data URL of at most ORGANIZATION_LOGO_MAX_BYTES (organization.hooks.ts): base64 is 4/3 of that.
    writable('logo_image', 'Text', { nullable: true, maxLength: 1_400_000 }),
    field('is_frozen', 'Boolean'),
    writable('is_enforcing_saml_login', 'Boolean'),
    field('billing_account_code', 'Short Text', { nullable: true, readRule: billingStateReaders }),
    field('has_past_due_invoice_since__date', 'Date Time', { nullable: true, readRule: pastDueReaders }),
    field('is_using__billing_version', 'Short Text'),
  ],
  navs: [
    reverse('application', 'application', 'organization'),
    reverse('organization_membership', 'organization_membership', 'is_member_of__organization', ['user__is_member_of__organization']),
    reverse('owns__team', 'team', 'belongs_to__organization'),
    reverse('organization_invite', 'organization_invite', 'is_invited_to__organization', ['invitee__is_invited_to__organization']),
    reverse('subscription', 'subscription', 'is_for__organization'),
    reverse('owns__credit_bundle', 'credit_bundle', 'belongs_to__organization'),
    reverse('organization_credit_notification', 'organization_credit_notification', 'organization'),
    reverse('identity_provider_membership', 'identity_provider_membership', 'authorizes__organization'),
    reverse('organization__has_private_access_to__device_type', 'organization__has_private_access_to__device_type', 'organization'),
  ],
  naturalKeys: [['handle']],
  permissions: {
    // Members read their organization; so does anyone with access to one of its fleets. Device
    // and provisioning keys read none: the supervisor and agent never ask for it (as balena's
    // device actor), and the row holds billing state (billing_account_code, past-due date) that
    // a key lifted from a device's config.json must not reveal. Their fleet's `organization`
    // id stays readable on the application row.
    read: byPrincipal({
      user: (a, p) => or(userOrgPermission(p, 'resin.organization.read', col(a, 'id')), userHasFleetInOrg(p, col(a, 'id'))),
    }),
    create: byPrincipal({ user: () => true }),
    update: byPrincipal({ user: (a, p) => userOrgPermission(p, 'resin.organization.update', col(a, 'id')) }),
    delete: byPrincipal({ user: (a, p) => userOrgPermission(p, 'resin.organization.delete', col(a, 'id')) }),
  },
  hooks: organizationHooks,
};

export const organizationMembershipRole: ResourceDef = {
  name: 'organization_membership_role',
  table: 'organization_membership_role',
  fields: [id, field('name', 'Short Text'), field('description', 'Text', { nullable: true })],
  naturalKeys: [['name']],
  permissions: { read: everyone, create: nobody, update: nobody, delete: nobody },
};

const roleOrderSql = sql`ARRAY[${sql.join(ROLE_ORDER.map((r) => sql`${r}::text`))}]`;

/** The most privileged role a member holds in the organization (org role, fleet or team roles). */
export function effectiveSeatRole(a: string) {
  const user = col(a, 'user');
  const org = col(a, 'is_member_of__organization');
  return sql`(SELECT x.role_name FROM (
      SELECT omr.name AS role_name FROM organization_membership_role omr WHERE omr.id = ${col(a, 'organization_membership_role')}
      UNION ALL
      SELECT r.role_name FROM user_application_role r JOIN application ea ON ea.id = r.application_id
       WHERE r.user_id = ${user} AND ea.organization = ${org} AND r.source IN ('application', 'team')
    ) x ORDER BY array_position(${roleOrderSql}, x.role_name) LIMIT 1)`;
}

const membershipOrg = column('is_member_of__organization');

export const organizationMembership: ResourceDef = {
  name: 'organization_membership',
  aliases: ['user__is_member_of__organization'],
  table: 'organization_membership',
  fields: [
    id,
    createdAt,
    fk('user', 'user', { writable: true, required: true }),
    fk('is_member_of__organization', 'organization', { writable: true, required: true, aliases: ['organization'] }),
    fk('organization_membership_role', 'organization_membership_role', { writable: true, required: true }),
    field('effective_seat_role', 'Short Text', { computed: effectiveSeatRole }),
  ],
  navs: [reverse('organization_membership_tag', 'organization_membership_tag', 'organization_membership', ['user__is_member_of__organization__has__tag_key'])],
  naturalKeys: [['user', 'is_member_of__organization']],
  permissions: (() => {
    const base = orgScoped('organization_membership', membershipOrg, { readAlso: (a, p) => sql`${col(a, 'user')} = ${p.userId}` });
    return {
      ...base,
      // The rule is re-checked on the changed row: an administrator who demotes themselves (another
      // administrator remaining) then holds only member, so their own member row passes too. The
      // hook requires resin.organization_membership.update before the change, so members gain nothing.
      update: byPrincipal({
        user: (a, p) =>
          or(
            userOrgPermission(p, 'resin.organization_membership.update', membershipOrg(a)),
            and(sql`${col(a, 'user')} = ${p.userId}`, sql`${col(a, 'organization_membership_role')} = (SELECT r.id FROM organization_membership_role r WHERE r.name = 'member')`),
          ),
      }),
      // Leaving an organization: deleting one's own membership (the hook keeps the last administrator).
      delete: byPrincipal({
        user: (a, p) => or(sql`${col(a, 'user')} = ${p.userId}`, userOrgPermission(p, 'resin.organization_membership.delete', membershipOrg(a))),
      }),
    };
  })(),
  hooks: membershipHooks,
};

export const organizationMembershipTag: ResourceDef = {
  name: 'organization_membership_tag',
  aliases: ['user__is_member_of__organization__has__tag_key'],
  table: 'organization_membership_tag',
  fields: [
    id,
    createdAt,
    fk('organization_membership', 'organization_membership', { writable: true, required: true }),
    writable('tag_key', 'Short Text', { required: true }),
    writable('value', 'Text'),
  ],
  naturalKeys: [['organization_membership', 'tag_key']],
  permissions: orgScoped('organization_membership_tag', fleetVia('organization_membership', 'organization_membership', membershipOrg)),
};

const teamOrg = column('belongs_to__organization');
const isTeamMember = (teamId: ReturnType<typeof col>, userId: number) =>
  sql`EXISTS (SELECT 1 FROM team_membership tm WHERE tm.is_member_of__team = ${teamId} AND tm."user" = ${userId})`;

export const team: ResourceDef = {
  name: 'team',
  table: 'team',
  fields: [
    id,
    createdAt,
    writable('name', 'Short Text', { required: true }),
    writable('description', 'Text', { nullable: true }),
    fk('belongs_to__organization', 'organization', { writable: true, required: true }),
  ],
  navs: [
    reverse('team_membership', 'team_membership', 'is_member_of__team', ['user__is_member_of__team']),
    reverse('team_application_access', 'team_application_access', 'team', ['team__grants_access_to__application']),
  ],
  permissions: (() => {
    const base = orgScoped('team', teamOrg, { readAlso: (a, p) => isTeamMember(col(a, 'id'), p.userId) });
    return {
      ...base,
      // Deleting a team removes its memberships: it also needs resin.team_membership.all (accounts §6).
      delete: byPrincipal({
        user: (a, p) => and(userOrgPermission(p, 'resin.team.delete', teamOrg(a)), userOrgPermission(p, 'resin.team_membership.all', teamOrg(a))),
      }),
    };
  })(),
  hooks: teamHooks,
};

const teamMembershipOrg = fleetVia('is_member_of__team', 'team', teamOrg);

export const teamMembership: ResourceDef = {
  name: 'team_membership',
  aliases: ['user__is_member_of__team'],
  table: 'team_membership',
  fields: [
    id,
    createdAt,
    // Filled from `username` by the hook when not sent; the member must belong to the team's organization.
    fk('user', 'user', { writable: true, reference: { scope: 'any', rules: [userInOrganization(teamMembershipOrg, TEAM_MEMBER_NOT_IN_ORGANIZATION)] } }),
    fk('is_member_of__team', 'team', { writable: true, required: true, aliases: ['team'] }),
  ],
  naturalKeys: [['user', 'is_member_of__team']],
  permissions: (() => {
    const base = orgScoped('team_membership', teamMembershipOrg, { readAlso: (a, p) => sql`${col(a, 'user')} = ${p.userId}` });
    return {
      ...base,
      // Removing oneself from a team is always allowed (accounts §6).
      delete: byPrincipal({
        user: (a, p) => or(sql`${col(a, 'user')} = ${p.userId}`, userOrgPermission(p, 'resin.team_membership.delete', teamMembershipOrg(a))),
      }),
    };
  })(),
  hooks: teamMembershipHooks,
  // balena-sdk team.membership.create posts {username, is_member_of__team}.
  createInputs: ['username'],
};

export const invitee: ResourceDef = {
  name: 'invitee',
  table: 'invitee',
  fields: [id, createdAt, writable('email', 'Short Text', { required: true })],
  naturalKeys: [['email']],
  permissions: {
    read: byPrincipal({
      user: (a, p) =>
        or(
          sql`EXISTS (SELECT 1 FROM organization_invite oi WHERE oi.invitee = ${col(a, 'id')} AND EXISTS (SELECT 1 FROM user_organization_role r WHERE r.user_id = ${p.userId} AND r.organization_id = oi.is_invited_to__organization AND r.role_name IN ('administrator', 'balena_admin')))`,
          sql`EXISTS (SELECT 1 FROM application_invite ai WHERE ai.invitee = ${col(a, 'id')} AND EXISTS (SELECT 1 FROM user_application_role r WHERE r.user_id = ${p.userId} AND r.application_id = ai.is_invited_to__application))`,
        ),
    }),
    // Made by an invite's create (invite.hooks.ts), never directly: a direct POST would tell by
    // its 409 whether an address was ever invited anywhere, and store rows without end.
    create: nobody,
    update: nobody,
    delete: nobody,
  },
};

export const organizationInvite: ResourceDef = {
  name: 'organization_invite',
  aliases: ['invitee__is_invited_to__organization'],
  table: 'organization_invite',
  fields: [
    id,
    createdAt,
    // Posted as an email (a create input); the hook finds or makes the invitee row.
    fk('invitee', 'invitee', { writable: true, required: true, reference: { scope: 'any' } }),
    fk('is_invited_to__organization', 'organization', { writable: true, required: true, aliases: ['organization'] }),
    // Defaults to member (the hook) when not sent.
    fk('organization_membership_role', 'organization_membership_role', { writable: true }),
    fk('is_created_by__user', 'user', { nullable: true }),
    writable('message', 'Text', { nullable: true }),
    field('expires_at', 'Date Time'),
    // SHA-256 of the emailed link's token (invitations/invite-token.ts).
    { name: 'token_hash', type: 'Short Text', hidden: true },
  ],
  naturalKeys: [['invitee', 'is_invited_to__organization']],
  permissions: organizationInvitePermissions,
  hooks: organizationInviteHooks,
  // balena-sdk posts `invitee` as an email string (compat §6.3); the hook resolves it.
  createInputs: ['invitee'],
};
