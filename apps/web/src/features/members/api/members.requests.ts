import * as membership from '@flotilla/core/schemas/odata/organization-membership';
import * as membershipTag from '@flotilla/core/schemas/odata/organization-membership-tag';
import { pine } from '../../../lib/pine.ts';

/** The HTTP calls behind the member mutations (api/members.mutations.ts). */

/**
 * Changes the role of each member one request at a time (accounts spec §9 "Role changes
 * concurrency 1"): the last-administrator check on the server sees each change before the next,
 * so demoting a selection can never leave the organization without an administrator through a
 * race. Stops at the first failure (earlier changes stay; the list is refetched either way).
 */
export async function changeMemberRoles(memberIds: readonly number[], roleId: number): Promise<void> {
  for (const id of memberIds) {
    await pine.patch({ resource: membership.resource, id, body: { organization_membership_role: roleId } });
  }
}

/** Removes members in one request (all or nothing: the server refuses a set that holds the last administrator). */
export async function removeMembers(memberIds: readonly number[]): Promise<void> {
  const [only] = memberIds;
  if (memberIds.length === 1 && only !== undefined) {
    await pine.delete({ resource: membership.resource, id: only });
    return;
  }
  await pine.delete({ resource: membership.resource, options: { $filter: { id: { $in: [...memberIds] } } } });
}

export async function createMemberTag(memberId: number, tagKey: string, value: string): Promise<void> {
  await pine.post({ resource: membershipTag.resource, body: { organization_membership: memberId, tag_key: tagKey.trim(), value } });
}

export async function updateMemberTag(tagId: number, value: string): Promise<void> {
  await pine.patch({ resource: membershipTag.resource, id: tagId, body: { value } });
}

export async function deleteMemberTag(tagId: number): Promise<void> {
  await pine.delete({ resource: membershipTag.resource, id: tagId });
}
