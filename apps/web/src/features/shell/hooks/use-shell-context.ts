import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { deviceQuery } from '../../devices/api/devices.queries.ts';
import { fleetQuery } from '../../fleets/api/fleets.queries.ts';
import { releaseSummaryQuery } from '../../release-detail/api/release-detail.queries.ts';
import { memberQuery, memberUsername } from '../../members/api/members.queries.ts';
import { organizationQuery } from '../../organizations/api/organizations.queries.ts';
import { teamQuery } from '../../teams/api/teams.queries.ts';
import type { BreadcrumbNames } from '../breadcrumbs.ts';
import { sidebarContext, type SidebarContext } from '../sidebar-entries.ts';

export interface ShellContext {
  context: SidebarContext;
  /** What permission checks of the sidebar entries are scoped to. */
  scope: { fleetId?: number; organizationId?: number };
  /** Names of the organization, fleet, device, member, team and release of the page (null while loading). */
  names: BreadcrumbNames;
}

/**
 * Where the current page is (home, a fleet, a device, an organization, a member or a team) and
 * the names of those, for the sidebar and the breadcrumbs. The queries are the pages' own, so
 * the cache answers most of them.
 */
export function useShellContext(): ShellContext {
  const params = useParams({ strict: false }) as { fleetClass?: string; fleetId?: string; releaseId?: string; uuid?: string; orgId?: string; memberId?: string; teamId?: string };
  const device = useQuery({ ...deviceQuery(params.uuid ?? ''), enabled: Boolean(params.uuid) });
  const deviceFleetId = device.data?.belongs_to__application[0]?.id ?? null;
  const context = sidebarContext(params, deviceFleetId);
  const fleetId = context.kind === 'fleet' || context.kind === 'device' ? (context.fleetId ?? undefined) : undefined;
  const fleet = useQuery({ ...fleetQuery(fleetId ?? 0), enabled: fleetId !== undefined });
  const releaseId = context.kind === 'fleet' ? context.releaseId : undefined;
  const release = useQuery({ ...releaseSummaryQuery(fleetId ?? 0, releaseId ?? 0), enabled: fleetId !== undefined && releaseId !== undefined });
  const orgId = context.kind === 'organization' || context.kind === 'member' || context.kind === 'team' ? context.orgId : undefined;
  const organization = useQuery({ ...organizationQuery(orgId ?? 0), enabled: orgId !== undefined });
  const member = useQuery({ ...memberQuery(orgId ?? 0, context.kind === 'member' ? context.memberId : 0), enabled: context.kind === 'member' });
  const team = useQuery({ ...teamQuery(orgId ?? 0, context.kind === 'team' ? context.teamId : 0), enabled: context.kind === 'team' });
  return {
    context,
    scope: { fleetId, organizationId: orgId ?? fleet.data?.organization[0]?.id },
    names: {
      device: device.data?.device_name ?? null,
      // On a device's pages its own read names its fleet too: a failed read of the fleet does not
      // leave the crumb at "…" for ever.
      fleet: fleet.data?.app_name ?? device.data?.belongs_to__application[0]?.app_name ?? null,
      organization: organization.data?.name ?? null,
      member: member.data ? memberUsername(member.data) : null,
      team: team.data?.name ?? null,
      release: release.data?.raw_version ?? null,
    },
  };
}
