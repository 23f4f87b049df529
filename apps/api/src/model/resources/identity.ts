import { sql } from 'kysely';
import type { ResourceDef } from '../types.ts';
import { orgPermission } from '../access/org-rules.ts';
import { and, byPrincipal, col, column, nobody, or } from '../access/rule-builders.ts';
import { inSameOrganization } from '../access/reference-rules.ts';
import { createdAt, field, fk, id, reverse, writable } from './field-helpers.ts';
import { assertOAuthRedirectUri } from './oauth-application.hooks.ts';
import { unauthorized } from '../../lib/errors.ts';
import { orgHasSamlAccess } from '../../saml/saml.repository.ts';
import {
  afterCreateProvider,
  beforeCreateProvider,
  beforeDeleteMemberships,
  beforeDeleteProvider,
  beforeUpdateProvider,
} from './identity-provider.hooks.ts';

/** The user administers an organization that the identity provider authorizes. */
const adminOfIdp = (idp: ReturnType<typeof col>, userId: number) =>
  sql`EXISTS (SELECT 1 FROM identity_provider_membership ipm JOIN user_organization_role r ON r.organization_id = ipm.authorizes__organization
       WHERE ipm.is_authorized_by__identity_provider = ${idp} AND r.user_id = ${userId} AND r.role_name IN ('administrator', 'balena_admin'))`;

const idpAdmin = byPrincipal({ user: (a, p) => adminOfIdp(col(a, 'id'), p.userId) });

/**
 * The user belongs (any role) to an organization that the identity provider authorizes: they see
 * the provider's page read-only (accounts spec §6: edit and remove are for its administrators,
 * others see them disabled). Its fields are no secret: the certificate is the provider's public one.
 */
const memberOfIdpOrganization = (idp: ReturnType<typeof col>, userId: number) =>
  sql`EXISTS (SELECT 1 FROM identity_provider_membership ipm JOIN user_organization_role r ON r.organization_id = ipm.authorizes__organization
       WHERE ipm.is_authorized_by__identity_provider = ${idp} AND r.user_id = ${userId})`;

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
  // POST names `organization_id` (one or a list): identity-provider.hooks.ts checks the caller
  // administers each and each has saml_access, then makes the memberships; the caller must then
  // administer the provider (the post-check below). Device and fleet keys never create one.
  createInputs: ['organization_id'],
  permissions: { read: byPrincipal({ user: (a, p) => memberOfIdpOrganization(col(a, 'id'), p.userId) }), create: byPrincipal({ user: () => true }), update: idpAdmin, delete: idpAdmin },
  hooks: {
    beforeCreate: beforeCreateProvider,
    afterCreate: async (row, ctx) => {
      await afterCreateProvider(row, ctx);
      const p = ctx.principal;
      if (p.kind === 'system') return;
      if (p.kind !== 'user') throw unauthorized();
      const ok = await sql<{ ok: boolean }>`SELECT ${adminOfIdp(sql`${row.id}`, p.userId)} AS ok`.execute(ctx.db);
      if (ok.rows[0]?.ok !== true) throw unauthorized();
    },
    beforeUpdate: (patch) => beforeUpdateProvider(patch),
    beforeDelete: beforeDeleteProvider,
  },
};

const membershipOrg = column('authorizes__organization');
const idpOrgAdmin = byPrincipal({ user: orgPermission('resin.organization.update', membershipOrg) });
/** Whoever sees the provider sees all its memberships (the provider page lists them). */
const membershipRead = byPrincipal({
  user: (a, p) => or(orgPermission('resin.organization.update', membershipOrg)(a, p), memberOfIdpOrganization(col(a, 'is_authorized_by__identity_provider'), p.userId)),
});
/** Adding an organization: its administrator, already an administrator of the provider, on a plan with saml_access. */
const membershipCreate = byPrincipal({
  user: (a, p) => and(orgPermission('resin.organization.update', membershipOrg)(a, p), adminOfIdp(col(a, 'is_authorized_by__identity_provider'), p.userId), orgHasSamlAccess(col(a, 'authorizes__organization'))),
});

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
  permissions: { read: membershipRead, create: membershipCreate, update: idpOrgAdmin, delete: idpOrgAdmin },
  hooks: { beforeDelete: beforeDeleteMemberships },
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
  // Listed to its creator and to the users who authorized it (Preferences). The consent screen
  // reads one by its client id through GET /oauth/application/:clientId instead: a list open to
  // every user gave away every application's redirect URI and creator. Only the creator changes
  // it. Keys of devices and fleets have no consent to give.
  permissions: {
    read: byPrincipal({
      user: (a, p) =>
        or(
          sql`${col(a, 'is_created_by__user')} = ${p.userId}`,
          sql`EXISTS (SELECT 1 FROM oauth_application_authorization oaa WHERE oaa.oauth_application = ${col(a, 'id')} AND oaa.belongs_to__user = ${p.userId})`,
        ),
    }),
    create: nobody,
    update: ownBy('is_created_by__user'),
    delete: ownBy('is_created_by__user'),
  },
  // A changed redirect URI obeys the rule it was registered under (apps/api/src/oauth/).
  hooks: { beforeUpdate: (patch) => assertOAuthRedirectUri(patch) },
};

export const oauthApplicationAuthorization: ResourceDef = {
  name: 'oauth_application_authorization',
  table: 'oauth_application_authorization',
  fields: [id, createdAt, fk('belongs_to__user', 'user'), fk('oauth_application', 'oauth_application')],
  permissions: { read: ownBy('belongs_to__user'), create: nobody, update: nobody, delete: ownBy('belongs_to__user') },
};
