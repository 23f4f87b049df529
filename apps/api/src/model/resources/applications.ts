import { sql } from 'kysely';
import type { ResourceDef } from '../types.ts';
import { applicationHooks } from '../../fleets/application.hooks.ts';
import { applicationMembershipHooks } from '../../organizations/application-membership.hooks.ts';
import { teamApplicationAccessHooks } from '../../organizations/team.hooks.ts';
import { applicationInviteHooks } from '../../invitations/invite.hooks.ts';
import { applicationInvitePermissions } from '../../invitations/invite-permissions.ts';
import {
  byPrincipal,
  col,
  column,
  everyone,
  fleetPermission,
  fleetVia,
  nobody,
  or,
  userFleetPermission,
  userOrgPermission,
} from '../access/rule-builders.ts';
import {
  fleetDeviceTypeOfSameArchitecture,
  inSameOrganization,
  permissionOnTargetOrganization,
  releaseOfThisFleet,
  successfulRelease,
  userInOrganization,
} from '../access/reference-rules.ts';
import { FLEET_CHANGE_ERRORS } from '@flotilla/core/fleet-change-messages';
import { FLEET_MEMBER_NOT_IN_ORGANIZATION, TEAM_FLEET_OTHER_ORGANIZATION } from '../../organizations/membership-messages.ts';
import { createdAt, field, fk, id, reverse, through, writable } from './field-helpers.ts';

/** Public fleets (host OS apps) are readable by everyone, including anonymous callers. */
const isPublic = (alias: string) => col(alias, 'is_public');

export const application: ResourceDef = {
  name: 'application',
  table: 'application',
  fields: [
    id,
    createdAt,
    fk('actor', 'actor'),
    writable('app_name', 'Short Text', { required: true }),
    writable('slug', 'Short Text'),
    writable('uuid', 'Short Text'),
    fk('organization', 'organization', {
      writable: true,
      required: true,
      // A transfer needs resin.application.transfer through an organization role in the fleet's
      // own (source) organization — a fleet-level administrator role does not move the fleet out
      // of its organization — and resin.application.create in the receiving organization.
      changeRule: byPrincipal({ user: (a, p) => userOrgPermission(p, 'resin.application.transfer', col(a, 'organization')) }),
      reference: { rules: [permissionOnTargetOrganization('resin.application.create', FLEET_CHANGE_ERRORS.transferTarget.message, 'update')] },
    }),
    fk('is_for__device_type', 'device_type', {
      writable: true,
      required: true,
      reference: { rules: [fleetDeviceTypeOfSameArchitecture(FLEET_CHANGE_ERRORS.deviceTypeArchitecture.message)] },
    }),
    // A fleet's pin: one of its own successful releases (open-balena's rule, as for a device's pin).
    fk('should_be_running__release', 'release', { writable: true, nullable: true, reference: { rules: [releaseOfThisFleet, successfulRelease] } }),
    fk('application_type', 'application_type', {
      writable: true,
      changeRule: byPrincipal({ user: fleetPermission('resin.application.change-type', column('id')) }),
    }),
    writable('is_of__class', 'Short Text'),
    writable('should_track_latest_release', 'Boolean'),
    field('is_host', 'Boolean'),
    writable('is_archived', 'Boolean'),
    writable('is_public', 'Boolean'),
    field('is_discoverable', 'Boolean'),
    writable('is_accessible_by_support_until__date', 'Date Time', { nullable: true }),
    writable('is_stored_at__repository_url', 'Short Text', { nullable: true }),
  ],
  navs: [
    reverse('owns__device', 'device', 'belongs_to__application'),
    reverse('owns__release', 'release', 'belongs_to__application'),
    reverse('application_environment_variable', 'application_environment_variable', 'application', ['application__has__env_var_name']),
    reverse('application_config_variable', 'application_config_variable', 'application', ['application__has__config_var_name']),
    reverse('build_environment_variable', 'build_environment_variable', 'application', ['application__has__build_var_name']),
    reverse('service', 'service', 'application', ['application__has__service_name']),
    reverse('application_tag', 'application_tag', 'application', ['application__has__tag_key']),
    reverse('user_application_membership', 'user_application_membership', 'is_member_of__application', ['user__is_member_of__application']),
    reverse('team_application_access', 'team_application_access', 'grants_access_to__application', ['team__grants_access_to__application']),
    reverse('invitee__is_invited_to__application', 'application_invite', 'is_invited_to__application', ['application_invite']),
    // The caller's own access rows (the target's read rule limits them to the caller): compat §6.5.
    reverse('is_directly_accessible_by__user', 'user__has_direct_access_to__application', 'has_direct_access_to__application'),
    through('includes__user', 'user', 'user__has_direct_access_to__application', 'has_direct_access_to__application', 'user'),
    through('is_accessible_by__team', 'team', 'team_application_access', 'grants_access_to__application', 'team'),
    {
      name: 'owns__public_device',
      target: 'device',
      cardinality: 'many',
      on: (parent, child) =>
        sql`${sql.ref(`${child}.belongs_to__application`)} = ${sql.ref(`${parent}.id`)} AND ${sql.ref(`${parent}.is_public`)}`,
    },
  ],
  naturalKeys: [['slug'], ['uuid']],
  permissions: {
    read: byPrincipal({
      user: (a, p) => or(isPublic(a), userFleetPermission(p, 'resin.application.read', col(a, 'id'))),
      device: (a, p) => or(isPublic(a), p.applicationId == null ? false : sql`${col(a, 'id')} = ${p.applicationId}`),
      application: (a, p) => or(isPublic(a), sql`${col(a, 'id')} = ${p.applicationId}`),
      anonymous: isPublic,
    }),
    // Fleets are created by administrators of the target organization (fleets §6 "Other").
    create: byPrincipal({ user: (a, p) => userOrgPermission(p, 'resin.application.create', col(a, 'organization')) }),
    update: byPrincipal({ user: fleetPermission('resin.application.update', column('id')) }),
    delete: byPrincipal({ user: fleetPermission('resin.application.delete', column('id')) }),
  },
  hooks: applicationHooks,
};

