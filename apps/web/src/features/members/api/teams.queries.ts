import { queryOptions } from '@tanstack/react-query';
import { pine } from '../../../lib/pine.ts';

/**
 * A member's teams in one organization (accounts spec §2). Adding and removing go through the
 * teams feature's calls (teams/api/teams.mutations.ts), the one place they are written.
 */

export const memberTeamKeys = {
  all: ['member-teams'] as const,
  ofMember: (orgId: number, userId: number) => ['member-teams', orgId, userId] as const,
};

export interface TeamRef {
  id: number;
  name: string;
}

export interface MemberTeamRow {
  /** The team_membership id (what removal deletes). */
  id: number;
  is_member_of__team: TeamRef[];
}

export function memberTeamsQuery(orgId: number, userId: number) {
  return queryOptions({
    queryKey: memberTeamKeys.ofMember(orgId, userId),
    queryFn: async (): Promise<MemberTeamRow[]> =>
      (await pine.get({
        resource: 'team_membership',
        options: {
          $select: ['id'],
          $filter: { user: userId, $eq: [{ $: ['is_member_of__team', 'belongs_to__organization'] }, orgId] },
          $expand: { is_member_of__team: { $select: ['id', 'name'] } },
        },
      })) as MemberTeamRow[],
  });
}
