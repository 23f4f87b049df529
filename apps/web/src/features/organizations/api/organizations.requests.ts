import { z } from 'zod';
import * as organization from '@flotilla/core/schemas/odata/organization';
import * as organizationMembership from '@flotilla/core/schemas/odata/organization-membership';
import { ApiError } from '../../../lib/http.ts';
import { parseResponse } from '../../../lib/parse-response.ts';
import { pine } from '../../../lib/pine.ts';

/**
 * The HTTP calls behind the organization mutations (api/organizations.mutations.ts; accounts
 * spec §7: create {name, logo_image}, PATCH {name} or {logo_image}, remove).
 */

/** What the dashboard reads of the created row (POST answers the whole row). */
const createdOrganization = organization.row.pick({ id: true, name: true, handle: true });
export type CreatedOrganization = z.output<typeof createdOrganization>;

async function postOrganization(body: { name: string; logo_image?: string }): Promise<CreatedOrganization> {
  return parseResponse(createdOrganization, organization.resource, await pine.post({ resource: organization.resource, body }));
}

/**
 * Creates the organization, with the logo when one is given. A logo the API rejects (400) never
 * blocks creation (accounts spec §5): the organization is created without it and `logoError`
 * says why, for the screen to tell.
 */
export async function createOrganization(name: string, logoImage: string | null): Promise<{ org: CreatedOrganization; logoError: ApiError | null }> {
  if (!logoImage) return { org: await postOrganization({ name }), logoError: null };
  try {
    return { org: await postOrganization({ name, logo_image: logoImage }), logoError: null };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return { org: await postOrganization({ name }), logoError: error };
    throw error;
  }
}

export async function updateOrganization(id: number, body: { name: string } | { logo_image: string | null }): Promise<void> {
  await pine.patch({ resource: organization.resource, id, body });
}

export async function deleteOrganization(id: number): Promise<void> {
  await pine.delete({ resource: organization.resource, id });
}

/** Leaving is deleting one's own membership (the API keeps the last administrator). */
export async function deleteMembership(membershipId: number): Promise<void> {
  await pine.delete({ resource: organizationMembership.resource, id: membershipId });
}