export const applicationType: ResourceDef = {
  name: 'application_type',
  table: 'application_type',
  fields: [
    id,
    createdAt,
    field('name', 'Short Text'),
    field('slug', 'Short Text'),
    field('description', 'Text', { nullable: true }),
    field('supports_multicontainer', 'Boolean'),
    field('supports_web_url', 'Boolean'),
    field('supports_gateway_mode', 'Boolean'),
    field('requires_payment', 'Boolean'),
    field('is_legacy', 'Boolean'),
    field('needs__os_version_range', 'Short Text', { nullable: true }),
    field('maximum_device_count', 'Integer', { nullable: true }),
  ],
  naturalKeys: [['slug']],
  permissions: { read: everyone, create: nobody, update: nobody, delete: nobody },
};

export const applicationMembershipRole: ResourceDef = {
  name: 'application_membership_role',
  table: 'application_membership_role',
  fields: [id, field('name', 'Short Text'), field('description', 'Text', { nullable: true })],
  naturalKeys: [['name']],
  permissions: { read: everyone, create: nobody, update: nobody, delete: nobody },
};

const membershipFleet = column('is_member_of__application');
/** The organization of the fleet a row's column points at. */
const fleetOrganization = (fleetOf: (alias: string) => ReturnType<typeof col>) => (row: string) =>
  sql`(SELECT mfa.organization FROM application mfa WHERE mfa.id = ${fleetOf(row)})`;

export const userApplicationMembership: ResourceDef = {
  name: 'user_application_membership',
  aliases: ['user__is_member_of__application'],
  table: 'user_application_membership',
  fields: [
    id,
    createdAt,
    // Filled from `username` by the hook when not sent; the member must belong to the fleet's organization.
    fk('user', 'user', {
      writable: true,
      reference: { scope: 'any', rules: [userInOrganization(fleetOrganization(membershipFleet), FLEET_MEMBER_NOT_IN_ORGANIZATION)] },
    }),
    fk('is_member_of__application', 'application', { writable: true, required: true, aliases: ['application'] }),
    // Defaults to developer (the hook) when not sent.
    fk('application_membership_role', 'application_membership_role', { writable: true }),
  ],
  naturalKeys: [['user', 'is_member_of__application']],
  permissions: {
    read: byPrincipal({
      user: (a, p) =>
        or(sql`${col(a, 'user')} = ${p.userId}`, userFleetPermission(p, 'resin.user_application_membership.read', membershipFleet(a))),
    }),
    create: byPrincipal({ user: fleetPermission('resin.user_application_membership.create', membershipFleet) }),
    update: byPrincipal({ user: fleetPermission('resin.user_application_membership.update', membershipFleet) }),
    // Leaving a fleet (deleting one's own membership) is always allowed.
    delete: byPrincipal({
      user: (a, p) =>
        or(sql`${col(a, 'user')} = ${p.userId}`, userFleetPermission(p, 'resin.user_application_membership.delete', membershipFleet(a))),
    }),
  },
  hooks: applicationMembershipHooks,
  // balena-sdk application.membership.create posts {username, is_member_of__application, application_membership_role?}.
  createInputs: ['username'],
};

