import { queryOptions } from '@tanstack/react-query';
import { pine } from '../../../lib/pine.ts';

/**
 * A member's teams in one organization and the add-team-to-member dialog (accounts spec §2,
 * §7 "POST team_membership {username, is_member_of__team}; DELETE by id").
 */

export const memberTeamKeys = {
  all: ['member-teams'] as const,
  ofMember: (orgId: number, userId: number) => ['member-teams', orgId, userId] as const,
  orgTeams: (orgId: number) => ['member-teams', orgId, 'org-teams'] as const,
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

export function organizationTeamsQuery(orgId: number) {
  return queryOptions({
    queryKey: memberTeamKeys.orgTeams(orgId),
    queryFn: async (): Promise<TeamRef[]> =>
      (await pine.get({
        resource: 'team',
        options: { $select: ['id', 'name'], $filter: { belongs_to__organization: orgId }, $orderby: { name: 'asc' } },
      })) as TeamRef[],
  });
}

/** The server resolves the username (the user must be a member of the team's organization). */
export function addUserToTeam(username: string, teamId: number): Promise<unknown> {
  return pine.post({ resource: 'team_membership', body: { username, is_member_of__team: teamId } });
}

export function removeTeamMembership(teamMembershipId: number): Promise<unknown> {
  return pine.delete({ resource: 'team_membership', id: teamMembershipId });
}
