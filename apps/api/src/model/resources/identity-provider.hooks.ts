import { sql } from 'kysely';
import { isStorableText } from '@flotilla/core/schemas/primitives';
import { ISSUER_MAX_LENGTH, isValidEntryPoint, normalizeCertificate, ssoIdentifierProblem } from '@flotilla/core/saml';
import { badRequest, conflict, forbidden, unauthorized } from '../../lib/errors.ts';
import { orgHasSamlAccess } from '../../saml/saml.repository.ts';
import { userOrgPermission } from '../access/rule-builders.ts';
import type { Values, WriteContext } from '../types.ts';

/**
 * The identity provider rules the OData writes obey (accounts spec §4, §5, §6):
 * - its fields: the SSO identifier rule, an entry point URL, an issuer, a certificate with its
 *   markers once each (stored wrapped at 64);
 * - a new provider names `organization_id` (one id or a list, at least one): the caller must
 *   administer each, and each must be on a plan with saml_access; the memberships are made with
 *   the provider and the caller must then administer it (the post-check);
 * - it cannot be deleted while saml accounts it made exist;
 * - a membership cannot be removed when it is its provider's last.
 */
export const NO_ORGANIZATION = 'Select at least one organization';
export const ORGANIZATION_NOT_ADMINISTERED = '"organization_id" must reference organizations that you administer';
export const SAML_NOT_IN_PLAN = "The organization's plan does not include SAML single sign-on";
export const PROVIDER_HAS_ACCOUNTS = 'The identity provider cannot be removed while accounts signed in through it exist';
export const LAST_ORGANIZATION = 'An identity provider must keep at least one organization';

function assertProviderFields(values: Values): Values {
  const out = { ...values };
  if (typeof out.sso_identifier === 'string') {
    const problem = ssoIdentifierProblem(out.sso_identifier);
    if (problem) throw badRequest(`Invalid SSO identifier: ${problem.replace(/_/g, ' ')}`, `sso_identifier_${problem}`);
  }
  if (typeof out.entry_point === 'string' && !isValidEntryPoint(out.entry_point)) throw badRequest('The entry point must be a valid URL', 'invalid_url');
  if (typeof out.issuer === 'string') {
    out.issuer = out.issuer.trim();
    if (out.issuer === '' || (out.issuer as string).length > ISSUER_MAX_LENGTH || !isStorableText(out.issuer as string)) throw badRequest('The issuer is required', 'invalid_issuer');
  }
  if (typeof out.certificate === 'string') {
    const certificate = normalizeCertificate(out.certificate);
    if (!certificate) throw badRequest('The certificate must start and end with the certificate markers, each exactly once', 'invalid_certificate_format');
    out.certificate = certificate;
  }
  return out;
}

function organizationIdsOf(value: unknown): number[] {
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  const ids = list.map((v) => (typeof v === 'object' && v !== null && '__id' in v ? (v as { __id: unknown }).__id : v));
  if (ids.some((id) => typeof id !== 'number' || !Number.isInteger(id) || id <= 0 || id > 2_147_483_647)) throw badRequest('"organization_id" must be organization ids');
  const unique = [...new Set(ids as number[])];
  if (unique.length === 0) throw badRequest(NO_ORGANIZATION, 'no_organization_selected');
  if (unique.length > 100) throw badRequest('Too many organizations');
  return unique;
}

/** The organizations a POST named, from beforeCreate to afterCreate (the same write context). */
const pendingOrganizations = new WeakMap<WriteContext, number[]>();

export async function beforeCreateProvider(values: Values, ctx: WriteContext): Promise<Values> {
  const { organization_id: organizationId, ...fields } = values;
  const checked = assertProviderFields(fields);
  const orgIds = organizationIdsOf(organizationId);
  const p = ctx.principal;
  if (p.kind === 'user') {
    const administers = userOrgPermission(p, 'resin.organization.update', sql.ref('o.id'));
    const rows = await sql<{ id: number; is_admin: boolean; has_saml: boolean }>`
      SELECT o.id, coalesce(${administers === true ? sql`TRUE` : administers === false ? sql`FALSE` : administers}, FALSE) AS is_admin, ${orgHasSamlAccess(sql`o.id`)} AS has_saml
      FROM organization o WHERE o.id = ANY(${`{${orgIds.join(',')}}`}::int[])`.execute(ctx.db);
    // A missing organization and one the caller does not administer answer alike.
    if (rows.rows.length !== orgIds.length || rows.rows.some((r) => !r.is_admin)) throw forbidden(ORGANIZATION_NOT_ADMINISTERED, 'reference_not_allowed');
    if (rows.rows.some((r) => !r.has_saml)) throw forbidden(SAML_NOT_IN_PLAN, 'saml_access_required');
  } else if (p.kind !== 'system') {
    throw unauthorized();
  }
  pendingOrganizations.set(ctx, orgIds);
  return checked;
}

export async function afterCreateProvider(row: Values & { id: number }, ctx: WriteContext): Promise<void> {
  const orgIds = pendingOrganizations.get(ctx) ?? [];
  pendingOrganizations.delete(ctx);
  await ctx.db
    .insertInto('identity_provider_membership')
    .values(orgIds.map((org) => ({ is_authorized_by__identity_provider: row.id, authorizes__organization: org })))
    .execute();
}

export function beforeUpdateProvider(patch: Values): Values {
  return assertProviderFields(patch);
}

export async function beforeDeleteProvider(ids: number[], ctx: WriteContext): Promise<void> {
  const accounts = await ctx.db.selectFrom('saml_account').select('id').where('was_generated_by__identity_provider', 'in', ids).limit(1).execute();
  if (accounts.length > 0) throw conflict(PROVIDER_HAS_ACCOUNTS, 'idp_has_saml_accounts');
}

/** Removing memberships must leave each provider one (accounts spec §4). */
export async function beforeDeleteMemberships(ids: number[], ctx: WriteContext): Promise<void> {
  const left = await sql<{ provider: number; remaining: number }>`
    SELECT d.is_authorized_by__identity_provider AS provider,
      (SELECT count(*)::int FROM identity_provider_membership m WHERE m.is_authorized_by__identity_provider = d.is_authorized_by__identity_provider AND NOT (m.id = ANY(${`{${ids.join(',')}}`}::int[]))) AS remaining
    FROM identity_provider_membership d WHERE d.id = ANY(${`{${ids.join(',')}}`}::int[])`.execute(ctx.db);
  if (left.rows.some((r) => r.remaining === 0)) throw conflict(LAST_ORGANIZATION, 'idp_must_have_at_least_one_org');
}
