import { z } from 'zod';
import type { IdentityProviderCreateBody, IdentityProviderFields } from '@flotilla/core/saml';
import { pine } from '../../../lib/pine.ts';
import { parseResponse } from '../../../lib/parse-response.ts';

/** The HTTP calls behind the identity provider mutations (accounts spec §7 "Identity providers"). */

const created = z.object({ id: z.number().int() });

/** POST {sso_identifier, entry_point, issuer, certificate, organization_id}: the API makes the memberships. */
export async function createIdentityProvider(body: IdentityProviderCreateBody): Promise<number> {
  return parseResponse(created, 'identity_provider', await pine.post({ resource: 'identity_provider', body })).id;
}

export async function updateIdentityProvider(id: number, body: IdentityProviderFields): Promise<void> {
  await pine.patch({ resource: 'identity_provider', id, body });
}

export async function deleteIdentityProvider(id: number): Promise<void> {
  await pine.delete({ resource: 'identity_provider', id });
}

/** One POST {organization, is_authorized_by__identity_provider} per organization (§7). */
export async function addIdentityProviderMemberships(providerId: number, orgIds: readonly number[]): Promise<void> {
  for (const organization of orgIds) {
    await pine.post({ resource: 'identity_provider_membership', body: { organization, is_authorized_by__identity_provider: providerId } });
  }
}

/** PATCH {grants_access_to__team}: the team new accounts of the organization join, or none. */
export async function setMembershipDefaultTeam(membershipId: number, teamId: number | null): Promise<void> {
  await pine.patch({ resource: 'identity_provider_membership', id: membershipId, body: { grants_access_to__team: teamId } });
}

export async function deleteIdentityProviderMembership(membershipId: number): Promise<void> {
  await pine.delete({ resource: 'identity_provider_membership', id: membershipId });
}
