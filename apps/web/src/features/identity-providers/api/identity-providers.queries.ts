import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { expanded } from '@flotilla/core/schemas/odata/common';
import * as identityProvider from '@flotilla/core/schemas/odata/identity-provider';
import * as identityProviderMembership from '@flotilla/core/schemas/odata/identity-provider-membership';
import * as organization from '@flotilla/core/schemas/odata/organization';
import * as team from '@flotilla/core/schemas/odata/team';
import { ApiError } from '../../../lib/http.ts';
import { odataCount, odataList, odataOne } from '../../../lib/odata.ts';
import { identityProviderKeys } from './identity-provider-keys.ts';

/**
 * Identity provider reads (accounts spec §3 identity_provider, §7 "Identity providers"); their
 * keys are in identity-provider-keys.ts.
 */

const providerListRow = identityProvider.row.pick({ id: true, sso_identifier: true });

/**
 * The providers of the organizations the user administers (§7 "GET filtered by admin
 * membership"), oldest first: the list page goes to the first one.
 */
export function identityProviderListQuery(administeredOrgIds: readonly number[]) {
  return queryOptions({
    queryKey: identityProviderKeys.list(administeredOrgIds),
    queryFn: async () => {
      if (administeredOrgIds.length === 0) return [];
      return odataList(providerListRow, {
        resource: identityProvider.resource,
        options: {
          $select: ['id', 'sso_identifier'],
          $filter: { identity_provider_membership: { $any: { $alias: 'm', $expr: { m: { authorizes__organization: { $in: [...administeredOrgIds] } } } } } },
          $orderby: { id: 'asc' },
        },
      });
    },
  });
}

const membershipRow = identityProviderMembership.row.pick({ id: true, authorizes__organization: true }).extend({
  // Empty when the organization is not visible to the user (an administrator of another of the provider's organizations).
  authorizes__organization: expanded(organization.row.pick({ id: true, name: true, handle: true })),
  grants_access_to__team: expanded(team.row.pick({ id: true, name: true })),
});

const providerRow = identityProvider.row.pick({ id: true, sso_identifier: true, entry_point: true, issuer: true, certificate: true }).extend({
  identity_provider_membership: z.array(membershipRow),
});

function toProvider(row: z.output<typeof providerRow>) {
  const memberships = row.identity_provider_membership.map((m) => ({
    id: m.id,
    organization: m.authorizes__organization[0] ?? null,
    defaultTeam: m.grants_access_to__team[0] ?? null,
  }));
  memberships.sort((a, b) => (a.organization?.name ?? '').localeCompare(b.organization?.name ?? '', undefined, { sensitivity: 'base' }) || a.id - b.id);
  return { id: row.id, sso_identifier: row.sso_identifier, entry_point: row.entry_point, issuer: row.issuer, certificate: row.certificate, memberships };
}
export type IdentityProvider = ReturnType<typeof toProvider>;
export type IdentityProviderMembership = IdentityProvider['memberships'][number];

/**
 * `GET identity_provider(id)` with its memberships, their organizations and default teams (§7),
 * or null when it does not exist or is not visible (the page then goes back to the list).
 */
export function identityProviderQuery(id: number) {
  return queryOptions({
    queryKey: identityProviderKeys.detail(id),
    queryFn: async (): Promise<IdentityProvider | null> => {
      try {
        const row = await odataOne(providerRow, {
          resource: identityProvider.resource,
          id,
          options: {
            $select: ['id', 'sso_identifier', 'entry_point', 'issuer', 'certificate'],
            $expand: {
              identity_provider_membership: {
                $select: ['id', 'authorizes__organization', 'grants_access_to__team'],
                $expand: { authorizes__organization: { $select: ['id', 'name', 'handle'] }, grants_access_to__team: { $select: ['id', 'name'] } },
              },
            },
          },
        });
        return row ? toProvider(row) : null;
      } catch (error) {
        // Not found or not the caller's; a 429 or a 500 is a failure to show with Retry.
        if (error instanceof ApiError && (error.status === 404 || error.status === 403)) return null;
        throw error;
      }
    },
  });
}

/** `GET saml_account/$count` of the provider (§7): it cannot be removed while any exist (§4). */
export function samlAccountCountQuery(id: number) {
  return queryOptions({
    queryKey: identityProviderKeys.accountCount(id),
    queryFn: () => odataCount('saml_account', { was_generated_by__identity_provider: id }),
  });
}
