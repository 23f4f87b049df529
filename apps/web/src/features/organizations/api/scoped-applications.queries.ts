import { queryOptions } from '@tanstack/react-query';
import type { Filter } from 'pinejs-client-core';
import { z } from 'zod';
import * as application from '@flotilla/core/schemas/odata/application';
import { expanded } from '@flotilla/core/schemas/odata/common';
import * as deviceType from '@flotilla/core/schemas/odata/device-type';
import type { ApplicationClass } from '../../../lib/model.ts';
import { odataList } from '../../../lib/odata.ts';
import { DEFAULT_POLL_MS } from '../../../lib/query-client.ts';
import { orgKeys } from './organizations.queries.ts';

/**
 * Which applications of an organization a list shows (accounts spec §2: the organization-,
 * member- and team-scoped fleets, apps and blocks pages).
 * - organization: every application of the organization the viewer can read;
 * - member: those the user reaches directly — a fleet membership or a team with access;
 * - team: those the team has been granted access to.
 */
export type ApplicationScope = { kind: 'organization' } | { kind: 'member'; userId: number } | { kind: 'team'; teamId: number };

const scopedApplicationRow = application.row.pick({ id: true, app_name: true, slug: true }).extend({
  is_for__device_type: expanded(deviceType.row.pick({ slug: true, name: true })),
  // `$count` expand: the number of devices.
  owns__device: z.number().int(),
});
export type ScopedApplication = z.output<typeof scopedApplicationRow>;

/** The OData filter for a scope (exported for the unit test). */
export function scopeFilter(orgId: number, applicationClass: ApplicationClass, scope: ApplicationScope): Filter {
  const base: Filter = { organization: orgId, is_of__class: applicationClass };
  switch (scope.kind) {
    case 'organization':
      return base;
    case 'team':
      return {
        ...base,
        team_application_access: { $any: { $alias: 'taa', $expr: { taa: { team: scope.teamId } } } },
      };
    case 'member':
      return {
        ...base,
        $or: [
          { user_application_membership: { $any: { $alias: 'uam', $expr: { uam: { user: scope.userId } } } } },
          {
            team_application_access: {
              $any: {
                $alias: 'taa',
                $expr: { taa: { team: { team_membership: { $any: { $alias: 'tm', $expr: { tm: { user: scope.userId } } } } } } },
              },
            },
          },
        ],
      };
  }
}

function scopeKey(scope: ApplicationScope): string {
  return scope.kind === 'organization' ? 'organization' : scope.kind === 'member' ? `member:${scope.userId}` : `team:${scope.teamId}`;
}

export function scopedApplicationsQuery(orgId: number, applicationClass: ApplicationClass, scope: ApplicationScope) {
  return queryOptions({
    queryKey: orgKeys.scopedApplications(orgId, applicationClass, scopeKey(scope)),
    queryFn: () =>
      odataList(scopedApplicationRow, {
        resource: application.resource,
        options: {
          $select: ['id', 'app_name', 'slug'],
          $filter: scopeFilter(orgId, applicationClass, scope),
          $expand: { is_for__device_type: { $select: ['slug', 'name'] }, owns__device: { $count: {} } },
          $orderby: { app_name: 'asc' },
        },
      }),
    refetchInterval: DEFAULT_POLL_MS,
  });
}
