import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import type { MoveCandidate } from '@flotilla/core/device-move';
import * as application from '@flotilla/core/schemas/odata/application';
import * as applicationMembershipRole from '@flotilla/core/schemas/odata/application-membership-role';
import { expanded } from '@flotilla/core/schemas/odata/common';
import * as cpuArchitecture from '@flotilla/core/schemas/odata/cpu-architecture';
import * as device from '@flotilla/core/schemas/odata/device';
import * as deviceType from '@flotilla/core/schemas/odata/device-type';
import * as plan from '@flotilla/core/schemas/odata/plan';
import * as release from '@flotilla/core/schemas/odata/release';
import * as subscription from '@flotilla/core/schemas/odata/subscription';
import * as team from '@flotilla/core/schemas/odata/team';
import * as teamApplicationAccess from '@flotilla/core/schemas/odata/team-application-access';
import * as userApplicationMembership from '@flotilla/core/schemas/odata/user-application-membership';
import { odataList, odataOne } from '../../../lib/odata.ts';
import { deviceKeys } from '../../devices/api/devices.queries.ts';

/**
 * Query keys of the device settings page. The device's own settings sit under the device's
 * detail key, so every write that refreshes the device (deviceKeys.detail / deviceKeys.all)
 * refreshes them too; the rest (plan, move candidates) are the user's and the organization's.
 */
export const deviceSettingsKeys = {
  device: (uuid: string) => [...deviceKeys.detail(uuid), 'settings'] as const,
  all: ['device-settings'] as const,
  paidPlan: (organizationId: number) => [...deviceSettingsKeys.all, 'paid-plan', organizationId] as const,
  moveCandidates: (userId: number, organizationIds: readonly number[]) => [...deviceSettingsKeys.all, 'move-candidates', userId, organizationIds] as const,
};

const releaseRef = release.row.pick({ id: true, commit: true, raw_version: true });
const archOf = deviceType.row.pick({ id: true, slug: true }).extend({ is_of__cpu_architecture: expanded(cpuArchitecture.row.pick({ slug: true })) });

/** What the settings need beyond the device detail: its own pin (not the fleet's target) and its CPU architecture. */
const settingsRow = device.row.pick({ id: true }).extend({
  is_pinned_on__release: expanded(releaseRef),
  is_of__device_type: expanded(archOf),
});

export interface DeviceSettingsExtra {
  pinnedRelease: z.output<typeof releaseRef> | null;
  cpuArchitecture: string | null;
}

export function deviceSettingsQuery(uuid: string) {
  return queryOptions({
    queryKey: deviceSettingsKeys.device(uuid),
    queryFn: async (): Promise<DeviceSettingsExtra | null> => {
      const row = await odataOne(settingsRow, {
        resource: device.resource,
        id: { uuid },
        options: {
          $select: ['id', 'is_pinned_on__release', 'is_of__device_type'],
          $expand: {
            is_pinned_on__release: { $select: ['id', 'commit', 'raw_version'] },
            is_of__device_type: { $select: ['id', 'slug'], $expand: { is_of__cpu_architecture: { $select: ['slug'] } } },
          },
        },
      });
      if (!row) return null;
      return {
        pinnedRelease: row.is_pinned_on__release[0] ?? null,
        cpuArchitecture: row.is_of__device_type[0]?.is_of__cpu_architecture[0]?.slug ?? null,
      };
    },
  });
}

const activeSubscription = subscription.row.pick({ id: true }).extend({ is_for__plan: expanded(plan.row.pick({ billing_code: true })) });

/** Whether the organization is on a paid plan (an active subscription to a plan other than free): deactivation needs one. */
export function organizationPaidQuery(organizationId: number) {
  return queryOptions({
    queryKey: deviceSettingsKeys.paidPlan(organizationId),
    queryFn: async () => {
      const rows = await odataList(activeSubscription, {
        resource: subscription.resource,
        options: { $select: ['id'], $filter: { is_for__organization: organizationId, is_active: true }, $expand: { is_for__plan: { $select: ['billing_code'] } } },
      });
      const code = rows[0]?.is_for__plan[0]?.billing_code;
      return code !== undefined && code !== 'free';
    },
    staleTime: 60_000,
  });
}

const roleName = expanded(applicationMembershipRole.row.pick({ name: true }));
const candidateFleet = application.row.pick({ id: true, app_name: true, organization: true }).extend({
  is_for__device_type: expanded(deviceType.row.pick({ id: true }).extend({ is_of__cpu_architecture: expanded(cpuArchitecture.row.pick({ slug: true })) })),
  user_application_membership: z.array(userApplicationMembership.row.pick({ id: true }).extend({ application_membership_role: roleName })),
});
const teamWithAccess = team.row.pick({ id: true }).extend({
  team_application_access: z.array(teamApplicationAccess.row.pick({ id: true, grants_access_to__application: true }).extend({ application_membership_role: roleName })),
});

/**
 * The fleets of the user's organizations with the user's roles on each — own membership and
 * team grants, the same role data the permissions layer (lib/permissions.ts) reads — and the
 * CPU architecture each runs: what packages/core device-move.ts decides the move targets from.
 */
export function moveCandidatesQuery(userId: number, organizationIds: readonly number[]) {
  return queryOptions({
    queryKey: deviceSettingsKeys.moveCandidates(userId, organizationIds),
    queryFn: async (): Promise<MoveCandidate[]> => {
      if (organizationIds.length === 0) return [];
      const [fleets, teams] = await Promise.all([
        odataList(candidateFleet, {
          resource: application.resource,
          options: {
            $select: ['id', 'app_name', 'organization'],
            $filter: { is_of__class: 'fleet', is_host: false, organization: { $in: [...organizationIds] } },
            $expand: {
              is_for__device_type: { $select: ['id'], $expand: { is_of__cpu_architecture: { $select: ['slug'] } } },
              user_application_membership: { $select: ['id'], $filter: { user: userId }, $expand: { application_membership_role: { $select: ['name'] } } },
            },
            $orderby: { app_name: 'asc' },
          },
        }),
        // Asked from the team side: a filter cannot start with a path through a single-valued navigation.
        odataList(teamWithAccess, {
          resource: team.resource,
          options: {
            $select: ['id'],
            $filter: { team_membership: { $any: { $alias: 'tm', $expr: { tm: { user: userId } } } } },
            $expand: {
              team_application_access: { $select: ['id', 'grants_access_to__application'], $expand: { application_membership_role: { $select: ['name'] } } },
            },
          },
        }),
      ]);
      const teamRoles = new Map<number, string[]>();
      for (const access of teams.flatMap((t) => t.team_application_access)) {
        const fleetId = access.grants_access_to__application?.__id;
        const role = access.application_membership_role[0]?.name;
        if (fleetId !== undefined && role) teamRoles.set(fleetId, [...(teamRoles.get(fleetId) ?? []), role]);
      }
      return fleets.map((f) => ({
        id: f.id,
        name: f.app_name,
        cpuArchitecture: f.is_for__device_type[0]?.is_of__cpu_architecture[0]?.slug ?? null,
        organizationId: f.organization?.__id ?? null,
        fleetRole: f.user_application_membership[0]?.application_membership_role[0]?.name ?? null,
        teamRoles: teamRoles.get(f.id) ?? [],
      }));
    },
    staleTime: 30_000,
  });
}
