import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { applicationTypeAvailability, type TypeChangeAvailability } from '@flotilla/core/application-type-change';
import * as application from '@flotilla/core/schemas/odata/application';
import * as applicationType from '@flotilla/core/schemas/odata/application-type';
import { expanded } from '@flotilla/core/schemas/odata/common';
import * as cpuArchitecture from '@flotilla/core/schemas/odata/cpu-architecture';
import * as deviceType from '@flotilla/core/schemas/odata/device-type';
import * as organization from '@flotilla/core/schemas/odata/organization';
import * as organizationMembership from '@flotilla/core/schemas/odata/organization-membership';
import * as organizationMembershipRole from '@flotilla/core/schemas/odata/organization-membership-role';
import * as plan from '@flotilla/core/schemas/odata/plan';
import * as release from '@flotilla/core/schemas/odata/release';
import * as subscription from '@flotilla/core/schemas/odata/subscription';
import * as userApplicationMembership from '@flotilla/core/schemas/odata/user-application-membership';
import { odataCount, odataList, odataOne } from '../../../lib/odata.ts';
import { DEFAULT_POLL_MS } from '../../../lib/query-client.ts';

/** Query keys of the fleet settings page, everything under `all`. */
export const fleetSettingsKeys = {
  all: ['fleet-settings'] as const,
  detail: (fleetId: number) => [...fleetSettingsKeys.all, 'detail', fleetId] as const,
  releases: (fleetId: number) => [...fleetSettingsKeys.all, 'releases', fleetId] as const,
  ownMembership: (userId: number, fleetId: number) => [...fleetSettingsKeys.all, 'own-membership', userId, fleetId] as const,
  transferCandidates: (userId: number, fleetName: string) => [...fleetSettingsKeys.all, 'transfer-candidates', userId, fleetName] as const,
  typeChoices: (fleetId: number | null, organizationId: number, deviceTypeId: number) =>
    [...fleetSettingsKeys.all, 'type-choices', fleetId, organizationId, deviceTypeId] as const,
  deviceTypes: () => [...fleetSettingsKeys.all, 'device-types'] as const,
};

const releaseRef = release.row.pick({ id: true, commit: true, raw_version: true });
export type ReleaseRef = z.output<typeof releaseRef>;

/** The fleet with everything its settings show (fleets spec §2 Fleet settings, §3 Application). */
const settingsRow = application.row
  .pick({
    id: true,
    app_name: true,
    slug: true,
    is_of__class: true,
    is_public: true,
    is_stored_at__repository_url: true,
    should_track_latest_release: true,
    is_accessible_by_support_until__date: true,
  })
  .extend({
    organization: expanded(organization.row.pick({ id: true, name: true })),
    is_for__device_type: expanded(
      deviceType.row.pick({ id: true, slug: true, name: true }).extend({ is_of__cpu_architecture: expanded(cpuArchitecture.row.pick({ slug: true })) }),
    ),
    application_type: expanded(applicationType.row.pick({ id: true, name: true, slug: true, is_legacy: true })),
    should_be_running__release: expanded(releaseRef),
    /** `owns__device/$count`. */
    owns__device: z.number().int(),
  });
export type FleetSettings = z.output<typeof settingsRow>;

/** One fleet's settings, or null when it is gone or not visible; polls like the fleet pages (15 s). */
export function fleetSettingsQuery(fleetId: number) {
  return queryOptions({
    queryKey: fleetSettingsKeys.detail(fleetId),
    queryFn: () =>
      odataOne(settingsRow, {
        resource: application.resource,
        id: fleetId,
        options: {
          $select: [
            'id',
            'app_name',
            'slug',
            'is_of__class',
            'is_public',
            'is_stored_at__repository_url',
            'should_track_latest_release',
            'is_accessible_by_support_until__date',
          ],
          $expand: {
            organization: { $select: ['id', 'name'] },
            is_for__device_type: { $select: ['id', 'slug', 'name'], $expand: { is_of__cpu_architecture: { $select: ['slug'] } } },
            application_type: { $select: ['id', 'name', 'slug', 'is_legacy'] },
            should_be_running__release: { $select: ['id', 'commit', 'raw_version'] },
            owns__device: { $count: {} },
          },
        },
      }),
    refetchInterval: DEFAULT_POLL_MS,
  });
}

