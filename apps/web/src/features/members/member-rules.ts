import { ROLE_MONTHLY_PRICE_CENTS, type OrganizationRoleName } from '@flotilla/core/roles';
import type { ApplicationClass } from '../../lib/model.ts';

/**
 * Rules of the members screen (accounts spec §5, §6, §9) as plain functions so they are unit
 * tested apart from the table.
 */

/** Accounts spec §9: the members table refetches on an interval (value not shown); 30 s. */
export const MEMBER_REFETCH_MS = 30_000;

/**
 * Accounts spec §5 "Member deletion disabled if it would remove all administrators" and §6
 * "The last administrator cannot be deleted": true when every administrator of the
 * organization is in the selection. `adminCount` is the organization-wide count, so a
 * selection on one page is judged against administrators on every page.
 */
export function wouldRemoveAllAdmins(selectedRoles: readonly string[], adminCount: number): boolean {
  const selectedAdmins = selectedRoles.filter((role) => role === 'administrator').length;
  return adminCount > 0 && selectedAdmins >= adminCount;
}

/**
 * The monthly price hint for an organization role in the invite dialog (accounts spec §6
 * "Member prices per month"). Administrator is priced there ($49). The member role is not: a
 * member is read-only and has access only to what fleets and teams grant (§6), and §9 bills a
 * seat by the member's most privileged role with `member` last, after observer (unlimited, i.e.
 * free). So the hint for member says it costs nothing by itself and that the seat follows the
 * fleet roles given later — quoting a price for it would be wrong in both directions.
 */
export type PriceHint = { kind: 'monthly'; dollars: number } | { kind: 'byFleetRole' };

export function organizationRolePriceHint(role: OrganizationRoleName): PriceHint {
  if (role === 'member') return { kind: 'byFleetRole' };
  return { kind: 'monthly', dollars: ROLE_MONTHLY_PRICE_CENTS[role] / 100 };
}

/** Tags are (tag_key, value); a key is required and unique per member. */
export function validateTagKey(key: string, existingKeys: readonly string[]): 'required' | 'duplicate' | null {
  const trimmed = key.trim();
  if (trimmed === '') return 'required';
  return existingKeys.includes(trimmed) ? 'duplicate' : null;
}

export type MemberSection = 'teams' | ApplicationClass;
const SECTIONS: Record<string, MemberSection> = { teams: 'teams', fleets: 'fleet', apps: 'app', blocks: 'block' };

/** The section of a member page named by the last path segment (one component serves all four routes). */
export function memberSectionFromPath(pathname: string): MemberSection {
  const last = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  return SECTIONS[last] ?? 'teams';
}
