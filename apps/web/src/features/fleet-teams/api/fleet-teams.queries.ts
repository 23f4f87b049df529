import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import * as applicationMembershipRole from '@flotilla/core/schemas/odata/application-membership-role';
import { expanded } from '@flotilla/core/schemas/odata/common';
import * as team from '@flotilla/core/schemas/odata/team';
import * as teamApplicationAccess from '@flotilla/core/schemas/odata/team-application-access';
import { listODataOptions } from '../../../components/data-list/list-odata.ts';
import type { ListParams } from '../../../components/data-list/list-search.ts';
import { odataList, odataPage } from '../../../lib/odata.ts';
import { DEFAULT_POLL_MS } from '../../../lib/query-client.ts';
import { FLEET_TEAM_LIST } from '../fleet-team-list.ts';

/**
 * Team access to one fleet (fleets spec §3 "Team application access: id, team (id, name, team
 * memberships), application_membership_role", §7). Writes: fleet-teams.mutations.ts.
 */
export const fleetTeamKeys = {
  all: ['fleet-teams'] as const,
  fleet: (fleetId: number) => [...fleetTeamKeys.all, fleetId] as const,
  page: (fleetId: number, params: ListParams) => [...fleetTeamKeys.fleet(fleetId), 'page', params] as const,
  grantedTeams: (fleetId: number) => [...fleetTeamKeys.fleet(fleetId), 'granted-teams'] as const,
  organizationTeams: (orgId: number) => [...fleetTeamKeys.all, 'organization-teams', orgId] as const,
};

const accessRow = teamApplicationAccess.row.pick({ id: true }).extend({
  team: expanded(team.row.pick({ id: true, name: true }).extend({ team_membership: z.number().int() })),
  application_membership_role: expanded(applicationMembershipRole.row.pick({ id: true, name: true })),
});
export type FleetTeamRow = z.output<typeof accessRow>;

export const fleetTeamName = (row: FleetTeamRow): string => row.team[0]?.name ?? '—';
export const fleetTeamRole = (row: FleetTeamRow): string => row.application_membership_role[0]?.name ?? '';

/** One page of the teams with access to the fleet, with the total the same filter matches. */
export function fleetTeamPageQuery(fleetId: number, params: ListParams) {
  return queryOptions({
    queryKey: fleetTeamKeys.page(fleetId, params),
    queryFn: () => {
      const scope = { grants_access_to__application: fleetId };
      const { $filter, $orderby, $top, $skip } = listODataOptions(FLEET_TEAM_LIST, params, scope);
      return odataPage(
        accessRow,
        {
          resource: teamApplicationAccess.resource,
          options: {
            $select: ['id'],
            $expand: {
              team: { $select: ['id', 'name'], $expand: { team_membership: { $count: {} } } },
              application_membership_role: { $select: ['id', 'name'] },
            },
            $filter,
            $orderby,
            $top,
            $skip,
          },
        },
        scope,
      );
    },
    placeholderData: keepPreviousData,
    refetchInterval: DEFAULT_POLL_MS,
  });
}

const grantedRow = teamApplicationAccess.row.pick({ id: true, team: true });

/** Ids of every team with access to the fleet (all pages): who "Add to team" no longer offers. */
export function grantedTeamIdsQuery(fleetId: number) {
  return queryOptions({
    queryKey: fleetTeamKeys.grantedTeams(fleetId),
    queryFn: async () => {
      const rows = await odataList(grantedRow, {
        resource: teamApplicationAccess.resource,
        options: { $select: ['id', 'team'], $filter: { grants_access_to__application: fleetId } },
      });
      return new Set(rows.flatMap((row) => (row.team ? [row.team.__id] : [])));
    },
  });
}

const teamRef = team.row.pick({ id: true, name: true });

/** The teams of the fleet's organization (a team can only reach fleets of its organization). */
export function organizationTeamsQuery(orgId: number) {
  return queryOptions({
    queryKey: fleetTeamKeys.organizationTeams(orgId),
    queryFn: () =>
      odataList(teamRef, { resource: team.resource, options: { $select: ['id', 'name'], $filter: { belongs_to__organization: orgId }, $orderby: { name: 'asc' } } }),
  });
}
