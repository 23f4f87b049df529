import { sql } from 'kysely';
import type { ResourceDef } from '../types.ts';
import { orgPermission } from '../access/org-rules.ts';
import { byPrincipal, col, column, nobody, or } from '../access/rule-builders.ts';
import { inSameOrganization } from '../access/reference-rules.ts';
import { createdAt, field, fk, id, reverse, writable } from './field-helpers.ts';
import { assertOAuthRedirectUri } from './oauth-application.hooks.ts';

/** The user administers an organization that the identity provider authorizes. */
const adminOfIdp = (idp: ReturnType<typeof col>, userId: number) =>
  sql`EXISTS (SELECT 1 FROM identity_provider_membership ipm JOIN user_organization_role r ON r.organization_id = ipm.authorizes__organization
       WHERE ipm.is_authorized_by__identity_provider = ${idp} AND r.user_id = ${userId} AND r.role_name IN ('administrator', 'balena_admin'))`;

const idpAdmin = byPrincipal({ user: (a, p) => adminOfIdp(col(a, 'id'), p.userId) });

export const identityProvider: ResourceDef = {
  name: 'identity_provider',
  table: 'identity_provider',
  fields: [
    id,
    createdAt,
    writable('sso_identifier', 'Short Text', { required: true }),
    writable('entry_point', 'Text', { required: true }),
    writable('issuer', 'Text', { required: true }),
    writable('certificate', 'Text', { required: true }),
  ],
  navs: [
    reverse('identity_provider_membership', 'identity_provider_membership', 'is_authorized_by__identity_provider'),
    reverse('saml_account', 'saml_account', 'was_generated_by__identity_provider'),
  ],
  naturalKeys: [['sso_identifier']],
  // Providers are created with their first organization by the SAML routes; admins manage them here.
  permissions: { read: idpAdmin, create: nobody, update: idpAdmin, delete: idpAdmin },
};

const membershipOrg = column('authorizes__organization');
const idpOrgAdmin = byPrincipal({ user: orgPermission('resin.organization.update', membershipOrg) });

export const identityProviderMembership: ResourceDef = {
  name: 'identity_provider_membership',
  table: 'identity_provider_membership',
  fields: [
    id,
    createdAt,
    fk('is_authorized_by__identity_provider', 'identity_provider', { writable: true, required: true }),
    fk('authorizes__organization', 'organization', { writable: true, required: true, aliases: ['organization'] }),
    fk('grants_access_to__team', 'team', {
      writable: true,
      nullable: true,
      reference: { rules: [inSameOrganization('belongs_to__organization', column('authorizes__organization'), "The team must belong to the provider's organization")] },
    }),
  ],
  naturalKeys: [['is_authorized_by__identity_provider', 'authorizes__organization']],
  permissions: { read: idpOrgAdmin, create: idpOrgAdmin, update: idpOrgAdmin, delete: idpOrgAdmin },
};

export const samlAccount: ResourceDef = {
  name: 'saml_account',
  table: 'saml_account',
  fields: [
    id,
    createdAt,
    fk('belongs_to__user', 'user'),
    fk('was_generated_by__identity_provider', 'identity_provider'),
    field('remote_id', 'Short Text'),
    field('display_name', 'Short Text', { nullable: true }),
  ],
  permissions: {
    read: byPrincipal({
      user: (a, p) => or(sql`${col(a, 'belongs_to__user')} = ${p.userId}`, adminOfIdp(col(a, 'was_generated_by__identity_provider'), p.userId)),
    }),
    create: nobody,
    update: nobody,
    delete: nobody,
  },
};

const ownBy = (column_: string) => byPrincipal({ user: (a, p) => sql`${col(a, column_)} = ${p.userId}` });

export const socialServiceAccount: ResourceDef = {
  name: 'social_service_account',
  table: 'social_service_account',
  fields: [id, createdAt, fk('belongs_to__user', 'user'), field('provider', 'Short Text'), field('display_name', 'Short Text', { nullable: true })],
  permissions: { read: ownBy('belongs_to__user'), create: nobody, update: nobody, delete: ownBy('belongs_to__user') },
};

export const oauthApplication: ResourceDef = {
  name: 'oauth_application',
  table: 'oauth_application',
  fields: [
    id,
    createdAt,
    field('client_id', 'Short Text'),
    writable('redirect_uri', 'Text', { required: true }),
    writable('name', 'Short Text', { required: true }),
    writable('description', 'Text', { nullable: true }),
    fk('is_created_by__user', 'user', { nullable: true }),
    { name: 'client_secret_hash', type: 'Short Text', hidden: true },
  ],
  naturalKeys: [['client_id']],
  // The consent screen shows any application's name to a user; only its creator changes it. Keys
  // of devices and fleets have no consent to give.
  permissions: { read: byPrincipal({ user: () => true }), create: nobody, update: ownBy('is_created_by__user'), delete: ownBy('is_created_by__user') },
  // A changed redirect URI obeys the rule it was registered under (apps/api/src/oauth/).
  hooks: { beforeUpdate: (patch) => assertOAuthRedirectUri(patch) },
};

export const oauthApplicationAuthorization: ResourceDef = {
  name: 'oauth_application_authorization',
  table: 'oauth_application_authorization',
  fields: [id, createdAt, fk('belongs_to__user', 'user'), fk('oauth_application', 'oauth_application')],
  permissions: { read: ownBy('belongs_to__user'), create: nobody, update: nobody, delete: ownBy('belongs_to__user') },
};