const accessFleet = column('grants_access_to__application');
const accessTeamOrg = fleetVia('team', 'team', column('belongs_to__organization'));
const accessRule = (verb: string) => (a: string, p: Parameters<typeof userOrgPermission>[0]) =>
  userOrgPermission(p, `resin.team_application_access.${verb}`, accessTeamOrg(a));

export const teamApplicationAccess: ResourceDef = {
  name: 'team_application_access',
  aliases: ['team__grants_access_to__application'],
  table: 'team_application_access',
  fields: [
    id,
    createdAt,
    fk('team', 'team', { writable: true, required: true }),
    fk('grants_access_to__application', 'application', {
      writable: true,
      required: true,
      aliases: ['application'],
      reference: { rules: [inSameOrganization('organization', accessTeamOrg, TEAM_FLEET_OTHER_ORGANIZATION)] },
    }),
    fk('application_membership_role', 'application_membership_role', { writable: true, required: true }),
  ],
  naturalKeys: [['team', 'grants_access_to__application']],
  // Grants are made on the team's organization (organizations/team.hooks.ts says why); fleet
  // members see the grants of their fleet, and those with the fleet permission may revoke one.
  permissions: {
    read: byPrincipal({ user: (a, p) => or(accessRule('read')(a, p), userFleetPermission(p, 'resin.team_application_access.read', accessFleet(a))) }),
    create: byPrincipal({ user: accessRule('create') }),
    update: byPrincipal({ user: accessRule('update') }),
    delete: byPrincipal({ user: (a, p) => or(accessRule('delete')(a, p), userFleetPermission(p, 'resin.team_application_access.delete', accessFleet(a))) }),
  },
  hooks: teamApplicationAccessHooks,
};

export const applicationInvite: ResourceDef = {
  name: 'application_invite',
  aliases: ['invitee__is_invited_to__application'],
  table: 'application_invite',
  fields: [
    id,
    createdAt,
    // Posted as an email (a create input); the hook finds or makes the invitee row.
    fk('invitee', 'invitee', { writable: true, required: true, reference: { scope: 'any' } }),
    fk('is_invited_to__application', 'application', { writable: true, required: true, aliases: ['application'] }),
    fk('application_membership_role', 'application_membership_role', { writable: true, nullable: true }),
    fk('is_created_by__user', 'user', { nullable: true }),
    writable('message', 'Text', { nullable: true }),
    field('expires_at', 'Date Time'),
    // SHA-256 of the emailed link's token (invitations/invite-token.ts).
    { name: 'token_hash', type: 'Short Text', hidden: true },
  ],
  permissions: applicationInvitePermissions,
  hooks: applicationInviteHooks,
  // balena-sdk posts `invitee` as an email string (compat §6.3); the hook resolves it.
  createInputs: ['invitee'],
};

export const userHasDirectAccessToApplication: ResourceDef = {
  name: 'user__has_direct_access_to__application',
  table: 'user__has_direct_access_to__application',
  fields: [
    id,
    fk('user', 'user', { aliases: ['is_directly_accessible_by__user'] }),
    fk('has_direct_access_to__application', 'application', { aliases: ['application'] }),
  ],
  // Only the caller's own rows: that is what `is_directly_accessible_by__user/any(…)` means.
  permissions: {
    read: byPrincipal({ user: (a, p) => sql`${col(a, 'user')} = ${p.userId}` }),
    create: nobody,
    update: nobody,
    delete: nobody,
  },
};
