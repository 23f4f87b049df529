import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { expanded } from '@flotilla/core/schemas/odata/common';
import * as team from '@flotilla/core/schemas/odata/team';
import * as teamMembership from '@flotilla/core/schemas/odata/team-membership';
import { odataList } from '../../../lib/odata.ts';
import { teamKeys } from '../../teams/api/teams.queries.ts';

/**
 * A member's teams in one organization (accounts spec §2). The keys sit under the teams
 * feature's `teamKeys.all`, so a team write there (rename, delete, membership) refreshes these
 * too, and adding the member to a team here refreshes the team pages. Writes: members.mutations.ts.
 */
export const memberTeamKeys = {
  all: [...teamKeys.all, 'of-member'] as const,
  ofMember: (orgId: number, userId: number) => [...memberTeamKeys.all, orgId, userId] as const,
};

const teamRef = team.row.pick({ id: true, name: true });
export type TeamRef = z.output<typeof teamRef>;

/** A team_membership (its id is what removal deletes) with the team it is in. */
const memberTeamRow = teamMembership.row.pick({ id: true }).extend({ is_member_of__team: expanded(teamRef) });
export type MemberTeamRow = z.output<typeof memberTeamRow>;

export function memberTeamsQuery(orgId: number, userId: number) {
  return queryOptions({
    queryKey: memberTeamKeys.ofMember(orgId, userId),
    queryFn: () =>
      odataList(memberTeamRow, {
        resource: teamMembership.resource,
        options: {
          $select: ['id'],
          $filter: { user: userId, $eq: [{ $: ['is_member_of__team', 'belongs_to__organization'] }, orgId] },
          $expand: { is_member_of__team: { $select: ['id', 'name'] } },
        },
      }),
  });
}