/** The release page size (fleets spec §9). */
export const RELEASE_CHOICES_LIMIT = 50;

const releaseChoice = release.row.pick({ id: true, commit: true, raw_version: true, created_at: true, is_final: true, is_invalidated: true });
export type ReleaseChoice = z.output<typeof releaseChoice>;

/** The fleet's successful releases, newest first, that it can be pinned to (fleets spec §4 "Fleet release targeting"). */
export function fleetReleasesQuery(fleetId: number) {
  return queryOptions({
    queryKey: fleetSettingsKeys.releases(fleetId),
    queryFn: () =>
      odataList(releaseChoice, {
        resource: release.resource,
        options: {
          $select: ['id', 'commit', 'raw_version', 'created_at', 'is_final', 'is_invalidated'],
          $filter: { belongs_to__application: fleetId, status: 'success' },
          $orderby: { created_at: 'desc' },
          $top: RELEASE_CHOICES_LIMIT,
        },
      }),
    // Track-release refetch (fleets spec §9).
    refetchInterval: 15_000,
  });
}

/** How many services the fleet has: more than one needs a multicontainer application type. */
const countServices = (fleetId: number) => odataCount('service', { application: fleetId });

const appType = applicationType.row.pick({
  id: true,
  name: true,
  slug: true,
  description: true,
  supports_multicontainer: true,
  requires_payment: true,
  is_legacy: true,
  needs__os_version_range: true,
});
export type ApplicationTypeRow = z.output<typeof appType>;

/** `GET application_type` ordered by id (fleets spec §7). */
const listApplicationTypes = () =>
  odataList(appType, {
    resource: applicationType.resource,
    options: {
      $select: ['id', 'name', 'slug', 'description', 'supports_multicontainer', 'requires_payment', 'is_legacy', 'needs__os_version_range'],
      $orderby: { id: 'asc' },
    },
  });

const deviceTypeWithArch = deviceType.row.pick({ id: true, slug: true, name: true }).extend({
  is_of__cpu_architecture: expanded(cpuArchitecture.row.pick({ slug: true })),
});

/** Device types with their CPU architecture (fleets spec §7 "GET device_type; GET cpu_architecture (slug)"). */
export const deviceTypesWithArchQuery = queryOptions({
  queryKey: fleetSettingsKeys.deviceTypes(),
  queryFn: async () => {
    const rows = await odataList(deviceTypeWithArch, {
      resource: deviceType.resource,
      options: { $select: ['id', 'slug', 'name'], $expand: { is_of__cpu_architecture: { $select: ['slug'] } }, $orderby: { name: 'asc' } },
    });
    return rows.map((r) => ({ id: r.id, slug: r.slug, name: r.name, cpuArchitecture: r.is_of__cpu_architecture[0]?.slug ?? null }));
  },
  // Device types refetch: 60 s (fleets spec §9).
  refetchInterval: 60_000,
});

const hostApp = application.row.pick({ id: true }).extend({ owns__release: z.array(release.row.pick({ raw_version: true })) });

/**
 * The host OS versions published for a device type (successful releases of its host
 * applications); empty when the server has none, which then rules no application type out.
 */
async function listOsVersions(deviceTypeId: number): Promise<string[]> {
  const apps = await odataList(hostApp, {
    resource: application.resource,
    options: {
      $select: ['id'],
      $filter: { is_host: true, is_for__device_type: deviceTypeId },
      $expand: { owns__release: { $select: ['raw_version'], $filter: { status: 'success', is_final: true, is_invalidated: false } } },
    },
  });
  return apps.flatMap((a) => a.owns__release.map((r) => r.raw_version));
}

const activeSubscription = subscription.row.pick({ id: true }).extend({ is_for__plan: expanded(plan.row.pick({ billing_code: true })) });

/** Whether the organization is on a paid plan (an active subscription to a plan other than free). */
async function isOrganizationPaid(organizationId: number): Promise<boolean> {
  const rows = await odataList(activeSubscription, {
    resource: subscription.resource,
    options: {
      $select: ['id'],
      $filter: { is_for__organization: organizationId, is_active: true },
      $expand: { is_for__plan: { $select: ['billing_code'] } },
    },
  });
  const code = rows[0]?.is_for__plan[0]?.billing_code;
  return code !== undefined && code !== 'free';
}

export interface ApplicationTypeChoice {
  type: ApplicationTypeRow;
  availability: TypeChangeAvailability;
}

/**
 * The application types with their availability for this fleet (fleets spec §4): the types, the
 * organization's plan, the fleet's service count and the OS versions of its device type, read
 * together so the choices appear at once, complete. With `id: null` (a fleet being created, in
 * the create dialog) there are no services yet.
 */
export function applicationTypeChoicesQuery(fleet: { id: number | null; organizationId: number; deviceTypeId: number }) {
  return queryOptions({
    queryKey: fleetSettingsKeys.typeChoices(fleet.id, fleet.organizationId, fleet.deviceTypeId),
    queryFn: async (): Promise<ApplicationTypeChoice[]> => {
      const [types, isPaidOrganization, services, osVersions] = await Promise.all([
        listApplicationTypes(),
        isOrganizationPaid(fleet.organizationId),
        fleet.id === null ? 0 : countServices(fleet.id),
        listOsVersions(fleet.deviceTypeId),
      ]);
      const context = { isPaidOrganization, needsMulticontainer: services > 1, osVersions };
      return types.map((type) => ({ type, availability: applicationTypeAvailability(type, context) }));
    },
  });
}

const ownMembership = userApplicationMembership.row.pick({ id: true });

/** The user's own fleet membership, or null when their access comes only from the organization or a team. */
export function ownFleetMembershipQuery(userId: number, fleetId: number) {
  return queryOptions({
    queryKey: fleetSettingsKeys.ownMembership(userId, fleetId),
    queryFn: async () => {
      const rows = await odataList(ownMembership, {
        resource: userApplicationMembership.resource,
        options: { $select: ['id'], $filter: { user: userId, is_member_of__application: fleetId } },
      });
      return rows[0] ?? null;
    },
  });
}

const membershipWithOrg = organizationMembership.row.pick({ id: true }).extend({
  is_member_of__organization: expanded(organization.row.pick({ id: true, name: true })),
  organization_membership_role: expanded(organizationMembershipRole.row.pick({ name: true })),
});
const sameNamed = application.row.pick({ id: true, organization: true });

export interface TransferCandidateRow {
  id: number;
  name: string;
  role: string;
  applicationNames: string[];
}

/**
 * The user's organizations with their role and, per organization, whether a fleet, app or block
 * of the same name (case-insensitive) is already there: the transfer targets' inputs (fleets spec §5).
 */
export function transferCandidatesQuery(userId: number, fleetName: string) {
  return queryOptions({
    queryKey: fleetSettingsKeys.transferCandidates(userId, fleetName),
    queryFn: async (): Promise<TransferCandidateRow[]> => {
      const memberships = await odataList(membershipWithOrg, {
        resource: organizationMembership.resource,
        options: {
          $select: ['id'],
          $filter: { user: userId },
          $expand: { is_member_of__organization: { $select: ['id', 'name'] }, organization_membership_role: { $select: ['name'] } },
        },
      });
      const orgs = memberships.flatMap((m) => {
        const org = m.is_member_of__organization[0];
        return org ? [{ id: org.id, name: org.name, role: m.organization_membership_role[0]?.name ?? 'member' }] : [];
      });
      if (orgs.length === 0) return [];
      const clashes = await odataList(sameNamed, {
        resource: application.resource,
        options: {
          $select: ['id', 'organization'],
          $filter: { organization: { $in: orgs.map((o) => o.id) }, $eq: [{ $tolower: { $: 'app_name' } }, fleetName.toLowerCase()] },
        },
      });
      const clashing = new Set(clashes.map((c) => c.organization?.__id));
      return orgs.map((o) => ({ ...o, applicationNames: clashing.has(o.id) ? [fleetName] : [] }));
    },
  });
}
